import { describe, expect, it } from 'vitest';
import {
  addRound,
  assertTransition,
  DEFAULT_ROUND_CAPS,
  defaultRecallSizes,
  canTransition,
  deleteRound,
  generateRounds,
  nextActiveRound,
  normalizeRecallSize,
  refreshScheduleIndexes,
  regeneratedScheduleIndexes,
  renameRounds,
  restoreRound,
  ROUND_NAMES,
  roundCountFor,
  roundId,
  roundNames,
  RoundRuleError,
  RoundState,
  setRecallSize,
  skipDestination,
  skipRound,
  type RoundNaming,
  type RoundPlan,
} from './index.ts';

describe('round names', () => {
  it('has the spec names: 1st–7th Round, 1/512–1/8 Final, Quarter-Final, Semi-Final, Final', () => {
    expect(ROUND_NAMES).toHaveLength(17);
    expect(ROUND_NAMES.slice(0, 2)).toEqual(['1st Round', '2nd Round']);
    expect(ROUND_NAMES).toContain('7th Round');
    expect(ROUND_NAMES).toContain('1/512 Final');
    expect(ROUND_NAMES.slice(-4)).toEqual(['1/8 Final', 'Quarter-Final', 'Semi-Final', 'Final']);
  });

  it('names rounds by their distance from the final: 1/8 Final … by default, 1st Round … when chosen', () => {
    expect(roundNames(1)).toEqual(['Final']);
    expect(roundNames(3)).toEqual(['Quarter-Final', 'Semi-Final', 'Final']);
    expect(roundNames(5)).toEqual(['1/16 Final', '1/8 Final', 'Quarter-Final', 'Semi-Final', 'Final']);
    expect(roundNames(5, 'ordinal')).toEqual([
      '1st Round',
      '2nd Round',
      'Quarter-Final',
      'Semi-Final',
      'Final',
    ]);
    expect(roundNames(10)[0]).toBe('1/512 Final');
    // Past the 1/512 Final the spec has no fraction: numbered rounds again.
    expect(roundNames(11)[0]).toBe('1st Round');
    expect(roundNames(11)[1]).toBe('1/512 Final');
    expect(roundNames(10, 'ordinal')[6]).toBe('7th Round');
  });
});

describe("round names follow the spec's round sizes (caps 7, 14, 28, 38, 60, 80)", () => {
  const names = (entries: number, naming?: RoundNaming) =>
    generateRounds(entries, naming ? { naming } : {}).map((r) => r.roundName);

  it.each([
    [7, ['Final']],
    [14, ['Semi-Final', 'Final']],
    [28, ['Quarter-Final', 'Semi-Final', 'Final']],
    [38, ['1/8 Final', 'Quarter-Final', 'Semi-Final', 'Final']],
    [60, ['1/16 Final', '1/8 Final', 'Quarter-Final', 'Semi-Final', 'Final']],
    [70, ['1/32 Final', '1/16 Final', '1/8 Final', 'Quarter-Final', 'Semi-Final', 'Final']],
    [80, ['1/32 Final', '1/16 Final', '1/8 Final', 'Quarter-Final', 'Semi-Final', 'Final']],
  ])('%i couples: %j', (entries, expected) => {
    expect(names(entries)).toEqual(expected);
  });

  it('the round of 39–60 couples before the 1/8 Final (38) is the 1/16 Final; the round before it holds up to 80', () => {
    const rounds = generateRounds(70);
    expect(rounds.slice(0, 3).map((r) => [r.roundName, r.recallSize])).toEqual([
      ['1/32 Final', 60],
      ['1/16 Final', 38],
      ['1/8 Final', 28],
    ]);
  });

  it('an event that chose 1st Round … gets numbered rounds before the quarter-final', () => {
    expect(names(70, 'ordinal')).toEqual([
      '1st Round',
      '2nd Round',
      '3rd Round',
      'Quarter-Final',
      'Semi-Final',
      'Final',
    ]);
  });

  it('choosing the other naming renames the rounds named by position and keeps typed names', () => {
    const rounds = generateRounds(50, { naming: 'ordinal' }).map((r) =>
      r.roundNumber === 3 ? { ...r, roundName: 'Redance' } : r,
    );
    const { out, renamed } = renameRounds(rounds, 'fraction');
    expect(out.map((r) => r.roundName)).toEqual([
      '1/16 Final',
      '1/8 Final',
      'Redance',
      'Semi-Final',
      'Final',
    ]);
    expect(renamed).toEqual([
      { roundNumber: 1, from: '1st Round', to: '1/16 Final' },
      { roundNumber: 2, from: '2nd Round', to: '1/8 Final' },
    ]);
  });
});

