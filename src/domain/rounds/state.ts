/**
 * Round states (spec §4): Initialized 0, Empty 1, Running 2, Skipped 3, Marked 4, Posted 5.
 * The numbers are stored; the names are what people see.
 */
export const RoundState = {
  /** Created by generation; no couples assigned yet. */
  Initialized: 0,
  /** No couples to dance: all scratched, or the earlier round is not posted yet. */
  Empty: 1,
  /** Couples assigned; judges may mark. */
  Running: 2,
  /** Passed over: its couples went back to the previous round. */
  Skipped: 3,
  /** Every judge has submitted every dance and the results are computed. */
  Marked: 4,
  /** Results published; the next round has received the recalled couples. */
  Posted: 5,
} as const;
export type RoundState = (typeof RoundState)[keyof typeof RoundState];

export type RoundStateName = keyof typeof RoundState;

/** The state names in their numeric order, for tables and counts. */
export const ROUND_STATE_ORDER: readonly RoundStateName[] = (
  Object.keys(RoundState) as RoundStateName[]
).sort((a, b) => RoundState[a] - RoundState[b]);

/** A stored state's name. */
export const ROUND_STATE_NAMES = Object.fromEntries(
  ROUND_STATE_ORDER.map((name) => [RoundState[name], name]),
) as Readonly<Record<RoundState, RoundStateName>>;

export function isRoundState(value: unknown): value is RoundState {
  return typeof value === 'number' && value in ROUND_STATE_NAMES;
}

/**
 * Allowed moves. Going back is allowed where people need it on the day: a Marked round reopens to
 * Running when a judge corrects marks; a Posted round returns to Marked to correct a result (the
 * server also checks the next round has no marks yet); a Skipped round can be restored.
 */
const ALLOWED: Record<RoundState, readonly RoundState[]> = {
  [RoundState.Initialized]: [RoundState.Empty, RoundState.Running, RoundState.Skipped],
  [RoundState.Empty]: [RoundState.Initialized, RoundState.Running, RoundState.Skipped],
  [RoundState.Running]: [RoundState.Empty, RoundState.Marked, RoundState.Skipped],
  [RoundState.Skipped]: [RoundState.Initialized],
  [RoundState.Marked]: [RoundState.Running, RoundState.Posted],
  [RoundState.Posted]: [RoundState.Marked],
};

export function allowedTransitions(from: RoundState): readonly RoundState[] {
  return ALLOWED[from];
}

export function canTransition(from: RoundState, to: RoundState): boolean {
  return from === to || ALLOWED[from].includes(to);
}

/**
 * Why a round rule refused. The server answers `code` with '-' as '_' (e.g. 409 `not_running`);
 * the status of each code is chosen in one place on the server.
 */
export type RoundRuleCode =
  | 'invalid-transition'
  | 'no-such-round'
  | 'round-has-results'
  | 'invalid-position'
  | 'invalid-recall-size'
  // The competition day (lifecycle.ts):
  | 'posted'
  | 'not-running'
  | 'not-computed'
  | 'approval-needed'
  | 'no-next-round'
  | 'not-posted'
  | 'next-round-marked'
  | 'no-couples'
  // Formats (formats.ts):
  | 'feed-in-pending'
  | 'use-skip'
  | 'use-post'
  | 'use-unpost';

export class RoundRuleError extends Error {
  override readonly name = 'RoundRuleError';
  constructor(
    readonly code: RoundRuleCode,
    message: string,
  ) {
    super(message);
  }
}

/** Throws a `RoundRuleError` saying which move is not allowed and what is. */
export function assertTransition(from: RoundState, to: RoundState): void {
  if (canTransition(from, to)) return;
  const allowed = ALLOWED[from].map((s) => ROUND_STATE_NAMES[s]).join(', ');
  throw new RoundRuleError(
    'invalid-transition',
    `${/^[AEIOU]/.test(ROUND_STATE_NAMES[from]) ? 'An' : 'A'} ${ROUND_STATE_NAMES[from]} round cannot become ${ROUND_STATE_NAMES[to]}; it can become: ${allowed}`,
  );
}
