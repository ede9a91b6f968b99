import { describe, expect, it } from 'vitest';
import { findConflicts, possibleCouples, type SchedulePerson, type TimedRound } from './scheduleConflicts.ts';
import { RoundState } from './rounds/state.ts';

const at = (hhmm: string) => Date.parse(`2026-11-28T${hhmm}:00Z`);
const round = (roundId: string, eventKey: string, from: string, to: string): TimedRound => ({
  roundId,
  eventKey,
  start: at(from),
  end: at(to),
});
const ana: SchedulePerson = { key: 'p1', name: 'Ana Lopez' };
const ben: SchedulePerson = { key: 'p2', name: 'Ben Okafor' };
const cara: SchedulePerson = { key: 'p3', name: 'Cara Wu' };
/** Who dances in each round, round by round. */
const dancersIn = (byRound: Record<string, SchedulePerson[]>) => new Map(Object.entries(byRound));
/** The conflict findConflicts reports for one person between two rounds. */
const conflict = (person: SchedulePerson, kind: 'overlap' | 'rest', rounds: string[], minutes: number) => ({
  personKey: person.key,
  personName: person.name,
  kind,
  rounds,
  minutes,
});

describe('findConflicts (overlap, minimum rest)', () => {
  it('a person in two rounds at once on two floors is an overlap, by the minutes both run', () => {
    const rounds = [
      round('waltz-R1', 'waltz', '10:00', '10:20'),
      round('rumba-R1', 'rumba', '10:15', '10:30'),
    ];
    // Ana leads in the Waltz with Ben and follows in the Rumba with another partner.
    const people = dancersIn({ 'waltz-R1': [ana, ben], 'rumba-R1': [cara, ana] });
    expect(findConflicts(rounds, people, 0)).toEqual([conflict(ana, 'overlap', ['waltz-R1', 'rumba-R1'], 5)]);
  });

  it('less rest than the minimum is a rest conflict, by the minutes missing; exactly the minimum is not', () => {
    const rounds = [
      round('waltz-F', 'waltz', '10:00', '10:20'),
      round('tango-R1', 'tango', '10:32', '10:50'),
      round('rumba-R1', 'rumba', '11:20', '11:40'),
    ];
    const people = dancersIn({ 'waltz-F': [ana], 'tango-R1': [ana], 'rumba-R1': [ana] });
    // 12 minutes after the Waltz (18 short of 30); 30 minutes after the Tango (enough).
    expect(findConflicts(rounds, people, 30)).toEqual([conflict(ana, 'rest', ['waltz-F', 'tango-R1'], 18)]);
    expect(findConflicts(rounds, people, 0)).toEqual([]);
  });

  it('rounds of one event never conflict, and a round with no time yet cannot', () => {
    const rounds: TimedRound[] = [
      round('waltz-R1', 'waltz', '10:00', '10:20'),
      round('waltz-F', 'waltz', '10:21', '10:40'),
      { roundId: 'tango-R1', eventKey: 'tango', start: null, end: null },
    ];
    const people = dancersIn({ 'waltz-R1': [ana], 'waltz-F': [ana], 'tango-R1': [ana] });
    expect(findConflicts(rounds, people, 30)).toEqual([]);
  });

  it('lists every pair once per person, earliest first, and each person on their own', () => {
    const rounds = [
      round('a', 'A', '10:00', '10:30'),
      round('b', 'B', '10:10', '10:20'),
      round('c', 'C', '10:25', '10:40'),
    ];
    const people = dancersIn({ a: [ana, ben], b: [ana], c: [ana, ben] });
    expect(
      findConflicts(rounds, people, 10).map((c) => [c.personName, c.kind, c.rounds.join('+'), c.minutes]),
    ).toEqual([
      ['Ana Lopez', 'overlap', 'a+b', 10],
      ['Ana Lopez', 'overlap', 'a+c', 5],
      ['Ben Okafor', 'overlap', 'a+c', 5],
      ['Ana Lopez', 'rest', 'b+c', 5],
    ]);
  });

  it('answers a 1,000-entry, 120-round day quickly', () => {
    const rounds: TimedRound[] = [];
    const people = new Map<string, SchedulePerson[]>();
    for (let i = 0; i < 120; i++) {
      const start = Date.parse('2026-11-28T08:00:00Z') + i * 6 * 60_000;
      rounds.push({ roundId: `r${i}`, eventKey: `e${i % 40}`, start, end: start + 8 * 60_000 });
      people.set(
        `r${i}`,
        Array.from({ length: 50 }, (_, k) => {
          const p = (i * 7 + k) % 1000; // neighbouring rounds share dancers
          return { key: `p${p}`, name: `Dancer ${p}` };
        }),
      );
    }
    const t0 = performance.now();
    const found = findConflicts(rounds, people, 20);
    // A pathology bound: comparing every pair of dancers' rounds would take minutes here.
    expect(performance.now() - t0).toBeLessThan(10_000);
    expect(found.length).toBeGreaterThan(0);
  });
});

describe('possibleCouples (a later round counts every couple that could still be in it)', () => {
  const entries = [
    { couple: '101', scratched: false, joinsRound: null, outFrom: null },
    { couple: '102', scratched: false, joinsRound: null, outFrom: null },
    { couple: '103', scratched: true, joinsRound: null, outFrom: null },
    { couple: '104', scratched: false, joinsRound: null, outFrom: 2 },
    { couple: '105', scratched: false, joinsRound: 3, outFrom: null },
  ];
  const waiting = (roundId: string, roundNumber: number, extra = {}) => ({
    roundId,
    roundNumber,
    roundState: RoundState.Initialized,
    couples: [],
    ...extra,
  });

  it('first round: the entries not scratched and not joining later; later rounds: all who could be recalled, plus star couples', () => {
    const possible = possibleCouples([waiting('R1', 1), waiting('R2', 2), waiting('R3', 3)], entries);
    expect(possible.get('R1')).toEqual(['101', '102', '104']);
    // 104 is out from round 2 on; 105 joins at round 3.
    expect(possible.get('R2')).toEqual(['101', '102']);
    expect(possible.get('R3')).toEqual(['101', '102', '105']);
  });

  it('a seated round is its couples; a redance the couples of the round before; a skipped round none', () => {
    const possible = possibleCouples(
      [
        { roundId: 'R1', roundNumber: 1, roundState: RoundState.Posted, couples: ['101', '102', '104'] },
        { roundId: 'R2', roundNumber: 2, roundState: RoundState.Running, couples: ['101'] },
        waiting('RD', 3, { redance: true }),
        waiting('SK', 4, { roundState: RoundState.Skipped }),
        waiting('F', 5),
      ],
      entries,
    );
    expect(possible.get('R2')).toEqual(['101']);
    expect(possible.get('RD')).toEqual(['101']);
    expect(possible.get('SK')).toEqual([]);
    expect(possible.get('F')).toEqual(['101']);
  });
});
