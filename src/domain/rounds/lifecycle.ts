/**
 * A round's life on the competition day (spec §4) as pure rules: start, accept marks (and reopen on
 * corrected marks), compute, approve, post, un-post, a state set by hand, skip and restore. Each
 * takes the facts it needs and returns what must change; the server applies it in one transaction
 * (`applyRoundTransition`) and writes a round's state nowhere else. A refusal is a RoundRuleError
 * in the words the scrutineer sees. `state.ts` (the allowed moves) stays the base of every rule.
 * Skip and restore move couples and recall sizes across the event's rounds, so they are plans over
 * all its rounds: `skipRound` and `restoreRound` in edit.ts (restore by hand is `setRoundState`).
 */
import { assertTransition, ROUND_STATE_NAMES, RoundRuleError, RoundState } from './state.ts';

/** Names for the messages: "Semi-Final of Adult Latin". */
export interface RoundNames {
  roundName: string;
  eventName: string;
}

const label = (n: RoundNames) => `${n.roundName} of ${n.eventName}`;

/** What one round's row becomes. Timestamps are written only when given (null clears one). */
export interface RoundUpdate {
  state: RoundState;
  startedAt?: string | null;
  endedAt?: string;
}

/** The rows a command changes: this round and, after a post or un-post, the next one. */
export interface RoundTransition {
  round?: RoundUpdate;
  next?: RoundUpdate;
}

const refuse = (code: RoundRuleError['code'], message: string): never => {
  throw new RoundRuleError(code, message);
};

/** Marks and results exist only while a round is Running or Marked. */
const isMarking = (state: RoundState) => state === RoundState.Running || state === RoundState.Marked;

// --- start ----------------------------------------------------------------------------------

export interface StartFacts extends RoundNames {
  state: RoundState;
  startedAt: string | null;
  /** Couples already in the round (not scratched). */
  couples: number;
  /** Names of the earlier rounds that are not skipped, in order (none: this is the first round). */
  earlierRounds: readonly string[];
  /** Entries of the event not scratched: a first round with nobody in it starts with all of them. */
  entries: number;
  /**
   * Rounds handing couples to this one that are not posted yet (formats.ts `pendingFeedIns`): after
   * a redance, the next round waits for both the round and its redance.
   */
  pendingFeedIns?: readonly string[];
}

export type StartOutcome =
  | { kind: 'already-running' }
  | {
      kind: 'start';
      round: RoundUpdate;
      /**
       * Put every entry not scratched into the round before starting it: the first round danced,
       * whose couples are the event's entries as they stand now (a couple entered after the rounds
       * were generated dances too; one scratched since does not).
       */
      seatEntries: boolean;
      /** Couples on the floor once started. */
      couples: number;
    };

export function startRound(f: StartFacts, now: string): StartOutcome {
  if (f.state === RoundState.Running) return { kind: 'already-running' };
  assertTransition(f.state, RoundState.Running);
  const seatEntries = f.earlierRounds.length === 0;
  const couples = seatEntries ? f.entries : f.couples;
  if (couples === 0) {
    const last = f.earlierRounds[f.earlierRounds.length - 1];
    refuse(
      'no-couples',
      last !== undefined
        ? `${label(f)} has no couples yet: post the ${last} first.`
        : `${label(f)} has no couples to dance.`,
    );
  }
  const pending = f.pendingFeedIns ?? [];
  if (pending.length > 0) {
    refuse(
      'feed-in-pending',
      `${label(f)} cannot start yet: post the ${pending.join(' and the ')} first; couples join from ${pending.length > 1 ? 'each' : 'it'}.`,
    );
  }
  return {
    kind: 'start',
    round: { state: RoundState.Running, startedAt: f.startedAt ?? now },
    seatEntries,
    couples,
  };
}

// --- marks ----------------------------------------------------------------------------------

export interface StateFacts extends RoundNames {
  state: RoundState;
}

/** A judge's marks are taken while the round is Running, and while Marked (a correction). */
export function acceptMarks(f: StateFacts): void {
  if (f.state === RoundState.Posted) {
    refuse('posted', `${label(f)}: this round is posted. Un-post it (with a reason) to correct marks.`);
  }
  if (!isMarking(f.state)) {
    refuse(
      'not-running',
      `${label(f)} is ${ROUND_STATE_NAMES[f.state]}: marks are taken once it is running.`,
    );
  }
}

/**
 * After marks were saved: a correction to a Marked round makes its computed result wrong, so the
 * result is withdrawn and the round runs again until it is computed anew.
 */
export function marksSaved(f: {
  state: RoundState;
  changed: boolean;
}): RoundTransition & { withdrawResult: boolean } {
  if (!f.changed || f.state !== RoundState.Marked) return { withdrawResult: false };
  return { round: { state: RoundState.Running }, withdrawResult: true };
}

// --- results --------------------------------------------------------------------------------

export interface ComputeFacts extends StateFacts {
  endedAt: string | null;
}

