import { describe, expect, it } from 'vitest';
import {
  byNumber,
  findCoupleRounds,
  otherRoundsOfEvent,
  parseCoupleNumber,
  publicStateLabel,
  scrollTarget,
  spansDays,
  startTime,
  STATE,
  type EventEntries,
  type LiveItem,
} from './liveLogic.ts';

function item(over: Partial<LiveItem> & { roundId: string; scheduleIndex: number }): LiveItem {
  return {
    eventKey: over.roundId.replace(/-R\d+$/, ''),
    eventName: 'Bronze Waltz',
    level: 'Bronze',
    kind: 'round',
    roundNumber: 1,
    roundName: 'Final',
    roundStartTime: null,
    roundState: STATE.Initialized,
    couples: 0,
    startedAt: null,
    endedAt: null,
    estimatedStart: null,
    minutesLate: null,
    ...over,
  };
}

const day = [
  item({ roundId: 'a-R1', scheduleIndex: 1, roundState: STATE.Posted }),
  item({ roundId: 'b-R1', scheduleIndex: 2, roundState: STATE.Marked }),
  item({ roundId: 'a-R2', scheduleIndex: 3, roundState: STATE.Running }),
  item({ roundId: 'c-R1', scheduleIndex: 4, roundState: STATE.Running }),
  item({ roundId: 'b-R2', scheduleIndex: 6, roundState: STATE.Initialized }),
  item({ roundId: 'a-R3', scheduleIndex: 7, roundState: STATE.Empty }),
];

describe('scrollTarget', () => {
  it('is the first running round by schedule index when the organizers set no index', () => {
    expect(scrollTarget([...day].reverse(), 0)?.roundId).toBe('a-R2');
  });

  it('is the round at liveScrollRefreshIndex, or the first after it, when set', () => {
    expect(scrollTarget(day, 2)?.roundId).toBe('b-R1');
    expect(scrollTarget(day, 5)?.roundId).toBe('b-R2');
  });

  it('falls back to the current round when the index is past the end', () => {
    expect(scrollTarget(day, 99)?.roundId).toBe('a-R2');
  });

  it('after a post, is the next round still to come, not an Awards the day passed', () => {
    const afterPost = [
      item({ roundId: 'awards-R1', scheduleIndex: 1, kind: 'Awards' }),
      item({ roundId: 'a-R1', scheduleIndex: 2, roundState: STATE.Posted }),
      item({ roundId: 'b-R1', scheduleIndex: 3, roundState: STATE.Initialized }),
      item({ roundId: 'a-R2', scheduleIndex: 4, roundState: STATE.Empty, couples: 7 }),
    ];
    expect(scrollTarget(afterPost, 0)?.roundId).toBe('b-R1');
  });

  it('is the next round to come when nothing runs, and none when the day is done', () => {
    const quiet = day.filter((i) => i.roundState !== STATE.Running);
    expect(scrollTarget(quiet, 0)?.roundId).toBe('b-R2');
    expect(scrollTarget(quiet.slice(0, 2), 0)).toBeNull();
    expect(scrollTarget([], 0)).toBeNull();
  });
});

describe('otherRoundsOfEvent', () => {
  it("marks the current round's event's other rounds, not the round itself", () => {
    const current = scrollTarget(day, 0);
    expect([...otherRoundsOfEvent(day, current)].sort()).toEqual(['a-R1', 'a-R3']);
    expect(otherRoundsOfEvent(day, null).size).toBe(0);
  });
});

describe('couple search', () => {
  const events: EventEntries[] = [
    {
      key: 'bronze-waltz',
      name: 'Bronze Waltz',
      entries: [
        { leadNumber: 12, leadName: 'Ann Lee', followName: 'Bo Park' },
        { leadNumber: 14, leadName: 'Cy Dunn', followName: 'Di Roe' },
      ],
      rounds: [
        {
          roundId: 'bronze-waltz-R1',
          roundState: STATE.Posted,
          entries: [{ leadNumber: 12 }, { leadNumber: 14 }],
        },
        // Semi-final danced without 12: they were not recalled to it.
        { roundId: 'bronze-waltz-R2', roundState: STATE.Running, entries: [{ leadNumber: 14 }] },
        { roundId: 'bronze-waltz-R3', roundState: STATE.Initialized, entries: [] },
      ],
    },
    {
      key: 'silver-tango',
      name: 'Silver Tango',
      entries: [{ leadNumber: 12, leadName: 'Ann Lee', followName: 'Bo Park', scratched: true }],
      rounds: [{ roundId: 'silver-tango-R1', roundState: STATE.Initialized, entries: [] }],
    },
    {
      key: 'gold-foxtrot',
      name: 'Gold Foxtrot',
      entries: [{ leadNumber: 14, leadName: 'Cy Dunn', followName: 'Di Roe' }],
      rounds: [{ roundId: 'gold-foxtrot-R1', roundState: STATE.Initialized, entries: [] }],
    },
  ];

  it("finds the couple's rounds: those they dance in, and rounds of their events not filled yet", () => {
    const found = findCoupleRounds(events, 14);
    expect(found.names).toBe('Cy Dunn & Di Roe');
    expect([...found.events]).toEqual(['bronze-waltz', 'gold-foxtrot']);
    expect([...found.rounds]).toEqual([
      'bronze-waltz-R1',
      'bronze-waltz-R2',
      'bronze-waltz-R3',
      'gold-foxtrot-R1',
    ]);
  });

  it('leaves out rounds a couple was not recalled to, and events they scratched from', () => {
    expect([...findCoupleRounds(events, 12).rounds]).toEqual(['bronze-waltz-R1', 'bronze-waltz-R3']);
  });

  it('finds nothing for a number nobody has', () => {
    const found = findCoupleRounds(events, 99);
    expect(found.names).toBeNull();
    expect(found.rounds.size).toBe(0);
  });

  it('reads a couple number from what was typed', () => {
    expect(parseCoupleNumber(' 112 ')).toBe(112);
    expect(parseCoupleNumber('')).toBeNull();
    expect(parseCoupleNumber('12a')).toBeNull();
    expect(parseCoupleNumber('0')).toBeNull();
    expect(parseCoupleNumber('-3')).toBeNull();
  });
});

