/** Importing a competition exported by `exportCompetition` (queries.ts), as a site administrator's command. */
import { linkPerson } from '../people/persons.ts';
import { audit } from '../../audit.ts';
import { upgradeEntryCodes } from '../../auth/entryCodes.ts';
import { HttpError } from '../../errors.ts';
import { isConstraintViolation } from '../../db/dialect.ts';
import type { CommandContext } from '../../http/command.ts';
import type { Tx } from '../../http/db.ts';
import type { Database } from '../../db/schema.ts';
import { requireSignedIn } from '../../http/access.ts';
import { exportDocument } from '../../../domain/schemas/exchange.ts';
import { competitionView } from '../competitions/queries.ts';
import { moveImageUrls } from '../images/sniff.ts';
import { importProblems } from './validate.ts';
import { chainRecords, type ChainedFields } from '../../../domain/auditChain.ts';
import { AJS_TOLERANCE_BEFORE_PER_EVENT } from '../../../domain/scoring/ajs.ts';
import { CHILD_TABLES, COMPETITION_COLUMNS, EXPORT_TABLES, type Row } from './tables.ts';

/**
 * A panel split's JSON with its official-id keys (the object at `path`) moved to the officials' new
 * ids; an id that is not an exported official is refused, as a reference column's would be.
 */
function moveOfficialKeys(
  text: string,
  path: readonly string[],
  officials: Map<number, number> | undefined,
  where: string,
): string {
  const value = JSON.parse(text) as unknown;
  let holder: Record<string, unknown> | null = null;
  let at: unknown = value;
  for (const step of path) {
    holder = at as Record<string, unknown>;
    at = holder?.[step];
  }
  if (at === null || typeof at !== 'object' || Array.isArray(at)) return text;
  const moved = Object.fromEntries(
    Object.entries(at).map(([id, v]) => {
      const to = officials?.get(Number(id));
      if (to === undefined)
        throw new HttpError(400, 'invalid', `${where} names official ${id}, who is not in the export.`);
      return [String(to), v];
    }),
  );
  if (holder === null) return JSON.stringify(moved);
  holder[path[path.length - 1]!] = moved;
  return JSON.stringify(value);
}

/** An export document parsed and checked, made ready to insert (older formats brought up to date). */
export type CheckedExport = ReturnType<typeof exportDocument.parse>;

/** The document as an import takes it: parsed, checked, older formats brought up to date; else 400. */
export function checkedExport(input: unknown): CheckedExport {
  const doc = exportDocument.parse(input);
  const problems = importProblems(doc.competition, doc.tables, 100, doc.formatVersion);
  if (problems.length > 0) {
    const first = problems[0]!;
    throw new HttpError(
      400,
      'invalid',
      `The file was not imported: ${first.path.join('.')}: ${first.message}${problems.length > 1 ? ` (and ${problems.length - 1} more problem${problems.length > 2 ? 's' : ''}${problems.length >= 100 ? ', the first 100 listed' : ''})` : ''}.`,
      problems,
    );
  }
  // A file from before the chain (version 1): its records are chained here, in its order. A version 2
  // file's chain was checked above and is stored as it is: the copy's chain goes on from its last record.
  if (doc.formatVersion < 2 && doc.tables.audit_log)
    doc.tables.audit_log = chainRecords(
      doc.tables.audit_log as unknown as ChainedFields[],
    ) as unknown as Row[];

  // A file from before events had their own AJS tolerance: its AJS events were scored at 1.2 and
  // keep it, so a re-score of the copy agrees with the original; its other events take the default.
  for (const e of doc.tables.events ?? [])
    if (e.ajs_tolerance === undefined && e.scoring_system === 'ajs')
      e.ajs_tolerance = AJS_TOLERANCE_BEFORE_PER_EVENT;
  return doc;
}

/** The competition row's own columns of a document (its key aside). */
function competitionColumns(doc: CheckedExport): Row {
  const comp: Row = {};
  for (const c of COMPETITION_COLUMNS)
    if (c !== 'key' && doc.competition[c] !== undefined)
      comp[c] = scalar(doc.competition[c], `competition.${c}`);
  return comp;
}

