/**
 * Who dances a round, in which heat: the one place couples are put into a round (first round at
 * generation or start, later rounds when the round before is posted) and heats are drawn.
 */
import type { RoundRow } from '../../../db/schema.ts';
import { HttpError } from '../../../errors.ts';
import type { Tx } from '../../../http/db.ts';
import { findEvent } from '../../events/queries.ts';
import { eventRounds } from '../queries.ts';
import { RoundState } from '../../../../domain/rounds/index.ts';
import type { HeatsBody } from '../../../../domain/schemas/floor.ts';
import { assertVersion, type CommandContext } from '../../../http/command.ts';
import type { RoundAddress } from '../context.ts';
import { applyRoundTransition } from '../transition.ts';
import { drawKey, roundCouples } from './queries.ts';
import { drawHeats } from '../../../../domain/rounds/index.ts';

type RoundLike = Pick<RoundRow, 'id' | 'heat_size'>;

/** Replaces the round's couples with these entries, drawn into heats by the round's heat size. */
export async function placeCouplesInRound(
  trx: Tx,
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
export async function redrawHeats(trx: Tx, round: RoundLike): Promise<void> {
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

/** Sets a round's heat size (null: one heat) and draws its couples again; answers the new list. */
export async function setHeats(cmd: CommandContext, where: RoundAddress, input: HeatsBody) {
  const { trx } = cmd;
  const event = await findEvent(trx, cmd.competition.id, where.eventKey);
  const rounds = await eventRounds(trx, event.id);
  const round = rounds.find((r) => r.round_number === where.n);
  if (!round) throw new HttpError(404, 'not_found', `${event.name} has no round ${where.n}.`);
  const label = `${round.round_name} of ${event.name}`;
  await assertVersion(input.version, round.version, label, () => roundCouples(trx, event, round, rounds));
  if (round.round_state === RoundState.Posted || round.round_state === RoundState.Skipped)
    throw new HttpError(409, 'round_over', `${label} is over: its heats can no longer change.`);
  const updated = await applyRoundTransition(trx, round, undefined, { heat_size: input.heatSize });
  await redrawHeats(trx, updated);
  const after = await roundCouples(trx, event, updated, rounds);
  await cmd.audit({
    action: 'round.heats',
    entity: 'round',
    entityId: `${event.key}-R${round.round_number}`,
    before: { heat_size: round.heat_size },
    after: { heat_size: updated.heat_size, heats: after.heats },
  });
  return after;
}
