/**
 * Commands on registrations: a couple registers (public while open, or at the desk), changes their
 * events, the organizer records payment or team, or imports a file of couples.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError, notFound } from '../../errors.ts';
import { sha256 } from '../../auth/passwords.ts';
import { assertVersion, runCommand, type CommandContext } from '../../http/command.ts';
import type { Db } from '../../http/db.ts';
import { toJson } from '../../http/json.ts';
import { tierAt } from '../competitions/queries.ts';
import { insertEntry } from '../entries/commands.ts';
import { generateCode } from '../../../domain/codes.ts';
import { normalizeName } from '../../../domain/entries.ts';
import type { RegistrationTierName } from '../../../domain/registration.ts';
import {
  checkEntries,
  mergePlacedOut,
  nextLeadNumber,
  parsePlacedOut,
  problemsStatus,
  PROBLEM_STATUS,
  samePerson,
  type EntryProblem,
  type RuleEntry,
  type RuleEvent,
} from '../../../domain/registrationRules.ts';
import {
  consentsByDancer,
  type AdminRegistration,
  type Consents,
  type DancerInput,
  type ImportProblem,
  type ImportResult,
  type PlacedOutMap,
  type RegisteredEntry,
  type RegistrationCreate,
  type RegistrationCreated,
  type RegistrationPatch,
} from '../../../domain/schemas/registration.ts';
import {
  adminRegistrations,
  ownRegistration,
  registrationEntries,
  registrationWithCouple,
} from './queries.ts';
import { importRows, readImportFile } from './importFile.ts';

export interface RuleEventRow extends RuleEvent {
  id: number;
}

/** What the entry rules need: every event by key and every entry of the competition. */
export async function loadRuleContext(
  db: Db,
  competitionId: number,
): Promise<{
  events: Map<string, RuleEventRow>;
  existing: (RuleEntry & { registrationId: number | null })[];
}> {
  const [events, entries] = await Promise.all([
    db
      .selectFrom('events')
      .select(['id', 'key', 'name', 'style', 'level'])
      .where('competition_id', '=', competitionId)
      .execute(),
    db
      .selectFrom('entries')
      .innerJoin('events', 'events.id', 'entries.event_id')
      .select([
        'events.key as eventKey',
        'entries.lead_name',
        'entries.follow_name',
        'entries.registration_id',
      ])
      .where('entries.competition_id', '=', competitionId)
      .execute(),
  ]);
  return {
    events: new Map(events.map((e) => [e.key, e])),
    existing: entries.map((e) => ({
      eventKey: e.eventKey,
      leadName: e.lead_name,
      followName: e.follow_name,
      registrationId: e.registration_id,
    })),
  };
}

/** Refuses with the status of the first kind of problem (400, 409, 422), listing every problem. */
export function refuse(problems: readonly EntryProblem[]): never {
  const status = problemsStatus(problems);
  const main = problems.filter((p) => PROBLEM_STATUS[p.code] === status);
  const code = main[0]?.code === 'duplicate_pair' ? 'duplicate_entry' : (main[0]?.code ?? 'invalid');
  throw new HttpError(status, code, main.map((p) => p.message).join(' '), { problems });
}

export interface RegisterOptions {
  now: Date;
  /** Admin desk and import: registration dates do not apply. */
  ignoreDates: boolean;
  /** Import: the tier the couple registered in (its fee applies); otherwise the tier now. */
  tier?: RegistrationTierName;
  leadNumber?: number;
  amountPaid?: number;
}

export interface RegisterInput {
  lead: DancerInput;
  follow: DancerInput;
  affiliation: string;
  events: string[];
  consents: Consents;
}

/**
 * Registers a couple inside the caller's transaction: competitors (a person already registered with the
 * same name and email is the same competitor), the registration with its hashed entry code and the fee
 * of the tier now, and one entry per event. Throws before writing anything when a rule refuses.
 */
