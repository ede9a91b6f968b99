/**
 * Championship formats on an event (rules in src/domain/rounds/formats.ts,
 * sources in docs/scrutineering-formats.md): the organizer marks star couples and adds redance
 * rounds; the chairman disqualifies a couple or records its withdrawal, and reinstates it.
 */
import { HttpError } from '../../../errors.ts';
import { nowIso } from '../../../db/index.ts';
import type { EntryRow, RoundRow } from '../../../db/schema.ts';
import { assertVersion, type CommandContext } from '../../../http/command.ts';
import { findOwned } from '../../../http/db.ts';
import { findEvent } from '../../events/queries.ts';
import { eventRounds, toPlan } from '../queries.ts';
import {
  addRound,
  checkRedanceAfter,
  checkStarRound,
  keepsLastPlace,
  nextRegularRound,
  recallSizeFor,
  REDANCE_NAME,
  RoundState,
  WITHDRAWAL_LABELS,
  type WithdrawalKind,
} from '../../../../domain/rounds/index.ts';
import type { redanceBody, StarBody, WithdrawalBody } from '../../../../domain/schemas/formats.ts';
import type { z } from 'zod';
import { applyRoundTransition, underRoundRules } from '../transition.ts';
import { takeOutOfRounds } from '../roundEntries.ts';
import { rescoreRound } from '../results/commands.ts';
import { applyRoundChange, otherSlots, slotKey } from '../plans.ts';
import { readEventSettings } from '../../settings/queries.ts';
import type { EventRoundsCtx } from '../commands.ts';
import type { RoundNaming } from '../../../../domain/rounds/index.ts';

interface EntryAddress {
  eventKey: string;
  entryId: number;
}

/**
 * The entry at the address, its event and rounds, and the label messages name the couple by. `seen`:
 * the entry's version the operator's screen showed; when it moved on since, 409 with the entry as it
 * is now (its id, version and what `shown` picks).
 */
async function loadEntry(
  cmd: CommandContext,
  where: EntryAddress,
  seen?: number,
  shown: (entry: EntryRow) => object = () => ({}),
) {
  const event = await findEvent(cmd.trx, cmd.competition.id, where.eventKey);
  const entry = await findOwned(cmd.trx, 'entries', cmd.competition.id, where.entryId, 'That entry');
  if (entry.event_id !== event.id)
    throw new HttpError(404, 'not_found', `That entry is not in ${event.name}.`);
  const label = `Couple ${entry.lead_number} of ${event.name}`;
  await assertVersion(seen, entry.version, label, () => ({
    entryId: entry.id,
    ...shown(entry),
    version: entry.version,
  }));
  const rounds = await eventRounds(cmd.trx, event.id);
  return { event, entry, rounds, label };
}

const started = (r: RoundRow) =>
  r.round_state === RoundState.Running ||
  r.round_state === RoundState.Marked ||
  r.round_state === RoundState.Posted;

/** The rounds the entry has been put into, in order. */
async function roundsOfEntry(cmd: CommandContext, entryId: number, rounds: RoundRow[]) {
  const rows = await cmd.trx
    .selectFrom('round_entries')
    .select('round_id')
    .where('entry_id', '=', entryId)
    .execute();
  const ids = new Set(rows.map((r) => r.round_id));
  return rounds.filter((r) => ids.has(r.id) && r.round_state !== RoundState.Skipped);
}

// --- star couples -----------------------------------------------------------------------------

/**
 * Marks an entry a star couple joining round `joinsRound` (or an ordinary couple again). The round
 * feeding that round recalls one couple fewer (`recallSizeFor`) while it is not yet danced, so the
 * round the stars join keeps its size.
 */
