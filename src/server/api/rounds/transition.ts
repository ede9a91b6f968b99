/**
 * The one place a round's state is written. Commands ask the pure lifecycle
 * (src/domain/rounds/lifecycle.ts) or the round plans (edit.ts) what must change, then apply it here,
 * inside their transaction. A round is born Initialized (or as its plan says) in `insertRound`.
 */
import type { Insertable, Updateable } from 'kysely';
import type { RoundRow, RoundsTable } from '../../db/schema.ts';
import { RoundRuleError, RoundState, type RoundUpdate } from '../../../domain/rounds/index.ts';
import { HttpError } from '../../errors.ts';
import type { Tx } from '../../http/db.ts';

/** Other columns a command changes in the same write (name, recall size, number…). */
type OtherColumns = Omit<
  Updateable<RoundsTable>,
  'round_state' | 'started_at' | 'ended_at' | 'version' | 'id'
>;

/**
 * Writes a round's new state (and the start/end time the lifecycle set) with `also`, bumping the
 * round's version once. Returns the row as written.
 */
export async function applyRoundTransition(
  trx: Tx,
  round: RoundRow,
  update: RoundUpdate | undefined,
  also: OtherColumns = {},
): Promise<RoundRow> {
  const set = {
    ...also,
    ...(update
      ? {
          round_state: update.state,
          ...(update.startedAt !== undefined ? { started_at: update.startedAt } : {}),
          ...(update.endedAt !== undefined ? { ended_at: update.endedAt } : {}),
        }
      : {}),
    version: round.version + 1,
  };
  await trx.updateTable('rounds').set(set).where('id', '=', round.id).execute();
  return { ...round, ...set } as RoundRow;
}

export type NewRound = Omit<
  Insertable<RoundsTable>,
  'id' | 'round_state' | 'heat_size' | 'started_at' | 'ended_at' | 'version' | 'round_start_time'
> & { roundState: RoundUpdate['state'] };

/** The new state as the audit trail records it (the column's name). */
export const stateTrace = (update: RoundUpdate) => ({ round_state: update.state });

/** Inserts a round as a plan made it (generation, add round): not started, version 1. */
export async function insertRound(trx: Tx, round: NewRound): Promise<number> {
  const { roundState, ...columns } = round;
  const row = await trx
    .insertInto('rounds')
    .values({
      ...columns,
      round_start_time: null,
      round_state: roundState,
      heat_size: null,
      started_at: null,
      ended_at: null,
      version: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * A round copied into a cloned competition, as an exported row: born again as `insertRound`
 * makes one (Initialized, not started, version 1), its settings kept (name, recall size, running order,
 * heat size) and its start time moved by `moveTime`.
 */
export function restartedRound<T extends Record<string, unknown>>(
  row: T,
  moveTime: (v: unknown) => unknown,
): T {
  return {
    ...row,
    round_state: RoundState.Initialized,
    round_start_time: moveTime(row.round_start_time),
    started_at: null,
    ended_at: null,
    version: 1,
  };
}

/**
 * A broken round rule as the HTTP answer (the one mapping): the rule's own words, its code with '_'
 * (409 `not_running`), 404 for a round that does not exist, 400 for a recall size out of range.
 */
export function roundRuleHttp(err: unknown): unknown {
  if (!(err instanceof RoundRuleError)) return err;
  const status = err.code === 'no-such-round' ? 404 : err.code === 'invalid-recall-size' ? 400 : 409;
  return new HttpError(status, err.code.replace(/-/g, '_'), err.message);
}

/** Runs round rules, answering a refusal as `roundRuleHttp` says. */
export function underRoundRules<T>(rules: () => T): T {
  try {
    return rules();
  } catch (err) {
    throw roundRuleHttp(err);
  }
}
