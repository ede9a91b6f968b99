import type { Kysely, Transaction } from 'kysely';
import type { CompetitionRow, CompetitionUpdate, Database } from '../../db/schema.ts';
import type {
  Competition,
  CompetitionPatch,
  OfficialPublic,
  OfficialRole,
  Organizer,
  PageName,
} from '../../../domain/schemas/competition.ts';
import { pageNames } from '../../../domain/schemas/competition.ts';
import { registrationTier } from '../../../domain/registration.ts';
import { notFound } from '../../errors.ts';

type Q = Kysely<Database> | Transaction<Database>;

export async function findCompetition(db: Q, key: string): Promise<CompetitionRow> {
  const row = await db.selectFrom('competitions').selectAll().where('key', '=', key).executeTakeFirst();
  if (!row) throw notFound(`Competition "${key.slice(0, 60)}"`);
  return row;
}

const pageColumn = (p: PageName) => `page_${p}` as const;

/** The registration tier, open state and fee of a competition at a moment. */
export function tierAt(row: CompetitionRow, when: Date) {
  return registrationTier(
    {
      dateRegistrationEarly: row.date_registration_early,
      dateRegistrationOpen: row.date_registration_open,
      dateRegistrationClosed: row.date_registration_closed,
      paymentTierEarly: row.payment_tier_early,
      paymentTierOpen: row.payment_tier_open,
      paymentTierLate: row.payment_tier_late,
    },
    when,
  );
}

export async function competitionView(db: Q, row: CompetitionRow, now = new Date()): Promise<Competition> {
  const [organizers, officials] = await Promise.all([
    db
      .selectFrom('organizers')
      .selectAll()
      .where('competition_id', '=', row.id)
      .orderBy('sort_order')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('officials')
      .select(['id', 'name', 'role', 'bio', 'photo_url', 'letter'])
      .where('competition_id', '=', row.id)
      .orderBy('sort_order')
      .orderBy('id')
      .execute(),
  ]);
  const tier = tierAt(row, now);
  return {
    key: row.key,
    fullName: row.full_name,
    primaryColor: row.primary_color,
    timeZone: row.time_zone,
    startDate: row.start_date,
    endDate: row.end_date,
    dateRegistrationEarly: row.date_registration_early,
    dateRegistrationOpen: row.date_registration_open,
    dateRegistrationClosed: row.date_registration_closed,
    paymentTierEarly: row.payment_tier_early,
    paymentTierOpen: row.payment_tier_open,
    paymentTierLate: row.payment_tier_late,
    currency: row.currency,
    registrationStatus: tier.displayStatus,
    registration: { tier: tier.tier, isOpen: tier.isOpen, fee: tier.fee },
    resultsPageShown: row.results_page_shown === 1,
    requireApproval: row.require_approval === 1,
    socials: {
      website: row.socials_website,
      facebook: row.socials_facebook,
      instagram: row.socials_instagram,
    },
    pages: Object.fromEntries(pageNames.map((p) => [p, row[pageColumn(p)]])) as Record<PageName, string>,
    organizers: organizers.map((o): Organizer => ({
      id: o.id,
      name: o.name,
      role: o.role,
      email: o.email,
      bio: o.bio,
      photoURL: o.photo_url,
    })),
    officials: officials.map((o): OfficialPublic => ({
      id: o.id,
      key: String(o.id),
      name: o.name,
      role: o.role as OfficialRole,
      bio: o.bio,
      photoURL: o.photo_url,
    })),
    version: row.version,
  };
}

/** Column values for the fields present in a create/patch body. */
export function competitionColumns(p: CompetitionPatch): CompetitionUpdate {
  const c: CompetitionUpdate = {};
  if (p.fullName !== undefined) c.full_name = p.fullName;
  if (p.primaryColor !== undefined) c.primary_color = p.primaryColor;
  if (p.timeZone !== undefined) c.time_zone = p.timeZone;
  if (p.startDate !== undefined) c.start_date = p.startDate;
  if (p.endDate !== undefined) c.end_date = p.endDate;
  if (p.dateRegistrationEarly !== undefined) c.date_registration_early = toUtc(p.dateRegistrationEarly);
  if (p.dateRegistrationOpen !== undefined) c.date_registration_open = toUtc(p.dateRegistrationOpen);
  if (p.dateRegistrationClosed !== undefined) c.date_registration_closed = toUtc(p.dateRegistrationClosed);
  if (p.paymentTierEarly !== undefined) c.payment_tier_early = p.paymentTierEarly;
  if (p.paymentTierOpen !== undefined) c.payment_tier_open = p.paymentTierOpen;
  if (p.paymentTierLate !== undefined) c.payment_tier_late = p.paymentTierLate;
  if (p.currency !== undefined) c.currency = p.currency;
  if (p.resultsPageShown !== undefined) c.results_page_shown = p.resultsPageShown ? 1 : 0;
  if (p.requireApproval !== undefined) c.require_approval = p.requireApproval ? 1 : 0;
  if (p.socials !== undefined) {
    c.socials_website = p.socials.website;
    c.socials_facebook = p.socials.facebook;
    c.socials_instagram = p.socials.instagram;
  }
  if (p.pages !== undefined)
    for (const name of pageNames) if (p.pages[name] !== undefined) c[pageColumn(name)] = p.pages[name];
  return c;
}

/** Time is stored in UTC (architecture.md). */
const toUtc = (iso: string | null) => (iso === null ? null : new Date(iso).toISOString());

export async function replaceOrganizers(
  trx: Q,
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