export async function setStarCouple(cmd: CommandContext, where: EntryAddress, body: StarBody) {
  const { trx } = cmd;
  const { event, entry, rounds, label } = await loadEntry(cmd, where, body.version, (e) => ({
    joinsRound: e.joins_round,
  }));
  const plans = rounds.map(toPlan);
  const to = body.joinsRound;
  if (to !== null) underRoundRules(() => checkStarRound(plans, to));
  const danced = (await roundsOfEntry(cmd, entry.id, rounds)).filter(started);
  if (danced.length) {
    throw new HttpError(
      409,
      'already_dancing',
      `${label} already danced the ${danced[0]!.round_name}: a star couple is set before the event starts.`,
    );
  }
  for (const n of [entry.joins_round, to]) {
    const r = rounds.find((x) => x.round_number === n);
    if (r && started(r)) {
      throw new HttpError(
        409,
        'round_started',
        `The ${r.round_name} of ${event.name} has started: its couples are set.`,
        { round: r.round_name, event: event.name },
      );
    }
  }
  const version = entry.version + 1;
  await trx.updateTable('entries').set({ joins_round: to, version }).where('id', '=', entry.id).execute();
  // Not in the rounds before the one they join (the first round seats its couples again when started).
  const before = rounds.filter((r) => !started(r) && (to === null || r.round_number < to)).map((r) => r.id);
  if (to !== null && before.length) {
    await trx
      .deleteFrom('round_entries')
      .where('entry_id', '=', entry.id)
      .where('round_id', 'in', before)
      .execute();
  }
  const recalls = await followRecallSizes(cmd, rounds, entry.joins_round, to);
  await cmd.audit({
    action: 'entry.star',
    entity: 'entry',
    entityId: String(entry.id),
    before: { joins_round: entry.joins_round },
    after: { joins_round: to, recalls },
  });
  const round = rounds.find((r) => r.round_number === to);
  return {
    message:
      to === null
        ? `${label} dances from the first round.`
        : `${label} is a star couple joining at the ${round?.round_name ?? `round ${to}`}` +
          (recalls.length ? `; ${recalls.map((c) => `${c.roundName} recalls ${c.to}`).join(', ')}.` : '.'),
    entryId: entry.id,
    coupleNumber: String(entry.lead_number),
    joinsRound: to,
    version,
    eventName: event.name,
    roundName: to === null ? null : (round?.round_name ?? null),
    recalls: recalls.map((c) => ({ roundName: c.roundName, recallSize: c.to })),
  };
}

/** The feeding rounds of the round a star leaves (+1) and joins (−1), while not yet danced. */
async function followRecallSizes(
  cmd: CommandContext,
  rounds: RoundRow[],
  from: number | null,
  to: number | null,
) {
  const changed: Array<{ roundName: string; from: number; to: number }> = [];
  if (from === to) return changed;
  const plans = rounds.map(toPlan);
  for (const [n, delta] of [
    [from, +1],
    [to, -1],
  ] as const) {
    if (n === null) continue;
    const feeder = [...rounds]
      .reverse()
      .find(
        (r) =>
          r.round_number < n &&
          r.round_state !== RoundState.Skipped &&
          r.round_type !== 'redance' &&
          nextRegularRound(plans, r.round_number)?.roundNumber === n,
      );
    if (!feeder || started(feeder)) continue;
    // One star couple more (delta −1) or fewer (+1) in the round: the feeder recalls that many fewer/more.
    const size = delta < 0 ? recallSizeFor(feeder.recall_size, 1) : feeder.recall_size + 1;
    if (size === feeder.recall_size) continue;
    await applyRoundTransition(cmd.trx, feeder, undefined, { recall_size: size });
    changed.push({ roundName: feeder.round_name, from: feeder.recall_size, to: size });
  }
  return changed;
}

// --- redance ----------------------------------------------------------------------------------

/** Adds a redance round after round `n` (before it is posted), recalling `recallSize` couples back. */
export async function addRedance(
  ctx: EventRoundsCtx,
  n: number,
  body: z.infer<typeof redanceBody>,
): Promise<string> {
  const plans = ctx.rounds.map(toPlan);
  checkRedanceAfter(plans, n);
  const settings = await readEventSettings(ctx.trx, ctx.competition.id);
  const change = addRound(
    plans,
    {
      after: n,
      name: body.name ?? REDANCE_NAME,
      recallSize: body.recallSize,
      make: (b) => ({ ...b, id: null, type: 'redance' as const }),
    },
    {
      naming: ctx.event.round_naming as RoundNaming,
      reorderAfterAddRemoveRound: settings.reorderAfterAddRemoveRound,
      otherSlots: await otherSlots(ctx.trx, ctx.competition.id, ctx.event.id),
      slotKey: (k) => {
        const row = ctx.rounds.find((r) => r.round_number === (k > n ? k - 1 : k));
        return k === n + 1 ? 'new' : row ? slotKey(row.id) : `R${k}`;
      },
    },
  );
  await applyRoundChange(ctx.trx, ctx.event, ctx.rounds, change);
  const from = ctx.rounds.find((r) => r.round_number === n)!;
  const description = `Added a redance (${body.name ?? REDANCE_NAME}) after the ${from.round_name}: the couples it does not recall dance it, and ${body.recallSize} of them rejoin the next round`;
  await ctx.audit({
    action: 'round.redance',
    entity: 'event',
    entityId: ctx.event.key,
    before: { rounds: ctx.rounds },
    after: { description, rounds: change.rounds, renumber: change.renumber },
  });
  return description;
}

// --- disqualification and withdrawal ----------------------------------------------------------

/**
 * The chairman takes a couple out, with a reason: from the round it is in now on (`round`) or from
 * the whole event. The couple leaves the rounds after; a computed result of its round is recomputed
 * without it (a posted final publishes the new placings). A couple withdrawing from a final that
 * had started keeps the last place (`keepsLastPlace`).
 */
