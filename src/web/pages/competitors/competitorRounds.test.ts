import { describe, expect, it } from 'vitest';
import { scheduleItem } from '../../test/fixtures.ts';
import { competitorRounds, dancerNext, dancerNextWords } from './competitorRounds.ts';

// The running order interleaves two events: Latin QF, Standard SF, Latin SF, Awards, Standard F, Latin F.
const latin = (roundNumber: number, roundName: string, roundState = 0) =>
  scheduleItem({ eventKey: 'latin', eventName: 'Bronze Latin', roundNumber, roundName, roundState });
const standard = (roundNumber: number, roundName: string, roundState = 0) =>
  scheduleItem({ eventKey: 'std', eventName: 'Bronze Standard', roundNumber, roundName, roundState });
const schedule = [
  latin(1, 'Quarter-Final', 5),
  standard(1, 'Semi-Final', 5),
  latin(2, 'Semi-Final', 2),
  scheduleItem({ eventKey: 'awards', kind: 'Awards', roundName: 'Awards' }),
  standard(2, 'Final'),
  latin(3, 'Final'),
];
const entry = (eventKey: string, leadNumber: number, scratched = false) => ({
  eventKey,
  leadNumber,
  scratched,
  partner: { id: 9, name: `Partner in ${eventKey}` },
});
const rows = (r: ReturnType<typeof competitorRounds>) =>
  r.map((x) => `${x.item.roundId} #${x.number}${x.ifRecalled ? ' if recalled' : ''}`);

describe("a competitor's rounds", () => {
  it('lists every round of their events in the running order; later rounds only if recalled', () => {
    expect(rows(competitorRounds([entry('std', 112), entry('latin', 140)], schedule))).toEqual([
      'latin-R1 #140',
      'std-R1 #112',
      'latin-R2 #140 if recalled',
      'std-R2 #112 if recalled',
      'latin-R3 #140 if recalled',
    ]);
  });

  it('counts the rounds they are recalled to as theirs, and drops those after the round they went out in', () => {
    const results = [
      { eventKey: 'latin', roundReached: 'Semi-Final', out: false },
      { eventKey: 'std', roundReached: 'Semi-Final', out: true },
    ];
    expect(rows(competitorRounds([entry('std', 112), entry('latin', 140)], schedule, results))).toEqual([
      'latin-R1 #140',
      'std-R1 #112',
      'latin-R2 #140',
      'latin-R3 #140 if recalled',
    ]);
  });

  it('leaves out scratched entries and skipped rounds', () => {
    const skipped = [latin(1, 'Quarter-Final', 3), latin(2, 'Final')];
    expect(
      rows(
        competitorRounds(
          [entry('latin', 140), entry('std', 112, true)],
          [...skipped, ...schedule.slice(1, 2)],
        ),
      ),
    ).toEqual(['latin-R2 #140']);
  });
});

describe("a dancer's day on several floors", () => {
  const at = (hhmm: string) => `2026-11-21T${hhmm}:00.000Z`;
  const now = new Date(at('14:00'));
  // Their Standard final on Studio B comes before their Latin semi-final on the Ballroom.
  const day = [
    latin(1, 'Quarter-Final', 5),
    { ...latin(2, 'Semi-Final'), floor: 'Ballroom', estimatedStart: at('14:40') },
    { ...standard(2, 'Final'), floor: 'Studio B', estimatedStart: at('14:13') },
  ];
  const mine = competitorRounds([entry('latin', 12), entry('std', 30)], day, [
    { eventKey: 'latin', roundReached: 'Semi-Final', out: false },
    { eventKey: 'std', roundReached: 'Final', out: false },
  ]);

  it('reads in time order across floors, not in the one running order', () => {
    expect(mine.map((r) => r.item.roundId)).toEqual(['latin-R1', 'std-R2', 'latin-R2']);
  });

  it('says "on in about 15 minutes" when the next round is near, to the nearest 5', () => {
    const next = dancerNext(mine, now);
    expect(next).toMatchObject({ kind: 'soon', minutes: 15 });
    expect(dancerNextWords(next)).toBe('You are on in about 15 minutes');
    expect(dancerNextWords(dancerNext(mine, new Date(at('14:11'))))).toBe('You are on in a few minutes');
    // An hour ahead: nothing to hurry for yet.
    expect(dancerNext(mine, new Date(at('13:00'))).kind).toBe('later');
  });

  it('says they are on the floor while a round of theirs runs, and when the day is done', () => {
    const running = mine.map((r) =>
      r.item.roundId === 'std-R2' ? { ...r, item: { ...r.item, roundState: 2 } } : r,
    );
    expect(dancerNextWords(dancerNext(running, now))).toBe('You are on the floor now');
    const danced = mine.map((r) => ({ ...r, item: { ...r.item, roundState: 5 } }));
    expect(dancerNext(danced, now)).toEqual({ kind: 'done' });
  });
});