describe('generating rounds from the entry count (caps 7, 14, 28, 38, 60, 80)', () => {
  it.each([
    [0, 1],
    [7, 1],
    [8, 2],
    [14, 2],
    [15, 3],
    [28, 3],
    [29, 4],
    [38, 4],
    [39, 5],
    [60, 5],
    [61, 6],
    [80, 6],
    [81, 7],
    [160, 7],
    [161, 8],
  ])('%i entries → %i rounds', (entries, count) => {
    expect(roundCountFor(entries)).toBe(count);
    expect(generateRounds(entries)).toHaveLength(count);
  });

  it('each round recalls the cap of the round after it; the final recalls nobody', () => {
    const rounds = generateRounds(30);
    expect(rounds).toEqual([
      {
        roundNumber: 1,
        roundName: '1/8 Final',
        recallSize: 28,
        roundState: RoundState.Initialized,
        scheduleIndex: 1,
      },
      {
        roundNumber: 2,
        roundName: 'Quarter-Final',
        recallSize: 14,
        roundState: RoundState.Initialized,
        scheduleIndex: 2,
      },
      {
        roundNumber: 3,
        roundName: 'Semi-Final',
        recallSize: 7,
        roundState: RoundState.Initialized,
        scheduleIndex: 3,
      },
      {
        roundNumber: 4,
        roundName: 'Final',
        recallSize: 0,
        roundState: RoundState.Initialized,
        scheduleIndex: 4,
      },
    ]);
  });

  it('beyond the largest cap, each extra round holds one largest cap more (160, 240 …)', () => {
    expect(generateRounds(200).map((r) => r.recallSize)).toEqual([160, 80, 60, 38, 28, 14, 7, 0]);
  });

  it('takes other caps and a starting schedule index', () => {
    const rounds = generateRounds(10, { caps: [6, 12], firstScheduleIndex: 40 });
    expect(rounds.map((r) => [r.roundName, r.recallSize, r.scheduleIndex])).toEqual([
      ['Semi-Final', 6, 40],
      ['Final', 0, 41],
    ]);
  });
});

describe('recall sizes', () => {
  it('stores 0 as 1 and refuses nonsense', () => {
    expect(normalizeRecallSize(0)).toBe(1);
    expect(normalizeRecallSize(6)).toBe(6);
    expect(() => normalizeRecallSize(-1)).toThrow(RoundRuleError);
    expect(() => normalizeRecallSize(2.5)).toThrow(/whole number/);
  });

  it('edits one round; the final has none', () => {
    const rounds = setRecallSize(generateRounds(20), 1, 0);
    expect(rounds[0]!.recallSize).toBe(1);
    expect(() => setRecallSize(rounds, 3, 5)).toThrow(/Final recalls nobody/);
    expect(() => setRecallSize(rounds, 9, 5)).toThrow(/no round 9/);
  });
});

