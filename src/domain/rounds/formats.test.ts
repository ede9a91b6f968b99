/**
 * Championship formats (docs/scrutineering-formats.md): each `describe` names the rule it checks.
 */
import { describe, expect, it } from 'vitest';
import { placeMultiDance } from '../scoring/index.ts';
import {
  addRound,
  checkRedanceAfter,
  checkStarRound,
  defaultRecallSizes,
  feedInsOf,
  firstRoundCouples,
  handOn,
  joinRedance,
  keepsLastPlace,
  nextActiveRound,
  pendingFeedIns,
  placeWithdrawnLast,
  recallSizeFor,
  redanceOf,
  REDANCE_NAME,
  RoundRuleError,
  RoundState,
  startRound,
  starsJoining,
  withoutCouples,
  type FormatEntry,
  type RoundPlan,
} from './index.ts';

const { Initialized, Running, Marked, Posted, Empty } = RoundState;

const plan = (n: number, name: string, state: RoundState = Initialized, type?: 'redance'): RoundPlan => ({
  roundNumber: n,
  roundName: name,
  recallSize: 6,
  roundState: state,
  scheduleIndex: n,
  ...(type ? { type } : {}),
});

/** Quarter-Final, its Redance, Semi-Final, Final. */
const withRedance = (qf: RoundState = Posted, rd: RoundState = Empty) => [
  plan(1, 'Quarter-Final', qf),
  plan(2, REDANCE_NAME, rd, 'redance'),
  plan(3, 'Semi-Final', Empty),
  plan(4, 'Final'),
];

describe('Star couples (WDSF exemptions / DTV Sternchenpaare): seeded couples join at a later round', () => {
  const entries: FormatEntry[] = [
    { couple: '1', joinsRound: null, outFrom: null },
    { couple: '2', joinsRound: null, outFrom: null },
    { couple: '7', joinsRound: 2, outFrom: null },
    { couple: '8', joinsRound: 2, outFrom: null },
    { couple: '9', joinsRound: 3, outFrom: null },
  ];

  it('do not dance the rounds before the one they join', () => {
    expect(firstRoundCouples(entries, 1)).toEqual(['1', '2']);
  });

  it('join the round they are seeded into when the round before is posted', () => {
    expect(starsJoining(entries, 2)).toEqual(['7', '8']);
    expect(starsJoining(entries, 3)).toEqual(['9']);
    expect(
      handOn({ couples: ['1', '2', '3'], recalled: ['1'], stars: ['7', '8'], hasRedance: false, out: [] }),
    ).toEqual({ next: ['1', '7', '8'], redance: [] });
  });

  it('count in the recall size: a 12-couple semi-final with 2 star couples recalls 10', () => {
    expect(recallSizeFor(12, 2)).toBe(10);
    expect(recallSizeFor(12, 2, 2)).toBe(8);
    expect(recallSizeFor(2, 5)).toBe(1);
  });

  it('join a regular round after the first, never the first round or a redance', () => {
    const rounds = withRedance(Initialized, Initialized);
    expect(() => checkStarRound(rounds, 3)).not.toThrow();
    expect(() => checkStarRound(rounds, 1)).toThrow(/first round/);
    expect(() => checkStarRound(rounds, 2)).toThrow(/not a redance/);
    expect(() => checkStarRound(rounds, 9)).toThrow(RoundRuleError);
  });

  it('a disqualified star couple joins nowhere', () => {
    expect(starsJoining([{ couple: '7', joinsRound: 2, outFrom: 1 }], 2)).toEqual([]);
  });
});

