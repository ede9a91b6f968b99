/** Proficiency levels, lowest first (spec §4, domain.md). */
export const LEVELS = [
  'Beginner',
  'Newcomer',
  'Bronze',
  'Silver',
  'Gold',
  'Advanced',
  'Syllabus',
  'Novice',
  'Prechamp',
  'Open',
  'Championship',
] as const;
export type Level = (typeof LEVELS)[number];

export function isLevel(value: unknown): value is Level {
  return typeof value === 'string' && (LEVELS as readonly string[]).includes(value);
}

/** Negative when a is below b, 0 when equal, positive when a is above b. */
export function compareLevels(a: Level, b: Level): number {
  return LEVELS.indexOf(a) - LEVELS.indexOf(b);
}

/**
 * Words that imply a level, checked in this order (spec §5). "prechamp" is checked before "champ" so
 * that "Pre-Champ Latin" is not read as Championship; separators are removed before matching so
 * "Pre-Champ", "Pre Champ" and "Prechamp" all match.
 */
const LEVEL_WORDS: ReadonlyArray<readonly [string, Level]> = [
  ['newcomer', 'Newcomer'],
  ['bronze', 'Bronze'],
  ['silver', 'Silver'],
  ['gold', 'Gold'],
  ['syllabus', 'Syllabus'],
  ['novice', 'Novice'],
  ['prechamp', 'Prechamp'],
  ['champ', 'Championship'],
];

/** The level an event name implies, e.g. "Silver Standard (W/F)" → Silver. Default Bronze (spec §5). */
export function levelFromText(text: string): Level {
  const squashed = text.toLowerCase().replace(/[\s\-_.]+/g, '');
  for (const [word, level] of LEVEL_WORDS) {
    if (squashed.includes(word)) return level;
  }
  return 'Bronze';
}

export type LevelGroup = 'Syllabus' | 'Open';

/**
 * Level groups (spec §9). "Amateur" is not a level of its own in the ordering but event organizers use
 * it for open amateur events, so it belongs to the open group (domain.md).
 */
export const LEVEL_GROUPS: Record<LevelGroup, readonly string[]> = {
  Syllabus: ['Newcomer', 'Bronze', 'Silver', 'Gold', 'Syllabus'],
  Open: ['Novice', 'Prechamp', 'Championship', 'Open', 'Amateur'],
};

/** The group a level belongs to, or null (Beginner and Advanced are in neither). */
export function levelGroup(level: Level | 'Amateur'): LevelGroup | null {
  if (LEVEL_GROUPS.Syllabus.includes(level)) return 'Syllabus';
  if (LEVEL_GROUPS.Open.includes(level)) return 'Open';
  return null;
}
