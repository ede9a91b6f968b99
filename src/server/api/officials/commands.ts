/** Adding, editing and removing officials, their access codes, and the judge panel of each event. */
import type { z } from 'zod';
import type { panelPut } from '../../../domain/schemas/events.ts';
import type { OfficialCreate, OfficialPatch } from '../../../domain/schemas/officials.ts';
import { generateCode } from '../../../domain/codes.ts';
import { audit } from '../../audit.ts';
import { HttpError } from '../../errors.ts';
import { assertVersion, type CommandContext } from '../../http/command.ts';
import type { Tx } from '../../http/db.ts';
import type { OfficialRow } from '../../db/schema.ts';
import { bumpEvent, checkEventVersion } from '../events/commands.ts';
import { findEvent } from '../events/queries.ts';
import { findOfficial, officialView, readPanels } from './queries.ts';
import { judgesInMarkingOrder } from './judges.ts';
import { freeJudgeLetter } from '../../../domain/judgeLetters.ts';
import { panelsWithEvent } from '../joins.ts';

/**
 * Adds an official with a fresh access code; the code is returned this once and only `stored(code)` is
 * kept (keyed: auth/entryCodes.ts). Inside the caller's transaction (the administrators' command, or
 * the demo seed).
 */
export async function addOfficial(
  trx: Tx,
  competitionId: number,
  body: OfficialCreate,
  actor: string,
  stored: (code: string) => string,
) {
  const accessCode = generateCode();
  const existing = await trx
    .selectFrom('officials')
    .select(['role', 'letter', 'sort_order'])
    .where('competition_id', '=', competitionId)
    .execute();
  const letter =
    body.role === 'Judge'
      ? freeJudgeLetter(existing.filter((o) => o.role === 'Judge').map((o) => o.letter))
      : '';
  const row = await trx
    .insertInto('officials')
    .values({
      competition_id: competitionId,
      name: body.name,
      role: body.role,
      bio: body.bio,
      photo_url: body.photoURL,
      letter,
      access_code_hash: stored(accessCode),
      sort_order: existing.length,
      version: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await audit(trx, {
    competitionId,
    actor,
    action: 'official.create',
    entity: 'official',
    entityId: row.id,
    after: { ...body, letter },
  });
  return {
    id: row.id,
    name: body.name,
    role: body.role,
    bio: body.bio,
    photoURL: body.photoURL,
    letter,
    accessCode,
  };
}

export async function updateOfficial(ctx: CommandContext, officialId: number, body: OfficialPatch) {
  const { trx, competition } = ctx;
  const { version, ...changes } = body;
  const o = await findOfficial(trx, competition.id, officialId);
  await assertVersion(version, o.version, `${o.name}'s details`, () => officialView(o));
  let letter = o.letter;
  if (changes.role && changes.role !== o.role) {
    if (changes.role === 'Judge') {
      // A new judge gets the next free letter; the others keep theirs (sheets may be printed).
      const used = await trx
        .selectFrom('officials')
        .select('letter')
        .where('competition_id', '=', competition.id)
        .where('letter', '!=', '')
        .execute();
      letter = freeJudgeLetter(used.map((u) => u.letter));
    } else {
      letter = '';
      await trx.deleteFrom('event_panels').where('official_id', '=', o.id).execute();
    }
  }
  await trx
    .updateTable('officials')
    .set({
      name: changes.name ?? o.name,
      role: changes.role ?? o.role,
      bio: changes.bio ?? o.bio,
      photo_url: changes.photoURL ?? o.photo_url,
      letter,
      version: o.version + 1,
    })
    .where('id', '=', o.id)
    .execute();
  const after = officialView(await findOfficial(trx, competition.id, o.id));
  await ctx.audit({
    action: 'official.update',
    entity: 'official',
    entityId: o.id,
    before: officialView(o),
    after,
  });
  return after;
}

/**
 * Deletes an official who has not marked anything: they leave every judge panel and their open
 * sessions end. One whose marks are on record stays (the results rest on them): 409, nothing written.
 */
export async function deleteOfficial(ctx: CommandContext, officialId: number) {
  const { trx, competition } = ctx;
  const o = await findOfficial(trx, competition.id, officialId);
  const [marks, history] = await Promise.all([
    trx
      .selectFrom('marks')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('official_id', '=', o.id)
      .executeTakeFirstOrThrow(),
    // The mark history is the append-only trace; it names the official by id only.
    trx
      .selectFrom('mark_history')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('official_id', '=', o.id)
      .executeTakeFirstOrThrow(),
  ]);
  if (Number(marks.n) > 0 || Number(history.n) > 0)
    throw new HttpError(
      409,
      'has_marks',
      `${o.name} cannot be deleted: their marks are on record and the results rest on them.`,
      { marks: Number(marks.n), reason: 'official', name: o.name },
    );
  const panels = await panelsWithEvent(trx)
    .select(['events.id', 'events.key', 'events.name'])
    .where('event_panels.official_id', '=', o.id)
    .orderBy('events.sort_order')
    .orderBy('events.id')
    .execute();
  await trx.deleteFrom('event_panels').where('official_id', '=', o.id).execute();
  for (const e of panels) await bumpEvent(trx, e.id);
  // A panel left empty goes back to the default, every judge: say so rather than surprise.
  const emptied = [];
  for (const e of panels) {
    const left = await trx
      .selectFrom('event_panels')
      .select('official_id')
      .where('event_id', '=', e.id)
      .executeTakeFirst();
    if (!left) emptied.push(e.name);
  }
  await trx.deleteFrom('sessions').where('official_id', '=', o.id).execute();
  await trx.deleteFrom('officials').where('id', '=', o.id).execute();
  await ctx.audit({
    action: 'official.delete',
    entity: 'official',
    entityId: o.id,
    before: { ...officialView(o), panels: panels.map((e) => e.key) },
  });
  const message =
    `Deleted ${o.name} (${o.role}${o.letter ? ` ${o.letter}` : ''})` +
    (panels.length ? `; removed from the panel of ${panels.map((e) => e.name).join(', ')}` : '') +
    (emptied.length ? `; ${emptied.join(', ')} now judged by every judge` : '');
  return { message, panels: panels.map((e) => e.name), emptied };
}

/** Gives `o` a new access code inside the command's transaction; the old code and its sessions end. */
async function issueCode(ctx: CommandContext, o: OfficialRow) {
  const accessCode = generateCode();
  await ctx.trx
    .updateTable('officials')
    .set({ access_code_hash: ctx.entryCodes.access.hash(accessCode), version: o.version + 1 })
    .where('id', '=', o.id)
    .execute();
  // Sessions opened with the old code end: the code may have been lost or seen.
  await ctx.trx.deleteFrom('sessions').where('official_id', '=', o.id).execute();
  await ctx.audit({ action: 'official.code-regenerate', entity: 'official', entityId: o.id });
  return { ...officialView(o), version: o.version + 1, accessCode };
}

/** A new access code (the old one stops working); shown this once, like at creation. */
export async function newAccessCode(ctx: CommandContext, officialId: number) {
  return issueCode(ctx, await findOfficial(ctx.trx, ctx.competition.id, officialId));
}

/**
 * New access codes for every official at once, for printing everyone's sign-in card: in one
 * transaction, so either every card's code works or none changed.
 */
export async function newAccessCodes(ctx: CommandContext) {
  const rows = await ctx.trx
    .selectFrom('officials')
    .selectAll()
    .where('competition_id', '=', ctx.competition.id)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  const officials = [];
  for (const o of rows) officials.push(await issueCode(ctx, o));
  const n = officials.length;
  return {
    message: n
      ? `New access codes for all ${n} official${n === 1 ? '' : 's'}: the old codes no longer work.`
      : 'There are no officials yet.',
    officials,
  };
}

/** Sets an event's judge panel; an empty list (or every judge) goes back to the default. */
export async function setPanel(ctx: CommandContext, eventKey: string, body: z.infer<typeof panelPut>) {
  const { trx, competition } = ctx;
  const e = await findEvent(trx, competition.id, eventKey);
  await checkEventVersion(trx, e, body.version);
  const judges = await judgesInMarkingOrder(trx, competition.id);
  const ids = new Set(judges.map((j) => j.id));
  const wrong = body.officialIds.find((id) => !ids.has(id));
  if (wrong !== undefined)
    throw new HttpError(400, 'invalid', `Official ${wrong} is not a judge of this competition.`);
  const before = (await readPanels(trx, competition.id)).find((p) => p.eventKey === e.key);
  await trx.deleteFrom('event_panels').where('event_id', '=', e.id).execute();
  const chosen = [...new Set(body.officialIds)];
  if (chosen.length && chosen.length < ids.size)
    await trx
      .insertInto('event_panels')
      .values(chosen.map((official_id) => ({ event_id: e.id, official_id })))
      .execute();
  await bumpEvent(trx, e.id);
  await ctx.audit({
    action: 'event.panel',
    entity: 'event',
    entityId: e.key,
    before,
    after: { officialIds: chosen },
  });
}
