/** The writes of a competition's own record: create (site administrators) and edit (its setup page). */
import type { CompetitionRow, CompetitionUpdate, NewCompetition } from '../../db/schema.ts';
import type {
  Competition,
  CompetitionCreate,
  CompetitionPatch,
} from '../../../domain/schemas/competition.ts';
import { pageNames } from '../../../domain/schemas/competition.ts';
import { instantFromInput } from '../../../domain/time.ts';
import { audit } from '../../audit.ts';
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
  if (p.currency !== undefined) c.currency = p.currency;
  if (p.resultsPageShown !== undefined) c.results_page_shown = p.resultsPageShown ? 1 : 0;
  if (p.requireApproval !== undefined) c.require_approval = p.requireApproval ? 1 : 0;
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

/**
 * Inserts a competition with its default event settings, inside the caller's transaction (a site
 * administrator's command, or the demo seed). Its audit record is the new competition's first.
 */
export async function createCompetition(
  trx: Tx,
  body: CompetitionCreate,
  who: string,
): Promise<CompetitionRow> {
  const exists = await trx
    .selectFrom('competitions')
    .select('id')
    .where('key', '=', body.key)
    .executeTakeFirst();
  if (exists) throw new HttpError(409, 'duplicate', `A competition with key "${body.key}" already exists.`);
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
  assertVersion(version, before.version, 'the competition', () => beforeView);
  const start = fields.startDate ?? before.start_date;
  const end = fields.endDate ?? before.end_date;
  if (end < start)
    throw new HttpError(400, 'invalid', 'endDate: End date must not be before the start date', [
      { path: ['endDate'], message: 'End date must not be before the start date' },
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
  const after = await competitionView(trx, await findCompetition(trx, before.key));
  await ctx.audit({
    action: 'competition.update',
    entity: 'competition',
    entityId: before.key,
    before: beforeView,
    after,
  });
  return after;
}