describe('round states', () => {
  it('follows Initialized → Empty → Running → Marked → Posted', () => {
    expect(canTransition(RoundState.Initialized, RoundState.Empty)).toBe(true);
    expect(canTransition(RoundState.Empty, RoundState.Running)).toBe(true);
    expect(canTransition(RoundState.Running, RoundState.Marked)).toBe(true);
    expect(canTransition(RoundState.Marked, RoundState.Posted)).toBe(true);
  });

  it('refuses skipping steps, with a message naming the allowed moves', () => {
    expect(canTransition(RoundState.Running, RoundState.Posted)).toBe(false);
    expect(canTransition(RoundState.Posted, RoundState.Running)).toBe(false);
    expect(() => assertTransition(RoundState.Initialized, RoundState.Posted)).toThrow(
      'An Initialized round cannot become Posted; it can become: Empty, Running, Skipped',
    );
  });

  it('allows reopening for corrections and restoring a skipped round', () => {
    expect(canTransition(RoundState.Marked, RoundState.Running)).toBe(true);
    expect(canTransition(RoundState.Posted, RoundState.Marked)).toBe(true);
    expect(canTransition(RoundState.Skipped, RoundState.Initialized)).toBe(true);
  });
});

type Round = RoundPlan & { roundStartTime: string | null };
const event = (entries: number): Round[] =>
  generateRounds(entries).map((r) => ({ ...r, roundStartTime: null }));

describe('skipping a round', () => {
  it('marks it Skipped and sends its couples back to the previous round', () => {
    const change = skipRound(event(20), 2);
    expect(change.rounds.map((r) => r.roundState)).toEqual([
      RoundState.Initialized,
      RoundState.Skipped,
      RoundState.Initialized,
    ]);
    expect(change.moveEntries).toEqual({ from: 2, to: 1 });
    expect(change.renumber).toEqual([]);
    expect(change.rounds[0]!.roundStartTime).toBeNull();
  });

  it('the round before it now recalls what the skipped round would have (unless edited)', () => {
    // 1/8 28 → QF 14 → SF 7 → Final. Skip the QF: the 1/8 Final feeds the Semi-Final directly.
    const change = skipRound(event(30), 2);
    expect(change.rounds.map((r) => r.recallSize)).toEqual([14, 14, 7, 0]);
    expect(change.description).toBe(
      'Skipped round 2 (Quarter-Final); its couples go back to round 1 (1/8 Final); recall sizes round 1 28→14',
    );
    const edited = setRecallSize(event(30), 1, 20);
    expect(skipRound(edited, 2).rounds.map((r) => r.recallSize)).toEqual([20, 14, 7, 0]);
  });

  it('restoring a skipped round brings the default recall size of the round before it back', () => {
    const skipped = skipRound(event(30), 2).rounds;
    const restored = restoreRound(skipped, 2);
    expect(restored.rounds.map((r) => [r.roundState, r.recallSize])).toEqual([
      [RoundState.Initialized, 28],
      [RoundState.Initialized, 14],
      [RoundState.Initialized, 7],
      [RoundState.Initialized, 0],
    ]);
    expect(restored.changed).toEqual([{ roundNumber: 1, from: 14, to: 28 }]);
    expect(() => restoreRound(event(30), 2)).toThrow(RoundRuleError);
  });

  it('skipping the first round sends its couples forward: nobody is eliminated', () => {
    const change = skipRound(event(20), 1);
    expect(change.moveEntries).toEqual({ from: 1, to: 2 });
    expect(change.rounds.map((r) => r.roundState)).toEqual([
      RoundState.Skipped,
      RoundState.Initialized,
      RoundState.Initialized,
    ]);
    expect(change.description).toBe(
      'Skipped round 1 (Quarter-Final); nobody is eliminated: its couples go forward to round 2 (Semi-Final)',
    );
    expect(skipDestination(event(20), 1)).toMatchObject({ direction: 'forward', round: { roundNumber: 2 } });
    expect(skipDestination(event(20), 2)).toMatchObject({ direction: 'back', round: { roundNumber: 1 } });
  });

  it('with every earlier round skipped, couples go forward past skipped rounds too', () => {
    const first = skipRound(event(40), 1).rounds;
    expect(skipRound(first, 2).moveEntries).toEqual({ from: 2, to: 3 });
    const secondThenFirst = skipRound(skipRound(event(40), 2).rounds, 1);
    expect(secondThenFirst.moveEntries).toEqual({ from: 1, to: 3 });
  });

  it('passes over an already skipped previous round', () => {
    const once = skipRound(event(40), 2).rounds;
    expect(skipRound(once, 3).moveEntries).toEqual({ from: 3, to: 1 });
    expect(nextActiveRound(skipRound(once, 3).rounds, 1)!.roundNumber).toBe(4);
  });

  it('refuses the final and rounds with results', () => {
    expect(() => skipRound(event(20), 3)).toThrow(/Final cannot be skipped/);
    const marked = event(20).map((r) => (r.roundNumber === 1 ? { ...r, roundState: RoundState.Marked } : r));
    expect(() => skipRound(marked, 1)).toThrow(/Marked round cannot become Skipped/);
  });
});

