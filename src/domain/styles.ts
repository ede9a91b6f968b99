/**
 * Dance styles and their dances (spec §9; Smooth from domain.md).
 * Dances within a style are listed in the order they are danced at a competition.
 */
export const STYLES = ['Standard', 'Latin', 'Smooth', 'Rhythm', 'Nightclub'] as const;
export type Style = (typeof STYLES)[number];

export const DANCES_BY_STYLE: Record<Style, readonly string[]> = {
  Standard: ['Waltz', 'Tango', 'Viennese Waltz', 'Foxtrot', 'Quickstep'],
  Latin: ['ChaCha', 'Samba', 'Rumba', 'Paso Doble', 'Jive'],
  Smooth: ['Waltz', 'Tango', 'Foxtrot', 'Viennese Waltz'],
  Rhythm: ['ChaCha', 'Rumba', 'Swing', 'Bolero', 'Mambo'],
  Nightclub: ['Salsa', 'Bachata', 'West Coast Swing', 'Night Club Two Step', 'Merengue', 'Argentine Tango'],
};

/**
 * Every dance once, in the order used to sort dance lists across styles, then the two schedule items
 * that are not dances. Smooth shares its dance names with Standard; use `sortDances(d, 'Smooth')` when
 * the style is known, since Smooth dances Foxtrot before Viennese Waltz.
 */
export const DANCE_ORDER: readonly string[] = [
  ...new Set([
    ...DANCES_BY_STYLE.Standard,
    ...DANCES_BY_STYLE.Latin,
    ...DANCES_BY_STYLE.Rhythm,
    ...DANCES_BY_STYLE.Nightclub,
  ]),
  'Awards',
  'Break',
];

export function isStyle(value: unknown): value is Style {
  return typeof value === 'string' && (STYLES as readonly string[]).includes(value);
}

export function isDanceOfStyle(style: Style, dance: string): boolean {
  return DANCES_BY_STYLE[style].includes(dance);
}

/**
 * Sorts dances into their danced order (the style's own order when a style is given). Unknown names
 * keep their relative order after the known ones. Returns a new array.
 */
export function sortDances(dances: readonly string[], style?: Style): string[] {
  const order = style ? [...DANCES_BY_STYLE[style], 'Awards', 'Break'] : DANCE_ORDER;
  const rank = (d: string): number => {
    const i = order.indexOf(d);
    return i === -1 ? order.length : i;
  };
  return dances
    .map((d, i) => ({ d, i }))
    .sort((a, b) => rank(a.d) - rank(b.d) || a.i - b.i)
    .map((x) => x.d);
}
