import { billCompetitor } from '../money/accounts.ts';
/** The writes of a competition's own record: create (site administrators) and edit (its setup page). */
import type { CompetitionRow, CompetitionUpdate, NewCompetition } from '../../db/schema.ts';
import type {
  Competition,
  CompetitionCreate,
  CompetitionCreated,
  CompetitionPatch,
  OfficialRole,
  SiteChoice,
} from '../../../domain/schemas/competition.ts';
import { generateCode } from '../../../domain/codes.ts';
import { shiftDate, shiftInstant } from '../../../domain/competitions.ts';
import { importCompetition } from '../exchange/commands.ts';
import { exportCompetition } from '../exchange/queries.ts';
import { restartedRound } from '../rounds/transition.ts';
import { pageNames } from '../../../domain/schemas/competition.ts';
import type { RuleProblem } from '../../../domain/schemas/common.ts';
import { instantFromInput } from '../../../domain/time.ts';
import { audit } from '../../audit.ts';
import { takeTurn } from '../../db/dialect.ts';
import { HttpError } from '../../errors.ts';
import { requireSignedIn } from '../../http/access.ts';
import { assertVersion, type CommandContext } from '../../http/command.ts';
import type { Tx } from '../../http/db.ts';
import { DEFAULT_EVENT_SETTINGS } from '../../../domain/eventSettings.ts';
import { competitionView, findCompetition, pageColumn } from './queries.ts';
import { toJson } from '../../http/json.ts';

/**
 * Column values for the fields present in a create/patch body. Registration dates are stored as UTC
 * instants. They are deadlines (domain/registration.ts), so a plain date lasts to the end of that day
 * in `timeZone`.
 */
export function competitionColumns(p: CompetitionPatch, timeZone: string): CompetitionUpdate {
  const at = (value: string | null) => (value === null ? null : instantFromInput(value, timeZone, 'end'));
  const c: CompetitionUpdate = {};
  if (p.fullName !== undefined) c.full_name = p.fullName;
  if (p.primaryColor !== undefined) c.primary_color = p.primaryColor;
  if (p.timeZone !== undefined) c.time_zone = p.timeZone;
  if (p.startDate !== undefined) c.start_date = p.startDate;
  if (p.endDate !== undefined) c.end_date = p.endDate;
  if (p.dateRegistrationEarly !== undefined) c.date_registration_early = at(p.dateRegistrationEarly);
  if (p.dateRegistrationOpen !== undefined) c.date_registration_open = at(p.dateRegistrationOpen);
  if (p.dateRegistrationClosed !== undefined) c.date_registration_closed = at(p.dateRegistrationClosed);
  if (p.paymentTierEarly !== undefined) c.payment_tier_early = p.paymentTierEarly;
  if (p.paymentTierOpen !== undefined) c.payment_tier_open = p.paymentTierOpen;
  if (p.paymentTierLate !== undefined) c.payment_tier_late = p.paymentTierLate;
  if (p.admissionFee !== undefined) c.admission_fee = p.admissionFee;
  if (p.refundDeadline !== undefined) c.refund_deadline = at(p.refundDeadline);
  if (p.discounts !== undefined) c.discounts = JSON.stringify(p.discounts);
  if (p.checkInPayment !== undefined) c.check_in_payment = p.checkInPayment;
  if (p.currency !== undefined) c.currency = p.currency;
  if (p.language !== undefined) c.language = p.language;
  if (p.resultsPageShown !== undefined) c.results_page_shown = p.resultsPageShown ? 1 : 0;
  if (p.requireApproval !== undefined) c.require_approval = p.requireApproval ? 1 : 0;
  if (p.correctionsNeedUnlock !== undefined) c.corrections_need_unlock = p.correctionsNeedUnlock ? 1 : 0;
  if (p.resultsEmails !== undefined) c.results_emails = p.resultsEmails ? 1 : 0;
  if (p.minRestMinutes !== undefined) c.min_rest_minutes = p.minRestMinutes;
  if (p.floors !== undefined) c.floors = JSON.stringify(p.floors);
  if (p.eligibility !== undefined) c.eligibility = p.eligibility;
  if (p.socials !== undefined) {
    c.socials_website = p.socials.website;
    c.socials_facebook = p.socials.facebook;
    c.socials_instagram = p.socials.instagram;
  }
  if (p.pages !== undefined)
    for (const name of pageNames) if (p.pages[name] !== undefined) c[pageColumn(name)] = p.pages[name];
  return c;
}