describe('adding a round', () => {
  it('inserts after the source, half a step later in the schedule, and renumbers and renames later rounds', () => {
    const change = addRound(event(20), { after: 1, make: (b) => ({ ...b, roundStartTime: null }) });
    expect(change.rounds.map((r) => [r.roundNumber, r.roundName, r.scheduleIndex, r.recallSize])).toEqual([
      // The 1/8 Final now recalls the new Quarter-Final's cap (28), not the 14 it had as the QF.
      [1, '1/8 Final', 1, 28],
      [2, 'Quarter-Final', 1.5, 14],
      [3, 'Semi-Final', 2, 7],
      [4, 'Final', 3, 0],
    ]);
    // Marks and saved results of old rounds 3 and 2 move to 4 and 3 (highest first).
    expect(change.renumber).toEqual([
      { from: 3, to: 4 },
      { from: 2, to: 3 },
    ]);
    expect(change.renamed).toEqual([{ roundNumber: 1, from: 'Quarter-Final', to: '1/8 Final' }]);
    expect(change.description).toBe(
      'Added round 2 (Quarter-Final) after round 1 (1/8 Final); rounds 2→3, 3→4 renumbered; recall sizes round 1 14→28',
    );
    // An event that chose 1st Round … gets its own names.
    const ordinal = addRound(event(20), { after: 1 }, { naming: 'ordinal' });
    expect(ordinal.rounds.map((r) => r.roundName)).toEqual([
      '1st Round',
      'Quarter-Final',
      'Semi-Final',
      'Final',
    ]);
  });

  it('keeps a recall size the organizer edited by hand, and those of rounds already danced', () => {
    const edited = setRecallSize(event(20), 1, 12);
    // The new round dances the 12 recalled: it proposes to recall no more than those 12.
    expect(addRound(edited, { after: 1 }).rounds.map((r) => r.recallSize)).toEqual([12, 12, 7, 0]);
    const running = event(20).map((r) =>
      r.roundNumber === 1 ? { ...r, roundState: RoundState.Running } : r,
    );
    const change = addRound(running, { after: 1 });
    expect(change.rounds.map((r) => r.recallSize)).toEqual([14, 14, 7, 0]);
    expect(change.description).not.toMatch(/recall sizes/);
  });

  it('moves every earlier default recall size one cap further from the final', () => {
    // 1/8 Final 28 → QF 14 → SF 7 → Final; a round after the 1/8 Final makes five rounds, as
    // generating for 39 couples would.
    const change = addRound(event(30), { after: 1 });
    expect(change.rounds.map((r) => [r.roundName, r.recallSize])).toEqual([
      ['1/16 Final', 38],
      ['1/8 Final', 28],
      ['Quarter-Final', 14],
      ['Semi-Final', 7],
      ['Final', 0],
    ]);
    expect(change.rounds.map((r) => r.recallSize)).toEqual(generateRounds(39).map((r) => r.recallSize));
  });

  it('never proposes to recall more couples than can reach a round', () => {
    // 16 couples: Quarter-Final (recalls 14), Semi-Final (7), Final. Two rounds added before the
    // Quarter-Final would recall their caps, 38 and 28: more couples than are entered.
    const qf = generateRounds(16);
    const once = addRound(qf, { after: 0 }, { couples: 16 });
    const twice = addRound(once.rounds, { after: 0 }, { couples: 16 });
    expect(twice.rounds.map((r) => [r.roundName, r.recallSize])).toEqual([
      ['1/16 Final', 16],
      ['1/8 Final', 16],
      ['Quarter-Final', 14],
      ['Semi-Final', 7],
      ['Final', 0],
    ]);
    // A round after the Quarter-Final of 20 couples: its recall follows as far as 20, not 28.
    const twenty = addRound(generateRounds(20), { after: 1 }, { couples: 20 });
    expect(twenty.rounds.map((r) => r.recallSize)).toEqual([20, 14, 7, 0]);
    // Fewer couples than a later cap: each round recalls at most what the round before recalled.
    expect(defaultRecallSizes(twice.rounds, DEFAULT_ROUND_CAPS, 10)).toEqual(
      new Map([
        [1, 10],
        [2, 10],
        [3, 10],
        [4, 7],
        [5, 0],
      ]),
    );
    // Deleting a round follows the same bound.
    const deleted = deleteRound(twice.rounds, 1, { couples: 16 });
    expect(deleted.rounds.map((r) => r.recallSize)).toEqual([16, 14, 7, 0]);
    // With no couples known (none entered yet) the caps stand.
    expect(addRound(qf, { after: 0 }).rounds.map((r) => r.recallSize)).toEqual([28, 14, 7, 0]);
  });

  it('takes a recall size for the new round', () => {
    expect(addRound(event(20), { after: 1, recallSize: 12 }).rounds.map((r) => r.recallSize)).toEqual([
      28, 12, 7, 0,
    ]);
  });

  it('keeps a name the organizer typed', () => {
    const change = addRound(event(10), { after: 1, name: 'Redance' });
    expect(change.rounds.map((r) => r.roundName)).toEqual(['Quarter-Final', 'Redance', 'Final']);
  });

  it('can insert before the first round', () => {
    const change = addRound(event(10), { after: 0 });
    expect(change.rounds.map((r) => [r.roundName, r.scheduleIndex])).toEqual([
      ['Quarter-Final', 0.5],
      ['Semi-Final', 1],
      ['Final', 2],
    ]);
  });

  it('refreshes the whole running order when reorderAfterAddRemoveRound is set', () => {
    const change = addRound(
      event(10),
      { after: 1 },
      {
        reorderAfterAddRemoveRound: true,
        slotKey: (n) => roundId('bronze-latin', n),
        otherSlots: [
          { key: 'silver-latin-R1', scheduleIndex: 1.2 },
          { key: 'silver-latin-R2', scheduleIndex: 3 },
        ],
      },
    );
    expect(Object.fromEntries(change.scheduleIndexes!)).toEqual({
      'bronze-latin-R1': 1,
      'silver-latin-R1': 2,
      'bronze-latin-R2': 3,
      'bronze-latin-R3': 4,
      'silver-latin-R2': 5,
    });
    expect(change.rounds.map((r) => r.scheduleIndex)).toEqual([1, 3, 4]);
  });

  it('refuses after the final, out of range, or before a round with results', () => {
    expect(() => addRound(event(10), { after: 2 })).toThrow(/after the Final/);
    expect(() => addRound(event(10), { after: 5 })).toThrow(RoundRuleError);
    const posted = event(10).map((r) => (r.roundNumber === 2 ? { ...r, roundState: RoundState.Posted } : r));
    expect(() => addRound(posted, { after: 1 })).toThrow(/Round 2 \(Final\) is already Posted/);
  });
});

