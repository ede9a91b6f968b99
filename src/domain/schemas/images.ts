import { z } from 'zod';

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
