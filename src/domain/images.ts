/**
 * Which images a page may show, as plain values: the public pages check a photo address with these
 * and must not pull the Zod schemas (schemas/images.ts) into their bundle.
 */

/** Largest image an organizer may upload (a photo for a person's card; bigger ones are refused). */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/** An image address the site serves itself (what an upload answered). */
export const OWN_IMAGE_PATH = /^\/api\/v1\/competitions\/[a-z0-9-]+\/images\/\d+-[A-Za-z0-9_-]+$/;

/**
 * Whether a page may show `url` as an image: only what Promenade serves itself. A photo link to another
 * host (set before uploads existed) is never loaded by a visitor's browser; the admin screens show it
 * as a link to replace.
 */
export const isOwnImage = (url: string | null | undefined): boolean => !!url && OWN_IMAGE_PATH.test(url);
