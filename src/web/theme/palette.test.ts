import { describe, expect, it } from 'vitest';
import { contrastRatio, luminance, paletteFromHex, readableOnWhite, textOn } from './palette.ts';

describe('paletteFromHex', () => {
  it('keeps the competition colour exactly at the primary shade (6)', () => {
    const palette = paletteFromHex('#1C7ED6');
    expect(palette).toHaveLength(10);
    expect(palette![6]).toBe('#1c7ed6');
  });

  it('goes from nearly white to darker than the brand colour, one step at a time', () => {
    const palette = paletteFromHex('#c2255c')!;
    const lums = palette.map(luminance);
    for (let i = 1; i < lums.length; i++) expect(lums[i]!).toBeLessThan(lums[i - 1]!);
    expect(lums[0]!).toBeGreaterThan(0.8);
    expect(palette.every((c) => /^#[0-9a-f]{6}$/.test(c))).toBe(true);
  });

  it('refuses what is not a 6-digit hex colour', () => {
    expect(paletteFromHex('blue')).toBeNull();
    expect(paletteFromHex('#fff')).toBeNull();
    expect(paletteFromHex('')).toBeNull();
  });

  it('handles black and white without producing invalid colours', () => {
    expect(paletteFromHex('#000000')![9]).toBe('#000000');
    expect(paletteFromHex('#ffffff')![0]).toBe('#ffffff');
  });
});

describe('readableOnWhite', () => {
  it('uses the brand colour itself for links when it is dark enough', () => {
    expect(readableOnWhite(paletteFromHex('#1864ab')!)).toBe('#1864ab');
  });

  it('darkens a pale brand colour until links reach WCAG AA on white', () => {
    for (const pale of ['#ffd43b', '#ffff00', '#a5d8ff', '#ffffff']) {
      const link = readableOnWhite(paletteFromHex(pale)!);
      expect(contrastRatio(link, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe('textOn', () => {
  it('puts white text on dark colours and black text on light ones', () => {
    expect(textOn('#1864ab')).toBe('#ffffff');
    expect(textOn('#ffd43b')).toBe('#000000');
  });
});