/** Inserts an exported competition under `key` (or its own) in one transaction: all of it or nothing. */
export async function importCompetition(trx: Tx, input: unknown, keyOverride?: string): Promise<number> {
  const doc = checkedExport(input);
  const key = keyOverride ?? doc.competition.key;
  const taken = await trx.selectFrom('competitions').select('id').where('key', '=', key).executeTakeFirst();
  if (taken)
    throw new HttpError(
      409,
      'duplicate',
      `A competition with key "${key}" already exists. Import it under another key (?key=…).`,
    );
  const comp: Row = { key, ...competitionColumns(doc) };
  const inserted = await trx
    .insertInto('competitions')
    .values(comp as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  await insertRows(trx, doc, inserted.id, key, comp);
  return inserted.id;
}

/**
 * Replaces every exported row of competition `competitionId` with the document's, under the same
 * competition row (its id, key, staff, change feed and sessions of staff stay): the other server's copy
 * becomes this one's (a hand-back, docs/mirror.md). What this server keeps of the competition that is
 * not exported follows: the emails' registrations are found again by their entry code, and so are the
 * emailed links' that the document does not carry (all of them from a server that did not export
 * links yet); the answers kept for repeated requests (idempotency keys) are dropped, their ids being gone.
 */
export async function replaceCompetition(trx: Tx, competitionId: number, input: unknown): Promise<void> {
  const doc = checkedExport(input);
  const current = await trx
    .selectFrom('competitions')
    .select('key')
    .where('id', '=', competitionId)
    .executeTakeFirstOrThrow();
  const oldCodes = await registrationCodes(trx, competitionId);
  const oldAnnouncements = await announcementKeys(trx, competitionId);
  const links = await trx
    .selectFrom('entry_links')
    .selectAll()
    .where('competition_id', '=', competitionId)
    .execute();
  // The document's links win: an old link it carries too (spent at the other server since) is not
  // copied, which the token's uniqueness would refuse anyway.
  const carried = new Set((doc.tables.entry_links ?? []).map((l) => String(l.token_hash)));
  // Children first: nothing left points at a row about to go (entry_links among them).
  for (const spec of [...EXPORT_TABLES].reverse()) {
    if (spec.name === 'event_panels')
      await trx
        .deleteFrom('event_panels')
        .where('event_id', 'in', (q) =>
          q.selectFrom('events').select('id').where('competition_id', '=', competitionId),
        )
        .execute();
    else if (spec.name === 'round_entries')
      await trx
        .deleteFrom('round_entries')
        .where('round_id', 'in', (q) =>
          q.selectFrom('rounds').select('id').where('competition_id', '=', competitionId),
        )
        .execute();
    else
      await trx
        .deleteFrom(spec.name)
        .where('competition_id' as never, '=', competitionId as never)
        .execute();
  }
  await trx.deleteFrom('idempotency_keys').where('competition_id', '=', competitionId).execute();
  const comp = competitionColumns(doc);
  await trx.updateTable('competitions').set(comp).where('id', '=', competitionId).execute();
  await insertRows(trx, doc, competitionId, current.key, comp);

  // The same registration in the copy: the one with the same entry code.
  const newByCode = new Map(
    (await registrationCodes(trx, competitionId)).map((r) => [r.entry_code_hash, r.id] as const),
  );
  const moved = new Map<number, number>();
  for (const r of oldCodes) {
    const to = r.entry_code_hash ? newByCode.get(r.entry_code_hash) : undefined;
    if (to !== undefined) moved.set(r.id, to);
  }
  for (const l of links) {
    const to = moved.get(l.registration_id);
    if (to === undefined || carried.has(l.token_hash)) continue;
    const { id: _id, ...rest } = l;
    await trx
      .insertInto('entry_links')
      .values({ ...rest, registration_id: to })
      .execute();
  }
  // An announcement is the one sent at the same moment with the same subject.
  const newAnnouncements = new Map(
    (await announcementKeys(trx, competitionId)).map((a) => [`${a.created_at}\n${a.subject}`, a.id] as const),
  );
  const announced = new Map<number, number>();
  for (const a of oldAnnouncements) {
    const to = newAnnouncements.get(`${a.created_at}\n${a.subject}`);
    if (to !== undefined) announced.set(a.id, to);
  }
  const messages = await trx
    .selectFrom('messages')
    .select(['id', 'registration_id', 'announcement_id'])
    .where('competition_id', '=', competitionId)
    .where((eb) => eb.or([eb('registration_id', 'is not', null), eb('announcement_id', 'is not', null)]))
    .execute();
  for (const m of messages) {
    const registration = m.registration_id === null ? null : (moved.get(m.registration_id) ?? null);
    const announcement = m.announcement_id === null ? null : (announced.get(m.announcement_id) ?? null);
    if (registration !== m.registration_id || announcement !== m.announcement_id)
      await trx
        .updateTable('messages')
        .set({ registration_id: registration, announcement_id: announcement })
        .where('id', '=', m.id)
        .execute();
  }
}

async function announcementKeys(trx: Tx, competitionId: number) {
  return trx
    .selectFrom('announcements')
    .select(['id', 'created_at', 'subject'])
    .where('competition_id', '=', competitionId)
    .execute();
}

async function registrationCodes(trx: Tx, competitionId: number) {
  return trx
    .selectFrom('registrations')
    .select(['id', 'entry_code_hash'])
    .where('competition_id', '=', competitionId)
    .execute();
}

/** The document's rows of every exported table, under competition `competitionId` (ids re-assigned). */
async function insertRows(
  trx: Tx,
  doc: CheckedExport,
  competitionId: number,
  key: string,
  comp: Row,
): Promise<void> {
  const idMaps = new Map<string, Map<number, number>>();
  let images: Map<number, number> | undefined;
  for (const spec of EXPORT_TABLES) {
    const rows = doc.tables[spec.name] ?? [];
    const unique = spec.serverUnique;
    const held = unique ? await heldValues(trx, spec.name, unique, rows) : null;
    const map = new Map<number, number>();
    // A row may point at an earlier row of its own table (a payment's correction).
    if (spec.id) idMaps.set(spec.name, map);
    for (const [i, row] of rows.entries()) {
      if (unique && held?.has(String(row[unique]))) continue;
      const values: Row = {};
      if (!CHILD_TABLES.has(spec.name)) values.competition_id = competitionId;
      for (const col of spec.columns) {
        if (spec.binary?.includes(col)) {
          values[col] = Buffer.from(String(row[col]), 'base64'); // checked by importProblems
          continue;
        }
        let v = scalar(row[col], `${spec.name}[${i}].${col}`);
        const target = spec.refs[col];
        if (target && v !== null && v !== undefined) {
          const mapped =
            idMaps.get(target)?.get(Number(v)) ??
            (spec.looseRefs?.includes(col) ? -Math.abs(Number(v)) : undefined);
          if (mapped === undefined)
            throw new HttpError(
              400,
              'invalid',
              `${spec.name}[${i}].${col} points at ${target} ${String(v)}, which is not in the export.`,
            );
          v = mapped;
        }
        const keyed = spec.officialKeys?.[col];
        if (keyed && typeof v === 'string')
          v = moveOfficialKeys(v, keyed, idMaps.get('officials'), `${spec.name}[${i}].${col}`);
        // An uploaded photo's address names the competition and the image's id: both change (the audit
        // log keeps what was written then).
        if (typeof v === 'string' && images && spec.name !== 'audit_log') v = moveImageUrls(v, key, images);
        if (v !== undefined) values[col] = v;
      }
      const insert = trx.insertInto(spec.name).values(values as never);
      if (spec.id) {
        const res = (await insert.returning('id' as never).executeTakeFirstOrThrow()) as Row;
        map.set(Number(row.id), Number(res.id));
      } else {
        await insert.execute();
      }
    }
    if (spec.name === 'images') images = map;
  }
  // Each imported competitor is the person of the same name and email on this server, or a new one.
  const competitors = await trx
    .selectFrom('competitors')
    .select(['id', 'name', 'email'])
    .where('competition_id', '=', competitionId)
    .orderBy('id')
    .execute();
  for (const c of competitors)
    await trx
      .updateTable('competitors')
      .set({ person_id: await linkPerson(trx, c.name, c.email) })
      .where('id', '=', c.id)
      .execute();
  // Pages may show uploaded images too (written before the images were).
  if (images && images.size > 0) {
    const pages: Row = {};
    for (const c of COMPETITION_COLUMNS)
      if (c.startsWith('page_') && typeof comp[c] === 'string')
        pages[c] = moveImageUrls(comp[c] as string, key, images);
    if (Object.keys(pages).length > 0)
      await trx.updateTable('competitions').set(pages).where('id', '=', competitionId).execute();
  }
}

/** Which of `rows`' values of `column` some row of `table` on this server already holds. */
async function heldValues(trx: Tx, table: keyof Database, column: string, rows: Row[]): Promise<Set<string>> {
  const values = [...new Set(rows.map((r) => r[column]).filter((v) => typeof v === 'string'))];
  const held = new Set<string>();
  // In slices: a statement's parameters are limited (SQLite: 32,766).
  for (let i = 0; i < values.length; i += 500) {
    const found = (await trx
      .selectFrom(table)
      .select(column as never)
      .where(column as never, 'in', values.slice(i, i + 500) as never)
      .execute()) as Row[];
    for (const f of found) held.add(String(f[column]));
  }
  return held;
}

function scalar(v: unknown, where: string): string | number | null | undefined {
  if (v === null || v === undefined || typeof v === 'string' || typeof v === 'number') return v;
  if (typeof v === 'boolean') return v ? 1 : 0;
  throw new HttpError(400, 'invalid', `${where} must be text, a number or null.`);
}

/**
 * The import command: the site administrator who imports administers the copy. A document that
 * breaks the database's rules (missing values, duplicates) is the sender's fault: 400, nothing kept.
 */
export async function importAsAdmin(ctx: CommandContext, input: unknown, key: string | undefined) {
  // The route admits site administrators only; this names the account that will administer the copy.
  const { user } = requireSignedIn(ctx.actor);
  if (typeof input !== 'object' || input === null)
    throw new HttpError(400, 'invalid', 'Send the exported competition JSON document as the body.');
  try {
    const id = await importCompetition(ctx.trx, input, key);
    // An export made before codes were keyed holds bare SHA-256 entry codes: keyed here, they keep working.
    await upgradeEntryCodes(ctx.trx, ctx.entryCodes);
    await ctx.trx
      .insertInto('memberships')
      .values({ user_id: user.id, competition_id: id, role: 'admin' })
      .execute();
    await audit(ctx.trx, {
      competitionId: id,
      actor: ctx.who,
      action: 'competition.import',
      entity: 'competition',
      entityId: id,
    });
    const row = await ctx.trx
      .selectFrom('competitions')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return await competitionView(ctx.trx, row);
  } catch (err) {
    if (isConstraintViolation(err))
      throw new HttpError(
        400,
        'invalid',
        `The export is not consistent and was not imported: ${(err as Error).message}`,
      );
    throw err;
  }
}
