/** Characters of an access or entry code (spec §5): uppercase letters, digits and six symbols. */
export const CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!@#$%&';
export const CODE_LENGTH = 7;

/**
 * A crypto-random code. Bytes are drawn with rejection sampling: a byte is used only when it is below
 * the largest multiple of the alphabet size (252 = 6 × 42), so every character is equally likely.
 */
export function generateCode(length: number = CODE_LENGTH): string {
  if (!Number.isInteger(length) || length < 1) throw new RangeError('code length must be a positive integer');
  const size = CODE_ALPHABET.length;
  const limit = 256 - (256 % size);
  let out = '';
  const buf = new Uint8Array(length * 2);
  while (out.length < length) {
    globalThis.crypto.getRandomValues(buf);
    for (const byte of buf) {
      if (byte >= limit) continue;
      out += CODE_ALPHABET[byte % size];
      if (out.length === length) break;
    }
  }
  return out;
}

/** True when `s` has the code's length and only code characters. */
export function isCode(s: unknown, length: number = CODE_LENGTH): s is string {
  if (typeof s !== 'string' || s.length !== length) return false;
  for (const ch of s) if (!CODE_ALPHABET.includes(ch)) return false;
  return true;
}
