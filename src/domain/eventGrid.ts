/**
 * Events built from a style × level grid with the usual dance sets. Collegiate practice:
 * syllabus levels dance a few dances, open levels the whole style; dances come in danced order.
 */
import type { Level } from './levels.ts';
import { DANCES_BY_STYLE, sortDances, type Style } from './styles.ts';

/** Which dances a style adds first as the level rises (the most common dances first). */
const DANCE_PRIORITY: Record<Style, readonly string[]> = {
  Standard: ['Waltz', 'Quickstep', 'Tango', 'Foxtrot', 'Viennese Waltz'],
  Latin: ['ChaCha', 'Rumba', 'Jive', 'Samba', 'Paso Doble'],
  Smooth: ['Waltz', 'Tango', 'Foxtrot', 'Viennese Waltz'],
  Rhythm: ['ChaCha', 'Rumba', 'Swing', 'Bolero', 'Mambo'],
  Nightclub: ['Salsa', 'Bachata', 'West Coast Swing', 'Night Club Two Step', 'Merengue', 'Argentine Tango'],
};

/** How many dances a level dances; undefined = every dance of the style. */
const DANCE_COUNT: Partial<Record<Level, number>> = {
  Beginner: 1,
  Newcomer: 2,
  Bronze: 2,
  Silver: 3,
  Gold: 4,
  Syllabus: 3,
  Advanced: 4,
};

/** The standard dance set of a level in a style, in danced order. */
export function standardDances(style: Style, level: Level): string[] {
  const count = DANCE_COUNT[level] ?? DANCES_BY_STYLE[style].length;
  return sortDances(DANCE_PRIORITY[style].slice(0, count), style);
}

const ABBREVIATIONS: Record<string, string> = {
  Waltz: 'W',
  Tango: 'T',
  'Viennese Waltz': 'V',
  Foxtrot: 'F',
  Quickstep: 'Q',
  ChaCha: 'C',
  Samba: 'S',
  Rumba: 'R',
  'Paso Doble': 'P',
  Jive: 'J',
  Swing: 'Sw',
  Bolero: 'B',
  Mambo: 'M',
  Salsa: 'Sa',
  Bachata: 'Ba',
  'West Coast Swing': 'WCS',
  'Night Club Two Step': 'NC2',
  Merengue: 'Me',
  'Argentine Tango': 'AT',
};

/**
 * The usual event name: "Bronze Latin (C/R)"; an event dancing every dance of its style has no
 * list ("Novice Standard"). `suffix` tells apart a second set (e.g. " – Day 2").
 */
export function gridEventName(style: Style, level: Level, dances: readonly string[], suffix = ''): string {
  const all = dances.length === DANCES_BY_STYLE[style].length;
  const list = all ? '' : ` (${dances.map((d) => ABBREVIATIONS[d] ?? d).join('/')})`;
  return `${level} ${style}${list}${suffix}`;
}

export interface GridEvent {
  name: string;
  style: Style;
  level: Level;
  dances: string[];
}

/** One event per chosen style × level cell, styles in the given order, levels lowest first. */
export function eventsFromGrid(cells: readonly { style: Style; level: Level }[], suffix = ''): GridEvent[] {
  return cells.map(({ style, level }) => {
    const dances = standardDances(style, level);
    return { name: gridEventName(style, level, dances, suffix), style, level, dances };
  });
}
