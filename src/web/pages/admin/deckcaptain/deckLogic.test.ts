import { describe, expect, it } from 'vitest';
import {
  canStart,
  waitingNote,
  checkInCount,
  checkInSummary,
  coupleMatches,
  defaultRound,
  findCouples,
  findRounds,
  heatGroups,
  heatSummary,
  previousRoundName,
  withPending,
} from './deckLogic.ts';
import { couple, round } from './deckFixtures.ts';

describe('heat lists', () => {
  it('lines couples up heat by heat, by number, with the scratched couples apart at the end', () => {
    const r = round({
      heatSize: 3,
      heats: 2,
      couples: [
        couple(112, { heat: 2 }),
        couple(104, { heat: 1 }),
        couple(99, { heat: 2 }),
        couple(7, { heat: 1, scratched: true }),
        couple(110, { heat: 1 }),
        couple(101, { heat: 2 }),
      ],
    });
    expect(heatGroups(r).map((g) => [g.heat, g.couples.map((c) => c.coupleNumber)])).toEqual([
      [1, ['104', '110']],
      [2, ['99', '101', '112']],
      [null, ['7']],
    ]);
  });

  it('says how the heat size split the floor', () => {
    const couples = Array.from({ length: 12 }, (_, i) => couple(100 + i));
    expect(heatSummary(round({ heatSize: 5, heats: 3, couples }))).toBe('3 heats of at most 5 couples');
    expect(heatSummary(round({ heatSize: null, heats: 1, couples }))).toBe('One heat of 12 couples');
    // A heat size bigger than the field is one heat.
    expect(heatSummary(round({ heatSize: 20, heats: 1, couples }))).toBe('One heat of 12 couples');
  });
});

describe('check-in count', () => {
  it('counts the couples checked in among those still dancing', () => {
    const r = round({
      couples: [
        couple(1, { checkedIn: true }),
        couple(2, { checkedIn: true }),
        couple(3),
        // Scratched couples count neither way, even if they had been checked in.
        couple(4, { scratched: true, checkedIn: true }),
      ],
    });
    expect(checkInCount(r)).toEqual({ checkedIn: 2, dancing: 3 });
    expect(checkInSummary(r)).toBe('2 of 3 checked in');
  });

  it('shows a tap at once and keeps it until the server confirms', () => {
    const r = round({ couples: [couple(1), couple(2, { checkedIn: true })] });
    const shown = withPending(
      r,
      new Map([
        [1001, true],
        [1002, false],
      ]),
    );
    expect(shown.couples.map((c) => c.checkedIn)).toEqual([true, false]);
    expect(checkInSummary(shown)).toBe('1 of 2 checked in');
    // Nothing pending: the very same round (no needless re-render).
    expect(withPending(r, new Map())).toBe(r);
  });
});

describe('finding a couple', () => {
  const floor = round({
    roundState: 2,
    couples: [couple(12), couple(120), couple(112, { leadName: 'Ana Ferreira', followName: 'Joe Park' })],
  });
  const next = round({ eventKey: 'gold', eventName: 'Gold Standard', couples: [couple(12)] });

  it('finds a number exactly first, then the numbers starting with it, floor before next', () => {
    expect(
      findCouples([floor, next], '12').map((m) => `${m.round.eventKey}/${m.couple.coupleNumber}`),
    ).toEqual(['silver-std/12', 'gold/12', 'silver-std/120']);
    expect(findCouples([floor, next], '9')).toEqual([]);
  });

  it('finds names and teams by every word typed, in any case', () => {
    expect(findCouples([floor], 'ana PARK').map((m) => m.couple.coupleNumber)).toEqual(['112']);
    expect(findCouples([floor], 'hilltop').map((m) => m.couple.coupleNumber)).toEqual(['12', '120', '112']);
    expect(findCouples([floor], '   ')).toEqual([]);
  });

  it('finds rounds by every word of their event and round name, never by a couple number', () => {
    const final = round({ eventKey: 'gold', eventName: 'Gold Standard', roundName: 'Final', roundNumber: 2 });
    const key = (r: { eventKey: string; roundName: string }) => `${r.eventKey} ${r.roundName}`;
    expect(findRounds([floor, next, final], 'gold').map(key)).toEqual(['gold Semi-Final', 'gold Final']);
    expect(findRounds([floor, next, final], 'STANDARD semi').map(key)).toEqual([
      'silver-std Semi-Final',
      'gold Semi-Final',
    ]);
    expect(findRounds([floor, next, final], 'gold  semi').map(key)).toEqual(['gold Semi-Final']);
    expect(findRounds([floor, next, final], '12')).toEqual([]);
    expect(findRounds([floor, next, final], ' ')).toEqual([]);
  });

  it('highlights the couples the search matches', () => {
    expect(coupleMatches(couple(120), '12')).toBe(true);
    expect(coupleMatches(couple(212), '12')).toBe(false);
    expect(coupleMatches(couple(5, { followName: 'Joe Park' }), 'park')).toBe(true);
    expect(coupleMatches(couple(5), '')).toBe(false);
  });
});

describe('rounds', () => {
  it('starts only a waiting round that has couples to dance', () => {
    expect(canStart(round({ couples: [couple(1)] }))).toBe(true);
    expect(canStart(round({ roundState: 1, couples: [couple(1)] }))).toBe(true);
    expect(canStart(round({ roundState: 2, couples: [couple(1)] }))).toBe(false);
    expect(canStart(round({ couples: [couple(1, { scratched: true })] }))).toBe(false);
    expect(canStart(round({ couplesKnown: false }))).toBe(false);
  });

  it('does not start a round whose redance is still to be posted, and says why', () => {
    const semi = round({ couples: [couple(1)], waitingFor: ['Redance'] });
    expect(canStart(semi)).toBe(false);
    expect(waitingNote(semi)).toBe('Starts once the Redance is posted: couples join from it');
    expect(waitingNote(round({ couples: [couple(1)] }))).toBeNull();
  });

  it('names the round a later round waits for, passing over skipped rounds', () => {
    const schedule = [
      { eventKey: 'a', roundNumber: 1, roundName: 'Quarter-Final', roundState: 5 },
      { eventKey: 'a', roundNumber: 2, roundName: 'Semi-Final', roundState: 3 },
      { eventKey: 'a', roundNumber: 3, roundName: 'Final', roundState: 0 },
      { eventKey: 'b', roundNumber: 2, roundName: 'Semi-Final', roundState: 2 },
    ];
    expect(previousRoundName(schedule, { eventKey: 'a', roundNumber: 3 })).toBe('Quarter-Final');
    expect(previousRoundName(schedule, { eventKey: 'a', roundNumber: 1 })).toBeUndefined();
  });

  it('opens the first next round whose couples are known', () => {
    const waiting = round({ eventKey: 'w', couplesKnown: false });
    const ready = round({ eventKey: 'r', couples: [couple(1)] });
    const running = round({ eventKey: 'x', roundState: 2 });
    expect(defaultRound({ onFloor: [running], next: [waiting, ready] })).toEqual({
      eventKey: 'r',
      roundNumber: 1,
    });
    expect(defaultRound({ onFloor: [running], next: [] })).toEqual({ eventKey: 'x', roundNumber: 1 });
    expect(defaultRound({ onFloor: [], next: [] })).toBeNull();
  });
});
