import { z } from 'zod';
import { photoUrl } from './images.ts';
import { longText, requiredText, version } from './common.ts';
import { officialProfile, officialRole } from './competition.ts';
import { eventRef } from './parts.ts';

export const officialCreate = z
  .object({
    name: requiredText('Name'),
    role: officialRole,
    bio: longText('Bio').default(''),
    photoURL: photoUrl('Photo').default(''),
  })
  .strict();
export type OfficialCreate = z.infer<typeof officialCreate>;

export const officialPatch = officialCreate.partial().extend({ version: version.optional() }).strict();
export type OfficialPatch = z.infer<typeof officialPatch>;

/** An official as the administrators see them (never the access code's hash). */
export const official = z.object({
  id: z.number().int(),
  ...officialProfile,
  /** The judge's letter on the sheets ('' for other roles). */
  letter: z.string(),
  version: z.number().int(),
});
export type Official = z.infer<typeof official>;

/** A new access code is shown this once: when the official is added and when it is regenerated. */
export const officialAdded = official.omit({ version: true }).extend({ accessCode: z.string() });
export type OfficialAdded = z.infer<typeof officialAdded>;
export const officialWithNewCode = official.extend({ accessCode: z.string() });
export type OfficialWithNewCode = z.infer<typeof officialWithNewCode>;
/** POST …/officials/codes: every official with their new code, shown this once. */
export const officialsWithNewCodes = z.object({
  message: z.string(),
  officials: z.array(officialWithNewCode),
});
export type OfficialsWithNewCodes = z.infer<typeof officialsWithNewCodes>;

/** An event's judge panel in marking order; `isDefault`: no panel of its own, every judge marks. */
export const eventPanel = z.object({
  ...eventRef,
  isDefault: z.boolean(),
  officialIds: z.array(z.number().int()),
  letters: z.array(z.string()),
  version: z.number().int(),
});
export type EventPanel = z.infer<typeof eventPanel>;

/** DELETE …/officials/{id}: what it did, in English and as the events it touched (for the web's words). */
export const officialDeleted = z.object({
  message: z.string(),
  /** The events whose panel the official left. */
  panels: z.array(z.string()),
  /** Of those, the ones now judged by every judge (their panel was left empty). */
  emptied: z.array(z.string()),
});
