import { describe, expect, it } from 'vitest';
import {
  checkEntries,
  mergePlacedOut,
  nextLeadNumber,
  parsePlacedOut,
  problemsStatus,
  type RuleEvent,
} from './registrationRules.ts';
import { TEAMS, OTHER_TEAM } from './teams.ts';

const events = new Map<string, RuleEvent>([
  ['bronze-latin', { key: 'bronze-latin', name: 'Bronze Latin', style: 'Latin', level: 'Bronze' }],
  ['silver-latin', { key: 'silver-latin', name: 'Silver Latin', style: 'Latin', level: 'Silver' }],
  ['gold-standard', { key: 'gold-standard', name: 'Gold Standard', style: 'Standard', level: 'Gold' }],
]);
const ana = { name: 'Ana Lopez', placedOut: {} };
const ben = { name: 'Ben Okafor', placedOut: {} };

describe('entry rules', () => {
  it('allows a fresh couple into known events', () => {
    expect(
      checkEntries({
        eventKeys: ['bronze-latin', 'gold-standard'],
        events,
        existing: [],
        lead: ben,
        follow: ana,
      }),
    ).toEqual([]);
  });

  it('refuses the same pair in either order, an unknown event and an event named twice', () => {
    const problems = checkEntries({
      eventKeys: ['bronze-latin', 'tango-x', 'gold-standard', 'gold-standard'],
      events,
      existing: [{ eventKey: 'bronze-latin', leadName: 'ana lopez ', followName: 'BEN OKAFOR' }],
      lead: ben,
      follow: ana,
    });
    expect(problems.map((p) => p.code)).toEqual(['duplicate_pair', 'unknown_event', 'repeated_event']);
    expect(problems[0]!.message).toBe('Ben Okafor and Ana Lopez are already entered in Bronze Latin.');
    expect(problemsStatus(problems)).toBe(400);
    expect(problemsStatus(problems.slice(0, 1))).toBe(409);
  });

  it('refuses a level at or below what a dancer placed out of, naming the dancer', () => {
    const problems = checkEntries({
      eventKeys: ['bronze-latin', 'silver-latin', 'gold-standard'],
      events,
      existing: [],
      lead: ben,
      follow: { name: 'Ana Lopez', placedOut: { Latin: 'Bronze' } },
    });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ code: 'not_eligible', eventKey: 'bronze-latin' });
    expect(problems[0]!.message).toContain('Ana Lopez has placed out of Bronze Latin');
    expect(problemsStatus(problems)).toBe(422);
  });

  it('keeps the highest placed-out level per style and reads only known styles and levels', () => {
    expect(mergePlacedOut({ Latin: 'Silver' }, { Latin: 'Bronze', Standard: 'Gold' })).toEqual({
      Latin: 'Silver',
      Standard: 'Gold',
    });
    expect(parsePlacedOut('{"Latin":"Gold","Zumba":"Gold","Smooth":"Expert"}')).toEqual({ Latin: 'Gold' });
    expect(parsePlacedOut('not json')).toEqual({});
  });

  it('numbers leads from 100 in order, skipping numbers already worn', () => {
    expect(nextLeadNumber([], new Set())).toBe(100);
    expect(nextLeadNumber([100, 101, 147], new Set([100, 101, 147]))).toBe(148);
    expect(nextLeadNumber([998], new Set([998, 999]))).toBe(1000);
  });

  it('offers about 90 distinct teams ending with Other', () => {
    expect(TEAMS.length).toBeGreaterThanOrEqual(85);
    expect(new Set(TEAMS).size).toBe(TEAMS.length);
    expect(TEAMS.at(-1)).toBe(OTHER_TEAM);
  });
});
