/**
 * Applies the round plans of `src/domain/rounds/` (skip, add, delete a round) to the database, in
 * the command's transaction; states are written through `applyRoundTransition`, places in the
 * running order through `placeRound` (placement.ts).
 */
import type { EventRow, RoundRow } from '../../db/schema.ts';
import type { Db, Tx } from '../../http/db.ts';
import type { RoundChange } from '../../../domain/rounds/index.ts';
import { bumpEvent } from '../events/commands.ts';
import { placeRound, setRoundNumberAside } from './placement.ts';
import { applyRoundTransition, insertRound } from './transition.ts';
import type { PlannedRound } from './queries.ts';

/** Key of a round in the competition's running order (unique across events). */
export const slotKey = (id: number): string => `id:${id}`;

/**
 * The other events' rounds, for refreshing the whole running order: in the schedule's order, as
 * refreshScheduleIndexes keeps rounds that share an index in the order it is given them.
 */
export async function otherSlots(db: Db, competitionId: number, eventId: number) {
  const rows = await db
    .selectFrom('rounds')
    .select(['id', 'schedule_index'])
    .where('competition_id', '=', competitionId)
    .where('event_id', '!=', eventId)
    .orderBy('schedule_index')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ key: slotKey(r.id), scheduleIndex: r.schedule_index }));
}

/**
 * Applies a round change from the domain rules: entries move, discarded rounds go (their marks and
 * results archived by the caller's audit record), rows are renumbered through negative numbers (the
 * (event, round number) key is unique), the new round is inserted and, when asked, the whole
 * running order is refreshed. Marks, mark history, saved results and couples are keyed by round id,
 * so they move with their round. Call inside the command's transaction.
 */
export async function applyRoundChange(
  trx: Tx,
  event: EventRow,
  before: RoundRow[],
  change: RoundChange<PlannedRound>,
): Promise<void> {
  const byOldNumber = new Map(before.map((r) => [r.round_number, r]));
  const newById = new Map(change.rounds.filter((r) => r.id !== null).map((r) => [r.id as number, r]));

  if (change.moveEntries) {
    const from = byOldNumber.get(change.moveEntries.from);
    const to = change.rounds.find((r) => r.roundNumber === change.moveEntries?.to);
    if (from && to?.id != null && to.id !== from.id) {
      const couples = await trx
        .selectFrom('round_entries')
        .select(['entry_id', 'heat'])
        .where('round_id', '=', from.id)
        .execute();
      if (couples.length > 0) {
        await trx
          .insertInto('round_entries')
          .values(couples.map((c) => ({ round_id: to.id as number, entry_id: c.entry_id, heat: c.heat })))
          .onConflict((oc) => oc.columns(['round_id', 'entry_id']).doNothing())
          .execute();
        await trx.deleteFrom('round_entries').where('round_id', '=', from.id).execute();
      }
    }
  }

  for (const n of change.discard) {
    const gone = byOldNumber.get(n);
    if (!gone) continue;
    // mark_history stays: it is the append-only trace; the audit record holds the rest.
    await trx.deleteFrom('marks').where('round_id', '=', gone.id).execute();
    await trx.deleteFrom('round_results').where('round_id', '=', gone.id).execute();
    await trx.deleteFrom('round_entries').where('round_id', '=', gone.id).execute();
    await trx.deleteFrom('rounds').where('id', '=', gone.id).execute();
  }

  // Step 1: every row that changes number moves to a negative number, so no two rows ever collide.
  const moving = before.filter((r) => {
    const next = newById.get(r.id);
    return next && next.roundNumber !== r.round_number;
  });
  for (const r of moving) await setRoundNumberAside(trx, r.id, r.round_number);
  // Step 2: every kept row gets its new number, name, index, recall size and state.
  for (const r of before) {
    const next = newById.get(r.id);
    if (!next) continue;
    const changed =
      next.roundNumber !== r.round_number ||
      next.roundName !== r.round_name ||
      next.scheduleIndex !== r.schedule_index ||
      next.recallSize !== r.recall_size ||
      next.roundState !== r.round_state;
    if (!changed) continue;
    await applyRoundTransition(
      trx,
      r,
      next.roundState !== r.round_state ? { state: next.roundState } : undefined,
      {
        round_number: next.roundNumber,
        round_name: next.roundName,
        schedule_index: next.scheduleIndex,
        recall_size: next.recallSize,
      },
    );
  }
  for (const added of change.rounds.filter((r) => r.id === null)) {
    await insertRound(trx, {
      competition_id: event.competition_id,
      event_id: event.id,
      round_number: added.roundNumber,
      round_name: added.roundName,
      schedule_index: added.scheduleIndex,
      recall_size: added.recallSize,
      roundState: added.roundState,
      round_type: added.type ?? 'regular',
    });
  }
  // Star couples join a round by its number: they follow it when it is renumbered (safe order above).
  for (const m of change.renumber) {
    await trx
      .updateTable('entries')
      .set({ joins_round: m.to })
      .where('event_id', '=', event.id)
      .where('joins_round', '=', m.from)
      .execute();
  }
  await applyScheduleIndexes(trx, change.scheduleIndexes, newById);
  await bumpEvent(trx, event.id);
}

/**
 * The other events' rounds in a refreshed running order (reorderAfterAddRemoveRound) get their new
 * index; keys are `slotKey`s, and the event's own rounds (`own`, written with their plans) are passed over.
 */
export async function applyScheduleIndexes(
  trx: Tx,
  indexes: Map<string, number> | null,
  own: ReadonlyMap<number, unknown> = new Map(),
): Promise<void> {
  for (const [key, index] of indexes ?? []) {
    const id = Number(key.slice(3));
    if (!key.startsWith('id:') || own.has(id)) continue;
    await placeRound(trx, id, { schedule_index: index }, { onlyIfIndexChanges: true });
  }
}
