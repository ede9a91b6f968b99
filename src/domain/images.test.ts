import { describe, expect, it } from 'vitest';
import { isOwnImage } from './images.ts';

describe('isOwnImage', () => {
  it('accepts an image this server stored for a competition', () => {
    expect(isOwnImage('/api/v1/competitions/demo/images/7-k3J9_x-Y')).toBe(true);
  });

  it('refuses a link to another host, an empty value and an address outside the images route', () => {
    expect(isOwnImage('https://example.com/photo.jpg')).toBe(false);
    expect(isOwnImage('')).toBe(false);
    expect(isOwnImage(null)).toBe(false);
    expect(isOwnImage(undefined)).toBe(false);
    expect(isOwnImage('/api/v1/competitions/demo/images/7-k3J9/../../secrets')).toBe(false);
    expect(isOwnImage('//evil.example/api/v1/competitions/demo/images/7-k3J9')).toBe(false);
  });
});
