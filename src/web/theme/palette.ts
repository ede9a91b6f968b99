/**
 * A 10-shade Mantine palette from one brand colour. The competition's own colour sits at shade 6
 * (Mantine's default primary shade), lighter shades mix it with white, darker ones with black.
 * The mix ratios follow Mantine's default blue closely enough that components look as designed.
 */
export type Palette = [string, string, string, string, string, string, string, string, string, string];

const WHITE_MIX = [0.9, 0.78, 0.6, 0.4, 0.22, 0.1] as const; // shades 0–5
const BLACK_MIX = [0.08, 0.16, 0.26] as const; // shades 7–9

export const PRIMARY_SHADE = 6;

type Rgb = [number, number, number];

export function parseHex(hex: string): Rgb | null {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return null;
  const n = parseInt(m[1]!, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex([r, g, b]: Rgb): string {
  return '#' + [r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('');
}

function mix(a: Rgb, b: Rgb, amountOfB: number): Rgb {
  return [0, 1, 2].map((i) => a[i]! + (b[i]! - a[i]!) * amountOfB) as Rgb;
}

export function paletteFromHex(hex: string): Palette | null {
  const base = parseHex(hex);
  if (!base) return null;
  const lighter = WHITE_MIX.map((w) => toHex(mix(base, [255, 255, 255], w)));
  const darker = BLACK_MIX.map((k) => toHex(mix(base, [0, 0, 0], k)));
  return [...lighter, toHex(base), ...darker] as Palette;
}

/** WCAG relative luminance of a hex colour (0 = black, 1 = white). */
export function luminance(hex: string): number {
  const rgb = parseHex(hex);
  if (!rgb) return 0;
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * The colour for text links on a white page: the brand shade when it is readable (WCAG AA, 4.5:1),
 * otherwise the first darker shade that is, otherwise the brand colour darkened until it is. A pale
 * brand colour (yellow, light pink) still gives readable links.
 */
export function readableOnWhite(palette: Palette): string {
  for (let i = PRIMARY_SHADE; i < palette.length; i++) {
    if (contrastRatio(palette[i]!, '#ffffff') >= 4.5) return palette[i]!;
  }
  const base = parseHex(palette[PRIMARY_SHADE])!;
  for (let k = 0.3; k < 1; k += 0.05) {
    const candidate = toHex(mix(base, [0, 0, 0], k));
    if (contrastRatio(candidate, '#ffffff') >= 4.5) return candidate;
  }
  return '#000000';
}

/** Black or white, whichever reads better on the given background. */
export function textOn(background: string): '#000000' | '#ffffff' {
  return contrastRatio(background, '#ffffff') >= contrastRatio(background, '#000000') ? '#ffffff' : '#000000';
}