describe('startTime', () => {
  const ny = 'America/New_York';
  it('shows the actual start once the round started', () => {
    const t = startTime(
      item({
        roundId: 'a-R1',
        scheduleIndex: 1,
        startedAt: '2026-11-21T14:32:00Z',
        estimatedStart: '2026-11-21T14:32:00Z',
      }),
      ny,
      false,
      '12h',
    );
    expect(t).toEqual({
      kind: 'started',
      day: null,
      time: '9:32 AM',
      instant: '2026-11-21T14:32:00Z',
      label: 'Started 9:32 AM',
      late: false,
      lateWords: null,
    });
  });

  it('shows when a round that ended was danced', () => {
    const t = startTime(
      item({
        roundId: 'a-R1',
        scheduleIndex: 1,
        roundState: STATE.Posted,
        startedAt: '2026-11-21T14:32:00Z',
        endedAt: '2026-11-21T14:40:00Z',
        minutesLate: 12,
      }),
      ny,
      false,
      '12h',
    );
    expect(t).toMatchObject({ kind: 'danced', time: '9:32 AM', label: 'Danced 9:32 AM', late: false });
  });

  it('says "running 12 min late" for an estimate well behind its time, not for a minute or two', () => {
    const estimate = { roundId: 'a-R1', scheduleIndex: 1, estimatedStart: '2026-11-21T20:45:00Z' };
    expect(startTime(item({ ...estimate, minutesLate: 12 }), ny, false, '12h')).toMatchObject({
      kind: 'estimated',
      label: 'About 3:45 PM · running 12 min late',
      late: true,
      lateWords: 'running 12 min late',
    });
    expect(startTime(item({ ...estimate, minutesLate: 2 }), ny, false, '12h')).toMatchObject({
      label: 'About 3:45 PM',
      late: false,
    });
  });

  it('shows a set start time as set, and an estimate as an estimate', () => {
    const set = item({
      roundId: 'a-R1',
      scheduleIndex: 1,
      roundStartTime: '2026-11-21T15:00:00Z',
      estimatedStart: '2026-11-21T15:00:00Z',
    });
    expect(startTime(set, ny, false, '12h')).toMatchObject({ kind: 'scheduled', time: '10:00 AM' });
    const late = { ...set, estimatedStart: '2026-11-21T15:20:00Z' };
    expect(startTime(late, ny, false, '12h')).toMatchObject({
      kind: 'estimated',
      time: '10:20 AM',
      label: 'About 10:20 AM',
    });
  });

  it('adds the day when the competition spans days, in its own time zone', () => {
    // 01:30 UTC on Sunday is still Saturday evening in New York.
    const evening = item({ roundId: 'a-R1', scheduleIndex: 1, estimatedStart: '2026-11-22T01:30:00Z' });
    expect(startTime(evening, ny, true, '12h')).toMatchObject({
      day: 'Sat',
      time: '8:30 PM',
      label: 'About Sat 8:30 PM',
    });
    // On the 24-hour clock when the competition chose it.
    expect(startTime(evening, ny, true, '24h')).toMatchObject({ time: '20:30', label: 'About Sat 20:30' });
  });

  it('says TBA when nothing is known, and for a skipped round', () => {
    expect(startTime(item({ roundId: 'a-R1', scheduleIndex: 1 }), ny, true, '24h')).toMatchObject({
      kind: 'tba',
      time: 'TBA',
    });
    const skipped = item({
      roundId: 'a-R1',
      scheduleIndex: 1,
      roundState: STATE.Skipped,
      roundStartTime: '2026-11-21T15:00:00Z',
    });
    expect(startTime(skipped, ny, false, '24h').time).toBe('TBA');
  });
});

describe('publicStateLabel', () => {
  it('says an Empty round with its recalled couples is coming up, not waiting for couples', () => {
    expect(publicStateLabel({ roundState: STATE.Empty, couples: 7 })).toBe('Coming up');
    expect(publicStateLabel({ roundState: STATE.Empty, couples: 0 })).toBe('Waiting for couples');
    expect(publicStateLabel({ roundState: STATE.Running, couples: 7 })).toBe('On the floor');
  });
});

describe('small words', () => {
  it('orders couple numbers as numbers and tells a competition of several days', () => {
    expect(['112', '7', '35'].sort(byNumber)).toEqual(['7', '35', '112']);
    expect(spansDays('2026-11-21', '2026-11-22')).toBe(true);
    expect(spansDays('2026-11-21', '2026-11-21')).toBe(false);
  });
});
