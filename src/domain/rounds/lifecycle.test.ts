import { describe, expect, it } from 'vitest';
import { caught } from '../caught.ts';
import {
  acceptMarks,
  approveResult,
  computeResult,
  marksSaved,
  postResult,
  RoundRuleError,
  RoundState,
  setRoundState,
  startRound,
  unpostResult,
  type PostFacts,
  type RoundRuleCode,
} from './index.ts';

const NOW = '2026-11-21T10:00:00.000Z';
const EARLIER = '2026-11-21T09:00:00.000Z';
const names = { roundName: 'Semi-Final', eventName: 'Adult Latin' };
const { Initialized, Empty, Running, Skipped, Marked, Posted } = RoundState;

/** Runs `fn` and returns the refusal's code and message. */
function refusal(fn: () => unknown): { code: RoundRuleCode; message: string } {
  const { code, message } = caught(fn, RoundRuleError);
  return { code, message };
}

describe('start', () => {
  const facts = { ...names, startedAt: null, couples: 12, earlierRounds: ['Quarter-Final'], entries: 20 };

  it('runs an Initialized or Empty round with its couples, keeping a start time already set', () => {
    expect(startRound({ ...facts, state: Initialized }, NOW)).toEqual({
      kind: 'start',
      round: { state: Running, startedAt: NOW },
      seatEntries: false,
      couples: 12,
    });
    const again = startRound({ ...facts, state: Empty, startedAt: EARLIER }, NOW);
    expect(again).toMatchObject({ round: { state: Running, startedAt: EARLIER } });
  });

  it('seats every entry in the first round, those entered since the rounds were generated too', () => {
    const out = startRound({ ...facts, state: Initialized, couples: 0, earlierRounds: [] }, NOW);
    expect(out).toMatchObject({ kind: 'start', seatEntries: true, couples: 20 });
    // 12 couples seated at generation, 20 entered now: all 20 dance.
    const later = startRound({ ...facts, state: Empty, earlierRounds: [] }, NOW);
    expect(later).toMatchObject({ kind: 'start', seatEntries: true, couples: 20 });
  });

  it('changes nothing when the round already runs', () => {
    expect(startRound({ ...facts, state: Running }, NOW)).toEqual({ kind: 'already-running' });
  });

  it('refuses a round with no couples, naming the round to post first', () => {
    expect(refusal(() => startRound({ ...facts, state: Empty, couples: 0 }, NOW))).toEqual({
      code: 'no-couples',
      message: 'Semi-Final of Adult Latin has no couples yet: post the Quarter-Final first.',
    });
    const first = { ...facts, state: Empty, couples: 0, earlierRounds: [], entries: 0 };
    expect(refusal(() => startRound(first, NOW)).message).toBe(
      'Semi-Final of Adult Latin has no couples to dance.',
    );
  });

  it('refuses a move the state table forbids', () => {
    for (const state of [Skipped, Posted]) {
      expect(refusal(() => startRound({ ...facts, state }, NOW)).code).toBe('invalid-transition');
    }
  });
});

describe('marks', () => {
  it('are taken while Running or Marked', () => {
    expect(() => acceptMarks({ ...names, state: Running })).not.toThrow();
    expect(() => acceptMarks({ ...names, state: Marked })).not.toThrow();
  });

  it('are refused on a posted round (un-post first) and before the round runs', () => {
    expect(refusal(() => acceptMarks({ ...names, state: Posted }))).toEqual({
      code: 'posted',
      message:
        'Semi-Final of Adult Latin: this round is posted. Un-post it (with a reason) to correct marks.',
    });
    for (const state of [Initialized, Empty, Skipped]) {
      expect(refusal(() => acceptMarks({ ...names, state })).code).toBe('not-running');
    }
    expect(refusal(() => acceptMarks({ ...names, state: Empty })).message).toBe(
      'Semi-Final of Adult Latin is Empty: marks are taken once it is running.',
    );
  });

  it('reopen a Marked round when a judge corrects them, withdrawing the result', () => {
    expect(marksSaved({ state: Marked, changed: true })).toEqual({
      round: { state: Running },
      withdrawResult: true,
    });
  });

  it('change no state when nothing changed or the round still runs', () => {
    expect(marksSaved({ state: Marked, changed: false })).toEqual({ withdrawResult: false });
    expect(marksSaved({ state: Running, changed: true })).toEqual({ withdrawResult: false });
  });
});