export async function withdrawCouple(cmd: CommandContext, where: EntryAddress, body: WithdrawalBody) {
  const { trx } = cmd;
  const { event, entry, rounds, label } = await loadEntry(cmd, where, body.version, (e) => ({
    withdrawal: e.withdrawal,
  }));
  if (entry.withdrawal) {
    throw new HttpError(
      409,
      'already_out',
      `${label} is already recorded as ${WITHDRAWAL_LABELS[entry.withdrawal as WithdrawalKind]}: reinstate it first to change that.`,
    );
  }
  const inRounds = await roundsOfEntry(cmd, entry.id, rounds);
  const current = [...inRounds].reverse().find(started) ?? inRounds.at(-1) ?? null;
  const fromRound = body.scope === 'event' ? 1 : (current?.round_number ?? 1);
  const isFinal = current !== null && nextRegularRound(rounds.map(toPlan), current.round_number) === null;
  const keepsPlace =
    body.scope === 'round' &&
    current !== null &&
    keepsLastPlace(body.kind, isFinal, current.round_state as RoundState);
  const version = entry.version + 1;
  const now = nowIso();
  await trx
    .updateTable('entries')
    .set({
      withdrawal: body.kind,
      withdrawal_reason: body.reason,
      withdrawal_round: fromRound,
      withdrawn_at: now,
      withdrawal_keeps_place: keepsPlace ? 1 : 0,
      version,
    })
    .where('id', '=', entry.id)
    .execute();
  // Out of every round after the one it leaves (a posted recall already handed it on).
  const later = rounds.filter((r) => r.round_number > (current?.round_number ?? 0)).map((r) => r.id);
  await takeOutOfRounds(trx, [entry.id], later);
  const recomputed = current
    ? await rescoreRound(cmd, { eventKey: event.key, n: current.round_number })
    : null;
  await cmd.audit({
    action: body.kind === 'disqualified' ? 'entry.disqualify' : 'entry.withdraw',
    entity: 'entry',
    entityId: String(entry.id),
    before: entryTrace(entry),
    after: {
      withdrawal: body.kind,
      withdrawal_reason: body.reason,
      withdrawal_round: fromRound,
      withdrawal_keeps_place: keepsPlace,
      scope: body.scope,
      recomputed,
    },
  });
  const what = body.kind === 'disqualified' ? 'is disqualified' : 'withdrew';
  return {
    message:
      `${label} ${what}` +
      (body.scope === 'event' ? ' from the event' : current ? ` from the ${current.round_name}` : '') +
      ` (${body.reason})` +
      (keepsPlace ? '; it keeps the last place of the final' : '') +
      (recomputed ? `; the ${recomputed} is recomputed.` : '.'),
    entryId: entry.id,
    coupleNumber: String(entry.lead_number),
    withdrawal: body.kind,
    fromRound,
    keepsPlace,
    version,
    eventName: event.name,
    roundName: current?.round_name ?? null,
    recomputed: recomputed !== null,
  };
}

const entryTrace = (e: EntryRow) => ({
  withdrawal: e.withdrawal,
  withdrawal_reason: e.withdrawal_reason,
  withdrawal_round: e.withdrawal_round,
  withdrawal_keeps_place: e.withdrawal_keeps_place,
});

/**
 * Undoes a disqualification or withdrawal (a mistake), with a reason: the result of the round it
 * left is recomputed with it again. Rounds already handed on without it stay as they are.
 */
export async function reinstateCouple(cmd: CommandContext, where: EntryAddress, body: { reason: string }) {
  const { trx } = cmd;
  const { event, entry, rounds, label } = await loadEntry(cmd, where);
  if (!entry.withdrawal)
    throw new HttpError(409, 'not_out', `${label} is competing: there is nothing to reinstate.`);
  const version = entry.version + 1;
  await trx
    .updateTable('entries')
    .set({
      withdrawal: null,
      withdrawal_reason: null,
      withdrawal_round: null,
      withdrawn_at: null,
      withdrawal_keeps_place: 0,
      version,
    })
    .where('id', '=', entry.id)
    .execute();
  const inRounds = await roundsOfEntry(cmd, entry.id, rounds);
  const current = [...inRounds].reverse().find(started) ?? null;
  const recomputed = current
    ? await rescoreRound(cmd, { eventKey: event.key, n: current.round_number })
    : null;
  await cmd.audit({
    action: 'entry.reinstate',
    entity: 'entry',
    entityId: String(entry.id),
    before: entryTrace(entry),
    after: { withdrawal: null, reason: body.reason, recomputed },
  });
  return {
    message:
      `${label} is reinstated (${body.reason})` + (recomputed ? `; the ${recomputed} is recomputed.` : '.'),
    entryId: entry.id,
    coupleNumber: String(entry.lead_number),
    withdrawal: null,
    fromRound: null,
    keepsPlace: false,
    version,
    eventName: event.name,
    roundName: current?.round_name ?? null,
    recomputed: recomputed !== null,
  };
}
