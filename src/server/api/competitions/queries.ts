import type { CompetitionRow } from '../../db/schema.ts';
import type {
  Competition,
  CompetitionSummary,
  OfficialPublic,
  OfficialRole,
  Organizer,
  PageName,
} from '../../../domain/schemas/competition.ts';
import { pageNames } from '../../../domain/schemas/competition.ts';
import { registrationTier } from '../../../domain/registration.ts';
import { notFound } from '../../errors.ts';
import type { Db } from '../../http/db.ts';

export async function findCompetition(db: Db, key: string): Promise<CompetitionRow> {
  const row = await db.selectFrom('competitions').selectAll().where('key', '=', key).executeTakeFirst();
  if (!row) throw notFound(`Competition "${key.slice(0, 60)}"`);
  return row;
}

export const pageColumn = (p: PageName) => `page_${p}` as const;

/** The registration tier, open state and fee of a competition at a moment. */
export function tierAt(row: CompetitionRow, when: Date) {
  return registrationTier(tierDates(row), when);
}

/** The registration dates and tier fees as the domain and the API name them. */
function tierDates(row: CompetitionRow) {
  return {
    dateRegistrationEarly: row.date_registration_early,
    dateRegistrationOpen: row.date_registration_open,
    dateRegistrationClosed: row.date_registration_closed,
    paymentTierEarly: row.payment_tier_early,
    paymentTierOpen: row.payment_tier_open,
    paymentTierLate: row.payment_tier_late,
  };
}

export async function competitionView(db: Db, row: CompetitionRow, now = new Date()): Promise<Competition> {
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
    clock: row.clock,
    startDate: row.start_date,
    endDate: row.end_date,
    ...tierDates(row),
    currency: row.currency,
    registrationStatus: tier.displayStatus,
    registration: { tier: tier.tier, isOpen: tier.isOpen, fee: tier.fee },
    resultsPageShown: row.results_page_shown === 1,
    requireApproval: row.require_approval === 1,
    eligibility: row.eligibility,
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
      letter: o.letter,
    })),
    version: row.version,
  };
}

export async function listCompetitions(db: Db): Promise<CompetitionSummary[]> {
  const rows = await db
    .selectFrom('competitions')
    .select(['key', 'full_name', 'start_date', 'end_date'])
    .orderBy('start_date', 'desc')
    .execute();
  return rows.map((r) => ({
    key: r.key,
    fullName: r.full_name,
    startDate: r.start_date,
    endDate: r.end_date,
  }));
}

/** PROMENADE_COMPETITION when set, else the demo, else the only (or first) competition. */
export async function defaultCompetitionKey(db: Db, configured: string | null): Promise<string | null> {
  if (configured) return configured;
  const rows = await db.selectFrom('competitions').select('key').orderBy('id').execute();
  if (rows.some((r) => r.key === 'demo')) return 'demo';
  return rows[0]?.key ?? null;
}