describe('compute', () => {
  it('marks a Running round, setting its end time once, and asks for a new approval', () => {
    expect(computeResult({ ...names, state: Running, endedAt: null }, NOW)).toEqual({
      round: { state: Marked, endedAt: NOW },
      clearApproval: true,
    });
    expect(computeResult({ ...names, state: Marked, endedAt: EARLIER }, NOW).round).toEqual({
      state: Marked,
      endedAt: EARLIER,
    });
  });

  it('refuses a posted round and one with no marks', () => {
    expect(refusal(() => computeResult({ ...names, state: Posted, endedAt: null }, NOW))).toEqual({
      code: 'posted',
      message:
        'Semi-Final of Adult Latin: this round is posted. Un-post it (with a reason) to compute again.',
    });
    expect(refusal(() => computeResult({ ...names, state: Initialized, endedAt: null }, NOW))).toEqual({
      code: 'not-running',
      message: 'Semi-Final of Adult Latin is Initialized: there are no marks to compute.',
    });
  });
});

describe('approve', () => {
  it('approves a computed result once', () => {
    expect(approveResult({ ...names, state: Marked, computed: true, approved: false })).toEqual({
      approve: true,
    });
    expect(approveResult({ ...names, state: Marked, computed: true, approved: true })).toEqual({
      approve: false,
    });
  });

  it('refuses a posted round and a result not computed', () => {
    expect(refusal(() => approveResult({ ...names, state: Posted, computed: true, approved: true }))).toEqual(
      {
        code: 'posted',
        message: 'Semi-Final of Adult Latin is already posted.',
      },
    );
    expect(
      refusal(() => approveResult({ ...names, state: Running, computed: false, approved: false })),
    ).toEqual({
      code: 'not-computed',
      message: 'Semi-Final of Adult Latin has no computed result to approve yet.',
    });
  });
});

describe('post', () => {
  const recall: PostFacts = {
    ...names,
    state: Marked,
    computed: true,
    approved: false,
    requireApproval: false,
    kind: 'recall',
    next: { roundName: 'Final' },
  };

  it('posts a recall: the next round waits, Empty, until someone starts it (it is not started)', () => {
    const posted = postResult(recall, NOW);
    expect(posted).toEqual({ round: { state: Posted }, next: { state: Empty }, postedAt: NOW });
    // Not Running, and no start time: judges, /live and the MC must not see it on the floor yet.
    expect(posted.next?.state).not.toBe(Running);
    expect(posted.next).not.toHaveProperty('startedAt');
  });

  it('posts a final with no next round', () => {
    expect(postResult({ ...recall, kind: 'final', next: null }, NOW)).toEqual({
      round: { state: Posted },
      postedAt: NOW,
    });
  });

  it('refuses twice, before a computation, and without a required approval', () => {
    expect(refusal(() => postResult({ ...recall, state: Posted }, NOW))).toEqual({
      code: 'posted',
      message: 'Semi-Final of Adult Latin is already posted.',
    });
    expect(refusal(() => postResult({ ...recall, state: Running }, NOW))).toEqual({
      code: 'not-computed',
      message: 'Semi-Final of Adult Latin has no computed result yet: compute it first.',
    });
    expect(refusal(() => postResult({ ...recall, computed: false }, NOW)).code).toBe('not-computed');
    expect(refusal(() => postResult({ ...recall, requireApproval: true }, NOW))).toEqual({
      code: 'approval-needed',
      message:
        'The chairman has not approved the result of Semi-Final of Adult Latin yet: it can be posted once approved.',
    });
    expect(() => postResult({ ...recall, requireApproval: true, approved: true }, NOW)).not.toThrow();
  });

  it('refuses a recall with no round after it', () => {
    expect(refusal(() => postResult({ ...recall, next: null }, NOW))).toEqual({
      code: 'no-next-round',
      message: 'Adult Latin has no round after Semi-Final.',
    });
  });
});

