import { createTheme, type CSSVariablesResolver, type MantineThemeOverride } from '@mantine/core';
import { PRIMARY_SHADE, paletteFromHex, readableOnWhite, textOn, type Palette } from './palette.ts';

/** A calm slate used until the competition's colour arrives (and if it is ever invalid). */
export const NEUTRAL_ACCENT = '#495057';

export interface CompetitionTheme {
  theme: MantineThemeOverride;
  cssVariablesResolver: CSSVariablesResolver;
}

/**
 * The Mantine theme for a competition: its primaryColor becomes the `brand` palette and the primary
 * colour; everything else stays neutral. Body text 16 px; tap targets are handled in the layout CSS.
 */
export function competitionTheme(primaryColor: string | undefined): CompetitionTheme {
  const palette: Palette = paletteFromHex(primaryColor ?? '') ?? paletteFromHex(NEUTRAL_ACCENT)!;
  const accent = palette[PRIMARY_SHADE];
  const link = readableOnWhite(palette);
  const theme = createTheme({
    colors: { brand: palette },
    primaryColor: 'brand',
    primaryShade: PRIMARY_SHADE,
    // Filled buttons on a pale brand colour get dark text, so labels stay readable.
    autoContrast: true,
    luminanceThreshold: 0.4,
    defaultRadius: 'md',
    headings: { fontWeight: '700' },
    cursorType: 'pointer',
  });
  const onAccent = textOn(accent);
  const cssVariablesResolver: CSSVariablesResolver = () => ({
    variables: {
      // The top bar: brand background, black or white text, and a call-to-action button in the
      // opposite colour whose label stays readable (AA) on it.
      '--promenade-accent': accent,
      '--promenade-on-accent': onAccent,
      '--promenade-cta-bg': onAccent,
      '--promenade-cta-fg': onAccent === '#ffffff' ? link : accent,
    },
    light: { '--mantine-color-anchor': link },
    dark: {},
  });
  return { theme, cssVariablesResolver };
}
