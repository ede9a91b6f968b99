import type { CompetitionRow } from '../../db/schema.ts';
import type {
  AdminCompetitionList,
  Competition,
  CompetitionSummary,
  OfficialPublic,
  OfficialRole,
  Organizer,
  PageName,
} from '../../../domain/schemas/competition.ts';
import { pageNames } from '../../../domain/schemas/competition.ts';
import { registrationTier, type RegistrationTierName } from '../../../domain/registration.ts';
import { tierFee } from '../../../domain/fees.ts';
import { fromJson } from '../../http/json.ts';
import { discountsOf } from '../money/accounts.ts';
import { checkInRule } from '../money/queries.ts';
import { competitionState, type CompetitionState } from '../../../domain/competitions.ts';
import type { UserActor } from '../../auth/sessions.ts';
import { notFound } from '../../errors.ts';
import { isLocale, SOURCE_LOCALE } from '../../../domain/i18n/locales.ts';
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

/** The fee per dancer of a tier in this competition (the tier a couple registered in, or the tier now). */
export function feeOf(row: CompetitionRow, tier: RegistrationTierName): number {
  return tierFee(tierDates(row), tier);
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
    admissionFee: row.admission_fee,
    refundDeadline: row.refund_deadline,
    discounts: discountsOf(row),
    checkInPayment: checkInRule(row),
    currency: row.currency,
    language: isLocale(row.language) ? row.language : SOURCE_LOCALE,
    registrationStatus: tier.displayStatus,
    registration: { tier: tier.tier, isOpen: tier.isOpen, fee: tier.fee },
    resultsPageShown: row.results_page_shown === 1,
    requireApproval: row.require_approval === 1,
    correctionsNeedUnlock: row.corrections_need_unlock === 1,
    resultsEmails: row.results_emails === 1,
    minRestMinutes: row.min_rest_minutes,
    floors: fromJson<string[]>(row.floors, ['Main floor']),
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

/** Each competition's round states (each state once), for where it stands. */
async function roundStatesByCompetition(db: Db): Promise<Map<number, number[]>> {
  const rows = await db
    .selectFrom('rounds')
    .select(['competition_id', 'round_state'])
    .groupBy(['competition_id', 'round_state'])
    .execute();
  const out = new Map<number, number[]>();
  for (const r of rows) out.set(r.competition_id, [...(out.get(r.competition_id) ?? []), r.round_state]);
  return out;
}

const stateOf = (r: CompetitionRow, states: Map<number, number[]>, now: number): CompetitionState =>
  competitionState(
    { startDate: r.start_date, endDate: r.end_date, timeZone: r.time_zone },
    states.get(r.id) ?? [],
    now,
  );

/** GET /competitions: every competition not archived, newest first, with where it stands. */
export async function listCompetitions(db: Db, now = Date.now()): Promise<CompetitionSummary[]> {
  const [rows, states] = await Promise.all([
    db
      .selectFrom('competitions')
      .selectAll()
      .where('archived_at', 'is', null)
      .orderBy('start_date', 'desc')
      .orderBy('key')
      .execute(),
    roundStatesByCompetition(db),
  ]);
  return rows.map((r) => ({
    key: r.key,
    fullName: r.full_name,
    startDate: r.start_date,
    endDate: r.end_date,
    state: stateOf(r, states, now),
  }));
}

/**
 * The admin area's list: every competition for a site administrator, else those the account
 * administers (archived ones too: the screen shows them apart), and how `/` is chosen.
 */
export async function adminCompetitionList(
  db: Db,
  actor: UserActor,
  configured: string | null,
  now = Date.now(),
  publicSite: string | null = null,
): Promise<AdminCompetitionList> {
  const [all, states, events, served] = await Promise.all([
    db.selectFrom('competitions').selectAll().orderBy('start_date', 'desc').orderBy('key').execute(),
    roundStatesByCompetition(db),
    db
      .selectFrom('events')
      .select(['competition_id', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('competition_id')
      .execute(),
    defaultCompetitionKey(db, configured),
  ]);
  const eventCount = new Map(events.map((e) => [e.competition_id, Number(e.n)]));
  const mine = all.filter((r) => actor.user.isSuperAdmin || actor.adminOf.has(r.id));
  return {
    competitions: mine.map((r) => ({
      key: r.key,
      fullName: r.full_name,
      startDate: r.start_date,
      endDate: r.end_date,
      timeZone: r.time_zone,
      state: stateOf(r, states, now),
      archivedAt: r.archived_at,
      servedAtRoot: r.key === served,
      events: eventCount.get(r.id) ?? 0,
      // Only where it is (a venue's copy handed back), so other lists read as before.
      ...(r.handed_over_at ? { handedOverTo: r.handed_over_to } : {}),
    })),
    // A competition administrator learns only what concerns theirs.
    site: actor.user.isSuperAdmin
      ? {
          served,
          chosen: all.find((r) => r.served_at_root === 1)?.key ?? null,
          configured,
          ...(publicSite ? { publicSite } : {}),
        }
      : { served: mine.some((r) => r.key === served) ? served : null, chosen: null, configured: null },
  };
}

/**
 * The competition served at `/`: the one a site administrator chose in the admin area, else
 * PROMENADE_COMPETITION, else the demo, else the first one made (archived ones last).
 */
export async function defaultCompetitionKey(db: Db, configured: string | null): Promise<string | null> {
  const rows = await db
    .selectFrom('competitions')
    .select(['key', 'served_at_root', 'archived_at'])
    .orderBy('id')
    .execute();
  const chosen = rows.find((r) => r.served_at_root === 1);
  if (chosen) return chosen.key;
  if (configured) return configured;
  const current = rows.filter((r) => r.archived_at === null);
  if (current.some((r) => r.key === 'demo')) return 'demo';
  return current[0]?.key ?? rows[0]?.key ?? null;
}
