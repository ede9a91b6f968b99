/** A number card's QR code, printed and scanned back: the same libraries the app uses. */
import { describe, expect, it } from 'vitest';
import { QR_QUIET_ZONE, qrMatrix } from '../components/QrCode.tsx';
import { decodeQrImage, type Frame } from '../pages/admin/deckcaptain/qrScan.ts';
import { entryCodeUrl, readEntryCode, shortEntryLink } from './entryCode.ts';

/** The QR code as the printed card shows it, `scale` pixels a module, black on white. */
function picture(text: string, scale = 4): Frame {
  const m = qrMatrix(text);
  const side = (m.size + 2 * QR_QUIET_ZONE) * scale;
  const data = new Uint8ClampedArray(side * side * 4).fill(255);
  for (let y = 0; y < side; y++)
    for (let x = 0; x < side; x++) {
      const row = Math.floor(y / scale) - QR_QUIET_ZONE;
      const col = Math.floor(x / scale) - QR_QUIET_ZONE;
      if (row < 0 || col < 0 || row >= m.size || col >= m.size || !m.dark(row, col)) continue;
      const i = (y * side + x) * 4;
      data[i] = data[i + 1] = data[i + 2] = 0;
    }
  return { data, width: side, height: side };
}

describe('number card QR code', () => {
  it('prints the dancer’s page with the entry, and the scanner reads the couple back', async () => {
    const url = entryCodeUrl('https://comp.example.org', {
      competitionKey: 'vss24',
      coupleNumber: 214,
      entryId: 57,
      competitorId: 12,
    });
    expect(url).toBe('https://comp.example.org/c/vss24/competitors/12?n=214&entry=57');
    const scanned = await decodeQrImage(picture(url));
    expect(scanned).toBe(url);
    expect(readEntryCode(scanned!)).toEqual({
      competitionKey: 'vss24',
      coupleNumber: 214,
      entryId: 57,
      competitorId: 12,
    });
  });

  it('finds no code in a blank picture', async () => {
    const blank = { data: new Uint8ClampedArray(100 * 100 * 4).fill(255), width: 100, height: 100 };
    expect(await decodeQrImage(blank)).toBeNull();
  });

  it('reads a card without a competitor, any origin, and a bare number; refuses other codes', () => {
    const noPerson = entryCodeUrl('http://192.168.1.20:3000', {
      competitionKey: 'demo',
      coupleNumber: 7,
      entryId: null,
      competitorId: null,
    });
    expect(noPerson).toBe('http://192.168.1.20:3000/c/demo/competitors?n=7');
    expect(readEntryCode(noPerson)).toEqual({
      competitionKey: 'demo',
      coupleNumber: 7,
      entryId: null,
      competitorId: null,
    });
    expect(readEntryCode(' 214 ')).toEqual({
      competitionKey: null,
      coupleNumber: 214,
      entryId: null,
      competitorId: null,
    });
    for (const other of [
      'https://example.org/',
      'https://x.org/c/demo/judges/3',
      'https://x.org/c/demo/competitors/12',
      'https://x.org/c/demo/competitors/12?n=abc',
      'WIFI:S:venue;;',
      '0',
    ])
      expect(readEntryCode(other)).toBeNull();
  });

  it('prints a short link under the code: host and page, no entry', () => {
    const card = { competitionKey: 'demo', coupleNumber: 214, entryId: 77 };
    expect(shortEntryLink(entryCodeUrl('https://ballroom.example.org', { ...card, competitorId: 12 }))).toBe(
      'ballroom.example.org/c/demo/competitors/12',
    );
    // Typed by name only: no page of their own to print.
    expect(shortEntryLink(entryCodeUrl('http://10.0.0.5:3000', { ...card, competitorId: null }))).toBeNull();
  });
});