describe('deleting a round', () => {
  it('moves its couples back, drops its marks, renumbers later rounds and keeps schedule indexes', () => {
    const change = deleteRound(event(30), 2);
    expect(change.rounds.map((r) => [r.roundNumber, r.roundName, r.scheduleIndex])).toEqual([
      [1, 'Quarter-Final', 1],
      [2, 'Semi-Final', 3],
      [3, 'Final', 4],
    ]);
    expect(change.moveEntries).toEqual({ from: 2, to: 1 });
    expect(change.discard).toEqual([2]);
    expect(change.renumber).toEqual([
      { from: 3, to: 2 },
      { from: 4, to: 3 },
    ]);
  });

  it('brings default recall sizes of earlier rounds one cap nearer the final; keeps edited ones', () => {
    // 1/8 28, QF 14, SF 7, Final: without the QF the 1/8 Final feeds the Semi-Final (cap 14).
    expect(deleteRound(event(30), 2).rounds.map((r) => r.recallSize)).toEqual([14, 7, 0]);
    const edited = setRecallSize(event(30), 1, 24);
    const change = deleteRound(edited, 2);
    expect(change.rounds.map((r) => r.recallSize)).toEqual([24, 7, 0]);
  });

  it('the round that becomes the Final recalls nobody', () => {
    const change = deleteRound(event(20), 3);
    expect(change.rounds.map((r) => [r.roundName, r.recallSize])).toEqual([
      ['Semi-Final', 7],
      ['Final', 0],
    ]);
  });

  it("sends the first round's couples to the round that becomes first", () => {
    expect(deleteRound(event(20), 1).moveEntries).toEqual({ from: 1, to: 1 });
  });

  it('refuses the only round and rounds with results', () => {
    expect(() => deleteRound(event(5), 1)).toThrow(/at least its Final/);
    const marked = event(20).map((r) => (r.roundNumber === 1 ? { ...r, roundState: RoundState.Marked } : r));
    expect(() => deleteRound(marked, 1)).toThrow(/results must be withdrawn/);
  });
});