describe('unpost', () => {
  it('takes a posted round back to Marked; the next round waits Empty and forgets a start it had', () => {
    expect(unpostResult({ ...names, state: Posted, next: { roundName: 'Final', hasMarks: false } })).toEqual({
      round: { state: Marked },
      next: { state: Empty, startedAt: null },
    });
    expect(unpostResult({ ...names, state: Posted, next: null })).toEqual({ round: { state: Marked } });
  });

  it('refuses a round not posted, and once the next round has marks', () => {
    expect(refusal(() => unpostResult({ ...names, state: Marked, next: null }))).toEqual({
      code: 'not-posted',
      message: 'Semi-Final of Adult Latin is not posted.',
    });
    const marked = { ...names, state: Posted, next: { roundName: 'Final', hasMarks: true } };
    expect(refusal(() => unpostResult(marked))).toEqual({
      code: 'next-round-marked',
      message: "Final of Adult Latin already has judges' marks; Semi-Final cannot be un-posted.",
    });
  });
});

describe('a state set by hand', () => {
  const facts = { ...names, startedAt: null, endedAt: null };

  it('changes nothing when the state is the same', () => {
    expect(setRoundState({ ...facts, from: Running, to: Running }, NOW)).toBeNull();
  });

  it('sets the start and end times the first time', () => {
    expect(setRoundState({ ...facts, from: Initialized, to: Running }, NOW)).toEqual({
      round: { state: Running, startedAt: NOW },
      restores: false,
    });
    expect(setRoundState({ ...facts, from: Running, to: Marked }, NOW)?.round).toEqual({
      state: Marked,
      endedAt: NOW,
    });
    const timed = { ...facts, startedAt: EARLIER, endedAt: EARLIER };
    expect(setRoundState({ ...timed, from: Empty, to: Running }, NOW)?.round).toEqual({ state: Running });
    expect(setRoundState({ ...timed, from: Marked, to: Running }, NOW)?.round).toEqual({ state: Running });
  });

  it('restores a skipped round to Initialized', () => {
    expect(setRoundState({ ...facts, from: Skipped, to: Initialized }, NOW)).toEqual({
      round: { state: Initialized },
      restores: true,
    });
  });

  it('sends skip, post and un-post to their own commands', () => {
    expect(refusal(() => setRoundState({ ...facts, from: Running, to: Skipped }, NOW))).toEqual({
      code: 'use-skip',
      message: 'Use "Skip" to skip a round: its couples move back.',
    });
    expect(refusal(() => setRoundState({ ...facts, from: Marked, to: Posted }, NOW))).toEqual({
      code: 'use-post',
      message:
        'Post Semi-Final of Adult Latin on the scrutineer screen: posting publishes its results and recalls the couples.',
    });
    expect(refusal(() => setRoundState({ ...facts, from: Posted, to: Marked }, NOW))).toEqual({
      code: 'use-unpost',
      message:
        'Semi-Final of Adult Latin is posted: un-post it on the scrutineer screen (with a reason) to correct it.',
    });
  });

  it('refuses a move the state table forbids', () => {
    expect(refusal(() => setRoundState({ ...facts, from: Posted, to: Running }, NOW))).toEqual({
      code: 'invalid-transition',
      message: 'A Posted round cannot become Running; it can become: Marked',
    });
    expect(refusal(() => setRoundState({ ...facts, from: Skipped, to: Running }, NOW)).code).toBe(
      'invalid-transition',
    );
  });
});
