/**
 * The one place a round's row is written apart from its state: its place in the running order
 * (index, floor, waiting time before it) and its number while an event's rounds are renumbered.
 * State writes, and the columns written with a state, go through transition.ts.
 */
import type { Updateable } from 'kysely';
import type { RoundsTable } from '../../db/schema.ts';
import type { Tx } from '../../http/db.ts';

/** Where a round is in the running order; only the columns given are written. */
export type RoundPlace = Pick<Updateable<RoundsTable>, 'schedule_index' | 'floor' | 'wait_minutes'>;

/**
 * Writes a round's place, bumping its version once. `onlyIfIndexChanges`: a round already at that
 * schedule index is left as it is, version included.
 */
export async function placeRound(
  trx: Tx,
  roundId: number,
  place: RoundPlace,
  opts: { onlyIfIndexChanges?: boolean } = {},
): Promise<void> {
  let write = trx
    .updateTable('rounds')
    .set((eb) => ({ ...place, version: eb('version', '+', 1) }))
    .where('id', '=', roundId);
  if (opts.onlyIfIndexChanges && place.schedule_index !== undefined)
    write = write.where('schedule_index', '!=', place.schedule_index);
  await write.execute();
}

/**
 * Moves a round's number out of the way (to its negative) while its event's rounds are renumbered:
 * the (event, round number) key is unique, so no two rows may collide on the way. The version is
 * bumped when the round gets its new number (`applyRoundTransition`).
 */
export async function setRoundNumberAside(trx: Tx, roundId: number, roundNumber: number): Promise<void> {
  await trx.updateTable('rounds').set({ round_number: -roundNumber }).where('id', '=', roundId).execute();
}