async function replaceOrganizers(
  trx: Tx,
  competitionId: number,
  organizers: NonNullable<CompetitionPatch['organizers']>,
): Promise<void> {
  await trx.deleteFrom('organizers').where('competition_id', '=', competitionId).execute();
  let order = 0;
  for (const o of organizers) {
    await trx
      .insertInto('organizers')
      .values({
        competition_id: competitionId,
        name: o.name,
        role: o.role,
        email: o.email,
        bio: o.bio,
        photo_url: o.photoURL,
        sort_order: order++,
      })
      .execute();
  }
}

/** 409 `duplicate` when a competition already goes by this key (it is the competition's address). */
async function refuseTakenKey(trx: Tx, key: string): Promise<void> {
  const taken = await trx.selectFrom('competitions').select('id').where('key', '=', key).executeTakeFirst();
  if (taken) throw new HttpError(409, 'duplicate', `A competition with key "${key}" already exists.`);
}

/**
 * Inserts a competition with its default event settings, inside the caller's transaction (a site
 * administrator's command, or the demo seed). Its audit record is the new competition's first.
 */
export async function createCompetition(
  trx: Tx,
  body: CompetitionCreate,
  who: string,
): Promise<CompetitionRow> {
  await refuseTakenKey(trx, body.key);
  const today = new Date().toISOString().slice(0, 10);
  const { organizers, ...fields } = body;
  const inserted = await trx
    .insertInto('competitions')
    .values({
      ...competitionColumns(fields, body.timeZone ?? 'UTC'),
      key: body.key,
      full_name: body.fullName,
      start_date: body.startDate ?? today,
      end_date: body.endDate ?? body.startDate ?? today,
      updated_at: new Date().toISOString(),
      version: 1,
    } as NewCompetition)
    .returning('id')
    .executeTakeFirstOrThrow();
  if (organizers) await replaceOrganizers(trx, inserted.id, organizers);
  await trx
    .insertInto('event_settings')
    .values({ competition_id: inserted.id, settings: toJson(DEFAULT_EVENT_SETTINGS), version: 1 })
    .execute();
  await audit(trx, {
    competitionId: inserted.id,
    actor: who,
    action: 'competition.create',
    entity: 'competition',
    entityId: body.key,
    after: body,
  });
  return findCompetition(trx, body.key);
}

/** A site administrator's new competition; they administer it. */
export async function createCompetitionAsAdmin(
  ctx: CommandContext,
  body: CompetitionCreate,
): Promise<Competition> {
  const { user } = requireSignedIn(ctx.actor);
  const created = await createCompetition(ctx.trx, body, ctx.who);
  await ctx.trx
    .insertInto('memberships')
    .values({ user_id: user.id, competition_id: created.id, role: 'admin' })
    .execute();
  return competitionView(ctx.trx, created);
}

/** Setup's edit: the fields sent, checked against the version the organizer saw. */
export async function updateCompetition(ctx: CommandContext, body: CompetitionPatch): Promise<Competition> {
  const { trx } = ctx;
  const { version, organizers, ...fields } = body;
  const before = await findCompetition(trx, ctx.competition.key);
  const beforeView = await competitionView(trx, before);
  await assertVersion(version, before.version, 'the competition', () => beforeView);
  const start = fields.startDate ?? before.start_date;
  const end = fields.endDate ?? before.end_date;
  if (end < start)
    throw new HttpError(400, 'invalid', 'endDate: End date must not be before the start date', [
      {
        path: ['endDate'],
        message: 'End date must not be before the start date',
        // The schema's own check's issue, reason and all: the web words it in the reader's language.
        code: 'custom',
        params: { reason: 'endBeforeStart' } satisfies RuleProblem,
      },
    ]);
  await trx
    .updateTable('competitions')
    .set({
      ...competitionColumns(fields, fields.timeZone ?? before.time_zone),
      version: before.version + 1,
      updated_at: new Date().toISOString(),
    })
    .where('id', '=', before.id)
    .execute();
  if (organizers) await replaceOrganizers(trx, before.id, organizers);
  const row = await findCompetition(trx, before.key);
  // A category's percent changed or it was withdrawn: its dancers' entries are charged by it from now.
  if (fields.discounts !== undefined && row.discounts !== before.discounts) {
    const discounted = await trx
      .selectFrom('competitors')
      .select(['id', 'discount'])
      .where('competition_id', '=', before.id)
      .where('discount', 'is not', null)
      .orderBy('id')
      .execute();
    // A withdrawn category leaves its dancers, so a new category of the same key starts with none.
    const kept = new Set(fields.discounts.map((d) => d.key));
    const left = discounted.filter((d) => !kept.has(d.discount!)).map((d) => d.id);
    if (left.length)
      await trx
        .updateTable('competitors')
        .set((eb) => ({ discount: null, version: eb('version', '+', 1) }))
        .where('id', 'in', left)
        .execute();
    for (const d of discounted) await billCompetitor({ ...ctx, competition: row }, d.id);
  }
  const after = await competitionView(trx, row);
  await ctx.audit({
    action: 'competition.update',
    entity: 'competition',
    entityId: before.key,
    before: beforeView,
    after,
  });
  return after;
}