describe('schedule index refresh', () => {
  it('renumbers in running order, keeping ties in their given order', () => {
    const m = refreshScheduleIndexes([
      { key: 'a', scheduleIndex: 2 },
      { key: 'b', scheduleIndex: 0.5 },
      { key: 'c', scheduleIndex: 2 },
    ]);
    expect([...m]).toEqual([
      ['b', 1],
      ['a', 2],
      ['c', 3],
    ]);
  });
});

describe('generating rounds again keeps the running order', () => {
  it('a new event goes to the end of the day in steps of 1', () => {
    expect(regeneratedScheduleIndexes([], 3, [4, 9.5, 2])).toEqual([10, 11, 12]);
    expect(regeneratedScheduleIndexes([], 2, [])).toEqual([1, 2]);
  });

  it('the same number of rounds keep their slots: the final stays where the organizer put it', () => {
    // Semi-final at 8, final at 12, other events' rounds in between: nothing moves.
    expect(regeneratedScheduleIndexes([8, 12], 2, [7, 9, 10, 11, 13])).toEqual([8, 12]);
  });

  it('fewer rounds keep the slots nearest the final; the first slot is freed', () => {
    expect(regeneratedScheduleIndexes([5, 8, 12], 2, [6, 7, 9])).toEqual([8, 12]);
  });

  it('more rounds: the final and semi-final keep theirs, the new early rounds go just before them', () => {
    // Old SF 8, F 12; other rounds at 7 and 10. New QF goes between 7 and 8; nothing passes the 7.
    expect(regeneratedScheduleIndexes([8, 12], 3, [7, 10])).toEqual([7.5, 8, 12]);
    expect(regeneratedScheduleIndexes([8, 12], 4, [7, 10])).toEqual([7.5, 7.75, 8, 12]);
    // A narrower gap: smaller steps, still strictly between.
    expect(regeneratedScheduleIndexes([8, 12], 3, [7.9])).toEqual([7.9375, 8, 12]);
    // Nothing before: stays above 0.
    expect(regeneratedScheduleIndexes([1, 2], 4, [3])).toEqual([0.5, 0.75, 1, 2]);
  });
});