export async function registerCouple(
  ctx: Pick<CommandContext, 'trx' | 'competition' | 'audit'>,
  input: RegisterInput,
  opts: RegisterOptions,
): Promise<RegistrationCreated> {
  const { trx, competition: c } = ctx;
  const tierNow = tierAt(c, opts.now);
  if (!opts.ignoreDates && !tierNow.isOpen)
    throw new HttpError(
      403,
      'registration_closed',
      'Registration is closed. Contact the organizers to be added.',
    );
  const tier = opts.tier ?? tierNow.tier;
  const fee =
    tier === 'EARLY' ? c.payment_tier_early : tier === 'OPEN' ? c.payment_tier_open : c.payment_tier_late;

  if (normalizeName(input.lead.name) === normalizeName(input.follow.name))
    throw new HttpError(400, 'invalid', 'The lead and the follow must be two different people.', {
      problems: [],
    });

  const people = await trx
    .selectFrom('competitors')
    .select(['id', 'name', 'email', 'number', 'placed_out', 'version'])
    .where('competition_id', '=', c.id)
    .execute();
  const known = (d: DancerInput) => people.find((p) => samePerson(p, d));
  const leadRow = known(input.lead);
  const followRow = known(input.follow);
  const leadPlaced = mergePlacedOut(
    leadRow ? parsePlacedOut(leadRow.placed_out) : {},
    input.lead.placedOut ?? {},
  );
  const followPlaced = mergePlacedOut(
    followRow ? parsePlacedOut(followRow.placed_out) : {},
    input.follow.placedOut ?? {},
  );

  const rules = await loadRuleContext(trx, c.id);
  const problems = checkEntries({
    eventKeys: input.events,
    events: rules.events,
    existing: rules.existing,
    lead: { name: input.lead.name, placedOut: leadPlaced },
    follow: { name: input.follow.name, placedOut: followPlaced },
  });
  if (problems.length) refuse(problems);

  // The lead's number: kept if they already have one, else the given one (checked) or the next free.
  const entryNumbers = await trx
    .selectFrom('entries')
    .select('lead_number')
    .where('competition_id', '=', c.id)
    .where('lead_id', 'is', null)
    .execute();
  const taken = new Set<number>([
    ...people.flatMap((p) => (p.number === null ? [] : [p.number])),
    ...entryNumbers.map((e) => e.lead_number),
  ]);
  let leadNumber = leadRow?.number ?? null;
  if (leadNumber === null) {
    if (opts.leadNumber !== undefined) {
      if (taken.has(opts.leadNumber))
        throw new HttpError(
          409,
          'number_taken',
          `Number ${opts.leadNumber} is already worn by another couple.`,
        );
      leadNumber = opts.leadNumber;
    } else {
      leadNumber = nextLeadNumber(
        people.flatMap((p) => (p.number === null ? [] : [p.number])),
        taken,
      );
    }
  }

  const nowIso = opts.now.toISOString();
  const upsert = async (
    d: DancerInput,
    row: (typeof people)[number] | undefined,
    placed: PlacedOutMap,
    number: number | null,
  ): Promise<number> => {
    if (row) {
      await trx
        .updateTable('competitors')
        .set({ placed_out: toJson(placed), number: row.number ?? number, version: row.version + 1 })
        .where('id', '=', row.id)
        .execute();
      return row.id;
    }
    const created = await trx
      .insertInto('competitors')
      .values({
        competition_id: c.id,
        name: d.name,
        email: d.email.toLowerCase(),
        affiliation: input.affiliation,
        number,
        placed_out: toJson(placed),
        created_at: nowIso,
        version: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return created.id;
  };
  const leadId = await upsert(input.lead, leadRow, leadPlaced, leadNumber);
  const followId = await upsert(input.follow, followRow, followPlaced, null);

  const entryCode = generateCode();
  const amountDue = fee * 2;
  const reg = await trx
    .insertInto('registrations')
    .values({
      competition_id: c.id,
      lead_id: leadId,
      follow_id: followId,
      affiliation: input.affiliation,
      entry_code_hash: sha256(entryCode),
      tier,
      amount_due: amountDue,
      amount_paid: opts.amountPaid ?? 0,
      paid_at: opts.amountPaid ? nowIso : null,
      consents: toJson(consentsByDancer(input.consents)),
      created_at: nowIso,
      version: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  const entries: RegisteredEntry[] = [];
  for (const key of input.events) {
    const e = rules.events.get(key)!;
    const row = await insertEntry(trx, {
      competitionId: c.id,
      eventId: e.id,
      registrationId: reg.id,
      leadId,
      followId,
      leadName: input.lead.name,
      followName: input.follow.name,
      affiliation: input.affiliation,
      leadNumber,
      registeredTime: nowIso,
    });
    entries.push({
      id: row.id,
      eventKey: e.key,
      eventName: e.name,
      style: e.style,
      level: e.level,
      leadNumber,
      scratched: false,
    });
  }
  await ctx.audit({
    action: 'registration.create',
    entity: 'registration',
    entityId: reg.id,
    after: {
      lead: input.lead.name,
      follow: input.follow.name,
      affiliation: input.affiliation,
      events: input.events,
      tier,
      amountDue,
      leadNumber,
    },
  });
  return {
    registrationId: reg.id,
    entryCode,
    entries,
    amountDue,
    currency: c.currency,
    tier,
    fee,
    leadNumber,
    lead: { id: leadId, name: input.lead.name },
    follow: { id: followId, name: input.follow.name },
  };
}

/**
 * Adds and drops events of one registration under the same rules as registering; the registration's
 * version goes up so two people changing the same entries notice each other. Dropping an event whose
 * rounds already hold the couple is refused: that is a scratch, for the organizer.
 */
export async function changeEntries(
  ctx: CommandContext,
  registrationId: number,
  change: { add: string[]; drop: string[]; version?: number | undefined },
  /** Who acted, when not the session: the couple by their entry code. */
  actor?: string,
): Promise<void> {
  const { trx, competition: c } = ctx;
  const reg = await registrationWithCouple(trx)
    .select([
      'registrations.id',
      'registrations.version',
      'registrations.affiliation',
      'l.id as leadId',
      'l.name as leadName',
      'l.number as leadNumber',
      'l.placed_out as leadPlaced',
      'f.id as followId',
      'f.name as followName',
      'f.placed_out as followPlaced',
    ])
    .where('registrations.id', '=', registrationId)
    .where('registrations.competition_id', '=', c.id)
    .executeTakeFirst();
  if (!reg) throw new HttpError(404, 'not_found', 'That registration was not found.');
  if (change.version !== undefined && change.version !== reg.version)
    throw new HttpError(
      409,
      'stale',
      'These entries were changed after you loaded them (by you in another window, or by the organizer). Your change was not saved; the current entries are attached.',
      { current: await ownRegistration(trx, c, registrationId) },
    );
  if (change.add.length === 0 && change.drop.length === 0)
    throw new HttpError(400, 'invalid', 'Choose at least one event to add or drop.');
  const overlap = change.add.filter((k) => change.drop.includes(k));
  if (overlap.length)
    throw new HttpError(
      400,
      'invalid',
      `An event cannot be added and dropped at once: ${overlap.join(', ')}.`,
    );

  const rules = await loadRuleContext(trx, c.id);
  const own = await registrationEntries(trx, registrationId);
  const problems: EntryProblem[] = [];
  for (const key of change.drop) {
    const ev = rules.events.get(key);
    if (!ev) problems.push({ code: 'unknown_event', eventKey: key, message: `There is no event "${key}".` });
    else if (!own.some((e) => e.eventKey === key))
      problems.push({ code: 'unknown_event', eventKey: key, message: `You are not entered in ${ev.name}.` });
  }
  problems.push(
    ...checkEntries({
      eventKeys: change.add,
      events: rules.events,
      existing: rules.existing,
      lead: { name: reg.leadName, placedOut: parsePlacedOut(reg.leadPlaced) },
      follow: { name: reg.followName, placedOut: parsePlacedOut(reg.followPlaced) },
    }),
  );
  if (problems.length) refuse(problems);

  const dropped = own.filter((e) => change.drop.includes(e.eventKey));
  if (dropped.length) {
    const inRounds = await trx
      .selectFrom('round_entries')
      .select('entry_id')
      .where(
        'entry_id',
        'in',
        dropped.map((d) => d.id),
      )
      .execute();
    if (inRounds.length) {
      const names = dropped.filter((d) => inRounds.some((r) => r.entry_id === d.id)).map((d) => d.eventName);
      throw new HttpError(
        409,
        'entry_in_rounds',
        `${names.join(', ')} already has its heats drawn with you in them; ask the organizer to scratch you instead.`,
      );
    }
    await trx
      .deleteFrom('entries')
      .where(
        'id',
        'in',
        dropped.map((d) => d.id),
      )
      .execute();
  }
  const nowIso = new Date().toISOString();
  for (const key of change.add) {
    const e = rules.events.get(key)!;
    await insertEntry(trx, {
      competitionId: c.id,
      eventId: e.id,
      registrationId: reg.id,
      leadId: reg.leadId,
      followId: reg.followId,
      leadName: reg.leadName,
      followName: reg.followName,
      affiliation: reg.affiliation,
      leadNumber: reg.leadNumber ?? 0,
      registeredTime: nowIso,
    });
  }
  await trx
    .updateTable('registrations')
    .set({ version: reg.version + 1 })
    .where('id', '=', reg.id)
    .execute();
  await ctx.audit({
    ...(actor ? { actor } : {}),
    action: 'registration.entries',
    entity: 'registration',
    entityId: reg.id,
    before: { events: own.map((e) => e.eventKey) },
    after: {
      events: [...own.filter((e) => !change.drop.includes(e.eventKey)).map((e) => e.eventKey), ...change.add],
      added: change.add,
      dropped: change.drop,
    },
  });
}

/** A couple registers on the public form; an administrator at the desk, dates aside. */
export async function register(ctx: CommandContext, body: RegistrationCreate): Promise<RegistrationCreated> {
  if (ctx.actor.kind === 'official')
    throw new HttpError(
      403,
      'forbidden',
      "An official's session may not register couples. Sign out, or ask an organizer at the desk.",
    );
  return registerCouple(ctx, body, { now: new Date(), ignoreDates: ctx.role === 'admin' });
}

/** The organizer records a payment or changes the couple's team (copied onto entries and dancers). */
export async function updateRegistration(
  ctx: CommandContext,
  id: number,
  body: RegistrationPatch,
): Promise<void> {
  const { trx, competition: c } = ctx;
  const { version, amountPaid, affiliation } = body;
  const before = await trx
    .selectFrom('registrations')
    .selectAll()
    .where('id', '=', id)
    .where('competition_id', '=', c.id)
    .executeTakeFirst();
  if (!before) throw notFound('That registration');
  let current: AdminRegistration | undefined;
  if (version !== undefined && version !== before.version)
    current = (await adminRegistrations(trx, c)).registrations.find((r) => r.id === before.id);
  assertVersion(version, before.version, 'this registration', () => current);
  const set: { amount_paid?: number; paid_at?: string | null; affiliation?: string; version: number } = {
    version: before.version + 1,
  };
  if (amountPaid !== undefined) {
    set.amount_paid = amountPaid;
    set.paid_at = amountPaid > 0 ? new Date().toISOString() : null;
  }
  if (affiliation !== undefined) {
    set.affiliation = affiliation;
    await trx.updateTable('entries').set({ affiliation }).where('registration_id', '=', before.id).execute();
    await trx
      .updateTable('competitors')
      .set({ affiliation })
      .where('id', 'in', [before.lead_id, before.follow_id])
      .execute();
    ctx.publish('events');
  }
  await trx.updateTable('registrations').set(set).where('id', '=', before.id).execute();
  await ctx.audit({
    action: 'registration.update',
    entity: 'registration',
    entityId: before.id,
    before: { amountPaid: before.amount_paid, affiliation: before.affiliation },
    after: {
      amountPaid: amountPaid ?? before.amount_paid,
      affiliation: affiliation ?? before.affiliation,
    },
  });
}

/** Thrown to roll a dry run (or a file with problems) back after every row was tried. */
class Rollback extends Error {
  constructor(readonly result: ImportResult) {
    super('rollback');
  }
}

/**
 * Imports a registrations CSV. Every row is tried with the same rules as /register, in one
 * transaction, so a row also conflicts with earlier rows of the same file. Any problem, or a dry
 * run, rolls everything back: all or nothing.
 */
export async function importRegistrations(
  app: FastifyInstance,
  req: FastifyRequest,
  csv: string,
  dryRun: boolean,
): Promise<ImportResult> {
  const file = readImportFile(csv);
  if (file.problems) return { dryRun, rows: file.rows, problems: file.problems, created: 0, codes: [] };
  try {
    return await runCommand(app, req, {
      run: async (ctx) => {
        const events = await ctx.trx
          .selectFrom('events')
          .select(['key', 'name'])
          .where('competition_id', '=', ctx.competition.id)
          .execute();
        const { rows, problems } = importRows(file.records, events);
        const codes: ImportResult['codes'] = [];
        const now = new Date();
        for (const r of rows) {
          try {
            const created = await registerCouple(ctx, r.input, { now, ignoreDates: true, ...r.opts });
            codes.push({
              line: r.line,
              leadName: created.lead.name,
              followName: created.follow.name,
              leadNumber: created.leadNumber,
              entryCode: created.entryCode,
            });
          } catch (e) {
            if (!(e instanceof HttpError)) throw e;
            problems.push(...rowProblems(r.line, e));
          }
        }
        problems.sort((a, b) => a.line - b.line);
        const tried = { dryRun, rows: file.records.length, problems };
        if (dryRun || problems.length) throw new Rollback({ ...tried, created: 0, codes: [] });
        if (codes.length) ctx.publish('events', 'competition');
        return { ...tried, created: codes.length, codes };
      },
    });
  } catch (e) {
    if (e instanceof Rollback) return e.result;
    throw e;
  }
}

/** A refused row's problems, one per rule it broke. */
function rowProblems(line: number, e: HttpError): ImportProblem[] {
  const details = e.details as { problems?: { message: string; code: string }[] } | undefined;
  const list = details?.problems?.length ? details.problems.map((p) => p.message) : [e.message];
  return list.map((message) => ({
    line,
    ...(e.code === 'number_taken' ? { column: 'lead_number' } : {}),
    message,
  }));
}
