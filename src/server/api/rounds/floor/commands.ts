/**
 * Who dances a round, in which heat: the one place couples are put into a round (first round at
 * generation or start, later rounds when the round before is posted) and heats are drawn.
 */
import type { RoundRow } from '../../../db/schema.ts';
import type { Q } from '../../events/repo.ts';
import { drawHeats } from '../../../../domain/rounds/index.ts';

type RoundLike = Pick<RoundRow, 'id' | 'heat_size'>;

/** The seed of a round's heat draw: the same couples always fall into the same heats. */
export const drawKey = (round: RoundLike) => `round-${round.id}`;

/** Replaces the round's couples with these entries, drawn into heats by the round's heat size. */
export async function placeCouplesInRound(
  trx: Q,
  round: RoundLike,
  entryIds: readonly number[],
): Promise<void> {
  await trx.deleteFrom('round_entries').where('round_id', '=', round.id).execute();
  if (entryIds.length === 0) return;
  const numbers = await trx
    .selectFrom('entries')
    .select(['id', 'lead_number'])
    .where('id', 'in', [...entryIds])
    .execute();
  const heats = drawHeats(
    numbers.map((e) => String(e.lead_number)),
    round.heat_size,
    drawKey(round),
  );
  await trx
    .insertInto('round_entries')
    .values(
      numbers.map((e) => ({
        round_id: round.id,
        entry_id: e.id,
        heat: heats.get(String(e.lead_number)) ?? 1,
      })),
    )
    .execute();
}

/** Redraws the heats of the couples already in the round (after its heat size changed). */
export async function redrawHeats(trx: Q, round: RoundLike): Promise<void> {
  const rows = await trx
    .selectFrom('round_entries')
    .select('entry_id')
    .where('round_id', '=', round.id)
    .execute();
  await placeCouplesInRound(
    trx,
    round,
    rows.map((r) => r.entry_id),
  );
}