/** Computing (again) makes the round Marked; a new computation needs approving again. */
export function computeResult(f: ComputeFacts, now: string): { round: RoundUpdate; clearApproval: true } {
  if (f.state === RoundState.Posted) {
    refuse('posted', `${label(f)}: this round is posted. Un-post it (with a reason) to compute again.`);
  }
  if (!isMarking(f.state)) {
    refuse('not-running', `${label(f)} is ${ROUND_STATE_NAMES[f.state]}: there are no marks to compute.`);
  }
  return { round: { state: RoundState.Marked, endedAt: f.endedAt ?? now }, clearApproval: true };
}

export interface ResultFacts extends StateFacts {
  /** A computed result is stored. */
  computed: boolean;
  /** The chairman approved that computation. */
  approved: boolean;
}

/** The chairman's approval: of a computed result, once (approving twice changes nothing). */
export function approveResult(f: ResultFacts): { approve: boolean } {
  if (f.state === RoundState.Posted) refuse('posted', `${label(f)} is already posted.`);
  if (f.state !== RoundState.Marked || !f.computed) {
    refuse('not-computed', `${label(f)} has no computed result to approve yet.`);
  }
  return { approve: !f.approved };
}

export interface PostFacts extends ResultFacts {
  /** The competition requires the chairman's approval before posting. */
  requireApproval: boolean;
  /** The stored result's kind: a recall hands couples on, a final saves the placings. */
  kind: 'recall' | 'final';
  /** The next round that is not skipped, or null. */
  next: { roundName: string } | null;
}

/**
 * Posting publishes the result. After a recall the next round receives the recalled couples and
 * waits, Empty, until the deck captain or scrutineer starts it (spec §4: Empty → Running only by a
 * start): other rounds may come before it in the running order, and judges must not get it yet.
 */
export function postResult(
  f: PostFacts,
  now: string,
): { round: RoundUpdate; next?: RoundUpdate; postedAt: string } {
  if (f.state === RoundState.Posted) refuse('posted', `${label(f)} is already posted.`);
  if (f.state !== RoundState.Marked || !f.computed) {
    refuse('not-computed', `${label(f)} has no computed result yet: compute it first.`);
  }
  if (f.requireApproval && !f.approved) {
    refuse(
      'approval-needed',
      `The chairman has not approved the result of ${label(f)} yet: it can be posted once approved.`,
    );
  }
  const round = { state: RoundState.Posted };
  if (f.kind === 'final') return { round, postedAt: now };
  if (!f.next) return refuse('no-next-round', `${f.eventName} has no round after ${f.roundName}.`);
  return { round, next: { state: RoundState.Empty }, postedAt: now };
}

export interface UnpostFacts extends StateFacts {
  /** The next round that is not skipped and whether judges marked it; null for a final. */
  next: { roundName: string; hasMarks: boolean } | null;
}

/**
 * Un-posting takes the result back to Marked for a correction. The next round gives its couples
 * back and waits (Empty) — refused once its judges have marked, since their marks would be lost.
 * A start it had is forgotten: nobody danced it, so the schedule must not show it as started.
 */
export function unpostResult(f: UnpostFacts): { round: RoundUpdate; next?: RoundUpdate } {
  if (f.state !== RoundState.Posted) refuse('not-posted', `${label(f)} is not posted.`);
  const round = { state: RoundState.Marked };
  if (!f.next) return { round };
  if (f.next.hasMarks) {
    refuse(
      'next-round-marked',
      `${f.next.roundName} of ${f.eventName} already has judges' marks; ${f.roundName} cannot be un-posted.`,
    );
  }
  return { round, next: { state: RoundState.Empty, startedAt: null } };
}

// --- by hand --------------------------------------------------------------------------------

export interface SetStateFacts extends RoundNames {
  from: RoundState;
  to: RoundState;
  startedAt: string | null;
  endedAt: string | null;
}

/**
 * A state set by hand (PATCH roundState). Skip, post and un-post have their own commands because
 * they move couples and results; a bare state change would leave them half done. Null when the
 * state is already `to`. `restores`: undoing a skip, so recall sizes flow back (`restoreRound`).
 */
export function setRoundState(
  f: SetStateFacts,
  now: string,
): { round: RoundUpdate; restores: boolean } | null {
  if (f.from === f.to) return null;
  if (f.to === RoundState.Skipped) refuse('use-skip', 'Use "Skip" to skip a round: its couples move back.');
  assertTransition(f.from, f.to);
  if (f.from === RoundState.Posted) {
    refuse(
      'use-unpost',
      `${label(f)} is posted: un-post it on the scrutineer screen (with a reason) to correct it.`,
    );
  }
  if (f.to === RoundState.Posted) {
    refuse(
      'use-post',
      `Post ${label(f)} on the scrutineer screen: posting publishes its results and recalls the couples.`,
    );
  }
  const round: RoundUpdate = { state: f.to };
  // Real start and end times move the estimated schedule.
  if (f.to === RoundState.Running && !f.startedAt) round.startedAt = now;
  if (f.to === RoundState.Marked && !f.endedAt) round.endedAt = now;
  return { round, restores: f.from === RoundState.Skipped };
}
