import { describe, expect, it } from 'vitest';
import type { MantineTheme } from '@mantine/core';
import { contrastRatio } from './palette.ts';
import { NEUTRAL_ACCENT, competitionTheme } from './theme.ts';

function variables(primaryColor: string | undefined) {
  const { theme, cssVariablesResolver } = competitionTheme(primaryColor);
  const resolved = cssVariablesResolver(theme as MantineTheme);
  return { theme, ...resolved.variables, ...resolved.light } as Record<string, string> & {
    theme: typeof theme;
  };
}

describe('competitionTheme', () => {
  it('makes the competition colour the primary colour at the primary shade', () => {
    const { theme } = competitionTheme('#0b7285');
    expect(theme.primaryColor).toBe('brand');
    expect(theme.colors?.brand?.[theme.primaryShade as number]).toBe('#0b7285');
  });

  it('falls back to a neutral accent while the colour is unknown or invalid', () => {
    expect(variables(undefined)['--promenade-accent']).toBe(NEUTRAL_ACCENT);
    expect(variables('red')['--promenade-accent']).toBe(NEUTRAL_ACCENT);
  });

  it.each(['#0b7285', '#c2255c', '#ffd43b', '#f8f9fa', '#000000'])(
    'keeps top-bar text, the button label and links readable for %s',
    (color) => {
      const v = variables(color);
      expect(contrastRatio(v['--promenade-on-accent']!, v['--promenade-accent']!)).toBeGreaterThanOrEqual(
        4.5,
      );
      expect(contrastRatio(v['--promenade-cta-fg']!, v['--promenade-cta-bg']!)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(v['--mantine-color-anchor']!, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    },
  );
});
