import { createTheme, type CSSVariablesResolver, type MantineThemeOverride } from '@mantine/core';
import { PRIMARY_SHADE, paletteFromHex, readableOnWhite, textOn, type Palette } from './palette.ts';

/**
 * Mantine's colours as words on white or on their own light tint (light and subtle buttons, light
 * badges and alerts, coloured text) use shade 6 or so in the light scheme: 2.8–3.6:1 for red, green,
 * orange, yellow, blue. Shade 9 darkened by 30% reads (AA, 4.5:1) on white and on the tint.
 */
const MANTINE_COLOURS = [
  'dark',
  'gray',
  'red',
  'pink',
  'grape',
  'violet',
  'indigo',
  'blue',
  'cyan',
  'teal',
  'green',
  'lime',
  'yellow',
  'orange',
] as const;
const readableTints: Record<string, string> = Object.fromEntries(
  MANTINE_COLOURS.flatMap((c) => {
    const dark = `color-mix(in srgb, var(--mantine-color-${c}-9) 70%, black)`;
    return [
      [`--mantine-color-${c}-light-color`, dark],
      [`--mantine-color-${c}-text`, dark],
    ];
  }),
);

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
    // Filled buttons and badges get white text only where white is readable (AA, 4.5:1, needs a
    // luminance under about 0.18), dark text on anything lighter: Mantine's mid blues, greens, reds
    // and oranges carry white labels below 4.5:1 otherwise.
    autoContrast: true,
    luminanceThreshold: 0.18,
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
    // Secondary ("dimmed") text stays readable (AA) on white, striped rows and tinted panels: Mantine's
    // own (gray 6 on light, dark 2 on dark) is 3.3:1 and 4.0:1. Placeholders too: Mantine's (gray 5,
    // dark 3) are 2.1:1 and 2.6:1, and some are the only words a control shows (a file input's
    // "Choose a file").
    light: {
      '--mantine-color-anchor': link,
      '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
      '--mantine-color-placeholder': 'var(--mantine-color-gray-7)',
      ...readableTints,
    },
    dark: {
      '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
      '--mantine-color-placeholder': 'var(--mantine-color-dark-1)',
    },
  });
  return { theme, cssVariablesResolver };
}
