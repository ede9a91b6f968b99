import { describe, expect, it } from 'vitest';
import { LEVELS, compareLevels, levelFromText, levelGroup } from './levels.ts';

describe('levels', () => {
  it('orders levels as the spec does', () => {
    expect(compareLevels('Bronze', 'Silver')).toBeLessThan(0);
    expect(compareLevels('Championship', 'Open')).toBeGreaterThan(0);
    expect(compareLevels('Gold', 'Gold')).toBe(0);
    expect(LEVELS[0]).toBe('Beginner');
    expect(LEVELS.at(-1)).toBe('Championship');
  });

  it.each([
    ['Newcomer Standard', 'Newcomer'],
    ['BRONZE LATIN (C/R/S)', 'Bronze'],
    ['Silver Smooth', 'Silver'],
    ['Gold Rhythm', 'Gold'],
    ['Syllabus Nightclub', 'Syllabus'],
    ['Novice Standard', 'Novice'],
    ['Pre-Champ Latin', 'Prechamp'],
    ['Pre Champ Latin', 'Prechamp'],
    ['Prechamp Standard', 'Prechamp'],
    ['Championship Smooth', 'Championship'],
    ['Champ Rhythm', 'Championship'],
    ['Salsa Shines', 'Bronze'],
    ['', 'Bronze'],
  ])('level of "%s" is %s', (text, level) => {
    expect(levelFromText(text)).toBe(level);
  });

  it('groups levels', () => {
    expect(levelGroup('Gold')).toBe('Syllabus');
    expect(levelGroup('Syllabus')).toBe('Syllabus');
    expect(levelGroup('Prechamp')).toBe('Open');
    expect(levelGroup('Amateur')).toBe('Open');
    expect(levelGroup('Beginner')).toBeNull();
    expect(levelGroup('Advanced')).toBeNull();
  });
});
