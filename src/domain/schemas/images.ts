import { z } from 'zod';
import { LIMITS, type RuleProblem } from './common.ts';
import { IMAGE_TYPES, OWN_IMAGE_PATH } from '../images.ts';

// The plain values live in ../images.ts (no Zod, for the public pages); the server imports them here too.
export { IMAGE_TYPES, MAX_IMAGE_BYTES, OWN_IMAGE_PATH, isOwnImage } from '../images.ts';

/** POST …/images: where the stored image is served, on Promenade's own origin. */
export const imageUploaded = z.object({
  id: z.number().int(),
  url: z.string().describe('Path on this server, e.g. /api/v1/competitions/demo/images/7-k3J9…'),
  contentType: z.enum(IMAGE_TYPES),
  size: z.number().int(),
});
export type ImageUploaded = z.infer<typeof imageUploaded>;

/**
 * A person's photo: '' (none), an uploaded image, or an http(s) link kept from before uploads existed
 * (stored, never loaded by pages: see isOwnImage). Never javascript: or data:.
 */
export const photoUrl = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(LIMITS.url, { error: `${label} must be at most ${LIMITS.url} characters` })
    .refine((v) => v === '' || OWN_IMAGE_PATH.test(v) || /^https?:\/\/[^\s]+$/i.test(v), {
      error: `${label} must be an uploaded image`,
      params: { reason: 'image' } satisfies RuleProblem,
    });
