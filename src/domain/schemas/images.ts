import { z } from 'zod';
import { LIMITS } from './common.ts';

/** Largest image an organizer may upload (a photo for a person's card; bigger ones are refused). */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/** POST …/images: where the stored image is served, on Promenade's own origin. */
export const imageUploaded = z.object({
  id: z.number().int(),
  url: z.string().describe('Path on this server, e.g. /api/v1/competitions/demo/images/7-k3J9…'),
  contentType: z.enum(IMAGE_TYPES),
  size: z.number().int(),
});
export type ImageUploaded = z.infer<typeof imageUploaded>;

/** An image address the site serves itself (what an upload answered). */
export const OWN_IMAGE_PATH = /^\/api\/v1\/competitions\/[a-z0-9-]+\/images\/\d+-[A-Za-z0-9_-]+$/;

/**
 * Whether a page may show `url` as an image: only what Promenade serves itself. A photo link to another
 * host (set before uploads existed) is never loaded by a visitor's browser; the admin screens show it
 * as a link to replace.
 */
export const isOwnImage = (url: string | null | undefined): boolean => !!url && OWN_IMAGE_PATH.test(url);

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
    });