/** Tables a clone copies: the competition's set-up, never its people, entries, marks or results. */
const CLONED_TABLES = new Set([
  'images',
  'organizers',
  'officials',
  'events',
  'event_panels',
  'rounds',
  'event_settings',
]);

/**
 * POST /competitions with `cloneFrom`: next season's competition from this one's set-up —
 * events with their dances and levels, rounds with their settings (recall sizes, names, running order,
 * start times), officials with new access codes, panels, event settings, pages, fees, organizers —
 * dates moved by `dateOffsetDays`, every round back to its start. No competitors, registrations,
 * entries, marks or results. It goes through the import (exchange/commands.ts), so the copy is checked
 * row by row like any imported file.
 */
export async function cloneCompetition(
  ctx: CommandContext,
  body: CompetitionCreate & { cloneFrom: string },
): Promise<CompetitionCreated> {
  const { user } = requireSignedIn(ctx.actor);
  const { trx } = ctx;
  const sourceKey = body.cloneFrom;
  const source = await trx
    .selectFrom('competitions')
    .selectAll()
    .where('key', '=', sourceKey)
    .executeTakeFirst();
  if (!source)
    throw new HttpError(
      400,
      'invalid',
      `cloneFrom: there is no competition "${sourceKey.slice(0, 60)}" to clone.`,
      [
        {
          path: ['cloneFrom'],
          message: `There is no competition "${sourceKey.slice(0, 60)}"`,
          code: 'custom',
          params: { reason: 'noSuchCompetition', competition: sourceKey.slice(0, 60) } satisfies RuleProblem,
        },
      ],
    );
  await refuseTakenKey(trx, body.key);

  const days = body.dateOffsetDays ?? 0;
  const zone = source.time_zone;
  const doc = await exportCompetition(trx, source.id);
  const now = new Date().toISOString();
  const moveInstant = (v: unknown) => (typeof v === 'string' ? shiftInstant(v, days, zone) : v);
  doc.competition = {
    ...doc.competition,
    key: body.key,
    full_name: body.fullName,
    start_date: shiftDate(source.start_date, days),
    end_date: shiftDate(source.end_date, days),
    date_registration_early: moveInstant(source.date_registration_early),
    date_registration_open: moveInstant(source.date_registration_open),
    date_registration_closed: moveInstant(source.date_registration_closed),
    refund_deadline: moveInstant(source.refund_deadline),
    // Last season's results page is not this one's.
    results_page_shown: 0,
    version: 1,
    created_at: now,
    updated_at: now,
  };
  for (const name of Object.keys(doc.tables)) if (!CLONED_TABLES.has(name)) delete doc.tables[name];
  const codes = new Map<number, string>();
  for (const o of doc.tables.officials ?? []) {
    const code = generateCode();
    codes.set(Number(o.id), code);
    Object.assign(o, { access_code_hash: ctx.entryCodes.access.hash(code), version: 1, created_at: now });
  }
  for (const e of doc.tables.events ?? []) Object.assign(e, { version: 1, created_at: now });
  doc.tables.rounds = (doc.tables.rounds ?? []).map((r) => restartedRound(r, moveInstant));
  for (const s of doc.tables.event_settings ?? []) {
    const settings = JSON.parse(String(s.settings)) as Record<string, unknown>;
    if (typeof settings.scheduleFirstStartTime === 'string')
      settings.scheduleFirstStartTime = shiftInstant(settings.scheduleFirstStartTime, days, zone);
    Object.assign(s, { settings: toJson(settings), version: 1 });
  }

  const id = await importCompetition(trx, doc);
  await trx
    .insertInto('memberships')
    .values({ user_id: user.id, competition_id: id, role: 'admin' })
    .execute();
  await audit(trx, {
    competitionId: id,
    actor: ctx.who,
    action: 'competition.clone',
    entity: 'competition',
    entityId: body.key,
    after: { cloneFrom: sourceKey, dateOffsetDays: days },
  });
  const created = await findCompetition(trx, body.key);
  const view = await competitionView(trx, created);
  // The copy's officials in the source's order: their new ids follow the import's.
  const copies = await trx
    .selectFrom('officials')
    .select(['id', 'name', 'role'])
    .where('competition_id', '=', id)
    .orderBy('id')
    .execute();
  const sourceIds = [...codes.keys()].sort((a, b) => a - b);
  return {
    ...view,
    accessCodes: copies.map((o, i) => ({
      id: o.id,
      name: o.name,
      role: o.role as OfficialRole,
      accessCode: codes.get(sourceIds[i]!)!,
    })),
  };
}

