import type { IMAGE_TYPES } from '../../../domain/schemas/images.ts';

type ImageType = (typeof IMAGE_TYPES)[number];

/** The type by the file's first bytes, whatever it was called or declared as. */
export function sniffImage(b: Buffer): ImageType | null {
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP')
    return 'image/webp';
  return null;
}

/** The image address an upload answered, with the competition's key and the image's id as parts. */
const IMAGE_URL = /\/api\/v1\/competitions\/[a-z0-9-]+\/images\/(\d+)-([A-Za-z0-9_-]+)/g;

/**
 * `text` with every address of an uploaded image moved to the copy of a competition: its new key and
 * the image's new id (the token stays). Addresses of images not in `ids` are left as they were.
 */
export function moveImageUrls(text: string, key: string, ids: ReadonlyMap<number, number>): string {
  return text.replace(IMAGE_URL, (url, id: string, token: string) => {
    const moved = ids.get(Number(id));
    return moved === undefined ? url : `/api/v1/competitions/${key}/images/${moved}-${token}`;
  });
}
