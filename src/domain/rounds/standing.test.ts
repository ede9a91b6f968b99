import { describe, expect, it } from 'vitest';
import { coupleStanding, type PostedRoundOutcome } from './standing.ts';

const semi: PostedRoundOutcome = { roundNumber: 1, kind: 'recall', recalled: ['10', '11', '12'] };
const final: PostedRoundOutcome = { roundNumber: 2, kind: 'final', places: { '10': 1, '11': 2, '12': 3 } };
const danced = (...rounds: [number, string][]) =>
  rounds.map(([roundNumber, roundName]) => ({ roundNumber, roundName }));

describe('coupleStanding', () => {
  it('is null while nothing of the event is posted', () => {
    expect(coupleStanding('10', [], danced([1, 'Semi-final']))).toBeNull();
  });

  it('gives a finalist their place, the final as the round reached and the rounds danced', () => {
    expect(coupleStanding('11', [semi, final], danced([1, 'Semi-final'], [2, 'Final']))).toEqual({
      place: 2,
      roundReached: 'Final',
      out: false,
      finalPosted: true,
      roundsDanced: 2,
    });
  });

  it('marks a couple out in the last round they danced when it did not recall them', () => {
    expect(coupleStanding('13', [semi, final], danced([1, 'Semi-final']))).toEqual({
      place: null,
      roundReached: 'Semi-final',
      out: true,
      finalPosted: true,
      roundsDanced: 2,
    });
  });

  it('is not out in a posted round that recalled them', () => {
    expect(coupleStanding('10', [semi], danced([1, 'Semi-final']))?.out).toBe(false);
  });

  it('is not out while the round they were recalled to is not posted yet', () => {
    const s = coupleStanding('10', [semi], danced([2, 'Final'], [1, 'Semi-final']));
    expect(s).toEqual({
      place: null,
      roundReached: 'Final',
      out: false,
      finalPosted: false,
      roundsDanced: null,
    });
  });
});