/**
 * PUT /site: the competition served at `/` (null: none chosen, so PROMENADE_COMPETITION or the demo).
 * An archived competition is not served: unarchive it first.
 */
export async function chooseServedCompetition(ctx: CommandContext, choice: SiteChoice): Promise<void> {
  const { trx } = ctx;
  let chosen: CompetitionRow | undefined;
  if (choice.competition !== null) {
    chosen = await trx
      .selectFrom('competitions')
      .selectAll()
      .where('key', '=', choice.competition)
      .executeTakeFirst();
    if (!chosen)
      throw new HttpError(
        400,
        'invalid',
        `competition: there is no competition "${choice.competition.slice(0, 60)}".`,
        [
          {
            path: ['competition'],
            message: `There is no competition "${choice.competition.slice(0, 60)}"`,
            code: 'custom',
            params: {
              reason: 'noSuchCompetition',
              competition: choice.competition.slice(0, 60),
            } satisfies RuleProblem,
          },
        ],
      );
    if (chosen.archived_at !== null)
      throw new HttpError(
        409,
        'archived',
        `"${chosen.key}" is archived: unarchive it before serving it at /.`,
        { reason: 'serve', key: chosen.key },
      );
  }
  // The chosen competition's turn before its row is touched: its audit record goes on its chain (audit.ts
  // takes the turn then), and a command of that competition holding the turn while it waits for the row
  // would otherwise deadlock with this one.
  if (chosen) await takeTurn(trx, chosen.id);
  await trx.updateTable('competitions').set({ served_at_root: 0 }).where('served_at_root', '=', 1).execute();
  if (chosen)
    await trx.updateTable('competitions').set({ served_at_root: 1 }).where('id', '=', chosen.id).execute();
  await audit(trx, {
    competitionId: chosen?.id ?? null,
    actor: ctx.who,
    action: 'site.serve',
    entity: 'site',
    entityId: choice.competition,
    after: choice,
  });
}

/**
 * POST /competitions/{key}/archive: an archived competition leaves every list and takes no writes
 * (access.ts refuses them with 409 `archived`); its pages, results and export stay readable. The
 * competition served at `/` cannot be archived: serve another first.
 */
export async function setArchived(
  ctx: CommandContext,
  archived: boolean,
  servedKey: string | null,
): Promise<void> {
  const c = ctx.competition;
  if (archived && c.key === servedKey)
    throw new HttpError(
      409,
      'served',
      `"${c.key}" is the competition served at /: choose another one to serve before archiving it.`,
    );
  if ((c.archived_at !== null) === archived) return;
  await ctx.trx
    .updateTable('competitions')
    .set({ archived_at: archived ? new Date().toISOString() : null, served_at_root: 0 })
    .where('id', '=', c.id)
    .execute();
  await ctx.audit({
    action: archived ? 'competition.archive' : 'competition.unarchive',
    entity: 'competition',
    entityId: c.key,
  });
}