describe('Redance (DTV Hoffnungsrunde): couples not recalled dance again and the best rejoin', () => {
  it('the redance takes the couples not recalled; the recalled go straight to the next round', () => {
    expect(
      handOn({
        couples: ['1', '2', '3', '4', '5'],
        recalled: ['1', '2'],
        stars: [],
        hasRedance: true,
        out: ['5'],
      }),
    ).toEqual({ next: ['1', '2'], redance: ['3', '4'] });
  });

  it("the redance's recalled couples are added to those recalled directly", () => {
    expect(joinRedance(['1', '2'], ['4', '2'])).toEqual(['1', '2', '4']);
  });

  it('the round after the redance starts only once both feed-ins are posted', () => {
    expect(feedInsOf(withRedance(), 3).map((r) => r.roundName)).toEqual(['Quarter-Final', REDANCE_NAME]);
    expect(pendingFeedIns(withRedance(), 3)).toEqual([REDANCE_NAME]);
    expect(pendingFeedIns(withRedance(Posted, Posted), 3)).toEqual([]);
    expect(() =>
      startRound(
        {
          roundName: 'Semi-Final',
          eventName: 'Adult Standard',
          state: Empty,
          startedAt: null,
          couples: 6,
          earlierRounds: ['Quarter-Final', REDANCE_NAME],
          entries: 12,
          pendingFeedIns: pendingFeedIns(withRedance(), 3),
        },
        '2026-11-27T10:00:00.000Z',
      ),
    ).toThrow(/post the Redance first/);
  });

  it('recalled couples of the round skip its redance: both go to the next regular round', () => {
    const rounds = withRedance();
    expect(nextActiveRound(rounds, 1)?.roundName).toBe('Semi-Final');
    expect(nextActiveRound(rounds, 2)?.roundName).toBe('Semi-Final');
    expect(redanceOf(rounds, 1)?.roundName).toBe(REDANCE_NAME);
    expect(redanceOf(rounds, 3)).toBeNull();
  });

  it('added after a regular round before it is posted, never after the final or twice', () => {
    const rounds = [plan(1, 'Semi-Final'), plan(2, 'Final')];
    expect(() => checkRedanceAfter(rounds, 1)).not.toThrow();
    expect(() => checkRedanceAfter(rounds, 2)).toThrow(/Final has no redance/);
    expect(() => checkRedanceAfter(withRedance(Running), 1)).toThrow(/already has a redance/);
    expect(() => checkRedanceAfter([plan(1, 'Semi-Final', Posted), plan(2, 'Final')], 1)).toThrow(/posted/);
  });

  it('does not count as a step towards the final: names and default recall sizes stay', () => {
    const base = [plan(1, 'Quarter-Final'), plan(2, 'Semi-Final'), plan(3, 'Final')];
    const change = addRound(base, {
      after: 1,
      name: REDANCE_NAME,
      recallSize: 2,
      make: (b) => ({ ...b, type: 'redance' as const }),
    });
    expect(change.rounds.map((r) => r.roundName)).toEqual([
      'Quarter-Final',
      REDANCE_NAME,
      'Semi-Final',
      'Final',
    ]);
    expect(change.rounds[1]?.recallSize).toBe(2);
    expect(defaultRecallSizes(change.rounds).get(1)).toBe(14);
  });
});

describe('Disqualification and withdrawal: results recomputed without the couple', () => {
  // Three judges, one dance; couple 12 is first with every judge.
  const final = {
    W: {
      '11': [2, 2, 3],
      '12': [1, 1, 1],
      '13': [3, 3, 2],
      '14': [4, 4, 4],
    },
  };

  it('a disqualified finalist is removed and the placings below move up', () => {
    expect(placeMultiDance(final).places).toEqual({ '12': 1, '11': 2, '13': 3, '14': 4 });
    const closed = withoutCouples(final, ['12']);
    expect(closed.W).toEqual({ '11': [1, 1, 2], '13': [2, 2, 1], '14': [3, 3, 3] });
    expect(placeMultiDance(closed).places).toEqual({ '11': 1, '13': 2, '14': 3 });
  });

  it('a couple withdrawing from a final already started keeps the last place', () => {
    expect(keepsLastPlace('withdrew', true, Running)).toBe(true);
    expect(keepsLastPlace('withdrew', true, Posted)).toBe(true);
    expect(keepsLastPlace('withdrew', true, Empty)).toBe(false);
    expect(keepsLastPlace('withdrew', false, Marked)).toBe(false);
    expect(keepsLastPlace('disqualified', true, Posted)).toBe(false);
    const places = placeMultiDance(withoutCouples(final, ['12'])).places;
    expect(placeWithdrawnLast(places, ['12'])).toEqual({ '11': 1, '13': 2, '14': 3, '12': 4 });
    expect(placeWithdrawnLast({ '11': 1, '13': 2 }, ['12', '14'])).toEqual({
      '11': 1,
      '13': 2,
      '12': 3.5,
      '14': 3.5,
    });
  });

  it('a couple out of the event from a round on is not handed on', () => {
    expect(
      handOn({ couples: ['1', '2'], recalled: ['1', '2'], stars: [], hasRedance: false, out: ['2'] }).next,
    ).toEqual(['1']);
    expect(firstRoundCouples([{ couple: '5', joinsRound: null, outFrom: 1 }], 1)).toEqual([]);
  });
});
