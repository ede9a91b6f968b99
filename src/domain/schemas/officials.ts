import { z } from 'zod';
import { LIMITS, optionalUrl, requiredText } from './common.ts';
import { officialRoles } from './competition.ts';

export const officialCreate = z
  .object({
    name: requiredText('Name'),
    role: z.enum(officialRoles, { error: `Role must be one of: ${officialRoles.join(', ')}` }),
    bio: z.string().trim().max(LIMITS.mediumText, { error: 'Bio is too long' }).default(''),
    photoURL: optionalUrl('Photo URL').default(''),
  })
  .strict();
export type OfficialCreate = z.infer<typeof officialCreate>;

export const officialPatch = officialCreate
  .partial()
  .extend({ version: z.number().int().min(0).optional() })
  .strict();
export type OfficialPatch = z.infer<typeof officialPatch>;
