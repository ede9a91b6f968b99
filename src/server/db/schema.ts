import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { ClockFormat } from '../../domain/time.ts';
import type { Eligibility } from '../../domain/schemas/competition.ts';
import type { Locale } from '../../domain/i18n/locales.ts';

/** Booleans are stored as 0/1 so the same SQL runs on SQLite and PostgreSQL. */
type Bool = number;
/** JSON documents are stored as text. */
type Json = string;
type CreatedAt = ColumnType<string, string | undefined, never>;
// Generated<T> (Kysely's): a column the database fills when an insert leaves it out (a default, or
// null for a nullable column); selected and updated as T.

export interface CompetitionsTable {
  id: Generated<number>;
  key: string;
  full_name: string;
  primary_color: string;
  time_zone: string;
  /** How clock times are written on every screen (migration 0005). */
  clock: Generated<ClockFormat>;
  start_date: string;
  end_date: string;
  date_registration_early: string | null;
  date_registration_open: string | null;
  date_registration_closed: string | null;
  payment_tier_early: number;
  payment_tier_open: number;
  payment_tier_late: number;
  currency: string;
  results_page_shown: Bool;
  /** The chairman approves each computed result before it may be posted (migration 0002). */
  require_approval: Generated<Bool>;
  /** The scrutineer's paper entry over a locked dance needs the chairman's unlock too (migration 0019). */
  corrections_need_unlock: Generated<Bool>;
  /** Least rest between a dancer's rounds of different events, in minutes (migration 0020). */
  min_rest_minutes: Generated<number>;
  /** The floors' names, a JSON array (migration 0020). */
  floors: Generated<string>;
  /** The level rule of its registrations (migration 0013): 'none', 'ycn' (points) or 'declared'. */
  eligibility: Generated<Eligibility>;
  socials_website: string;
  socials_facebook: string;
  socials_instagram: string;
  page_details: string;
  page_rules: string;
  page_venue: string;
  page_contact: string;
  page_about: string;
  version: number;
  created_at: CreatedAt;
  updated_at: string;
  /** When a site administrator archived it; null while current (migration 0013). */
  archived_at: Generated<string | null>;
  /** 1 on the competition chosen to be served at `/` (at most one; migration 0013). */
  served_at_root: Generated<Bool>;
  /** 1: a final's placings are emailed to the event's dancers when posted (migration 0031). */
  results_emails: Generated<Bool>;
  /** When "Your day" was last sent to the dancers (0031); null: never. */
  schedule_published_at: Generated<string | null>;
  /** Admission per dancer, once per competition, in currency units (0032). */
  admission_fee: Generated<number>;
  /** Entries removed before it get a credit (0032); null: the registration close date. */
  refund_deadline: Generated<string | null>;
  /** The discount categories, JSON [{key, name, percent}] (0032). */
  discounts: Generated<Json>;
  /** 'none' | 'warn' | 'block': handing out numbers to couples who still owe (0032). */
  check_in_payment: Generated<string>;
  /** The default language of print-outs, the projector and messages: 'en' | 'de' | 'es' (0033). */
  language: Generated<Locale>;
  /** When this server handed the competition over and stopped writing it (0034); null: its own. */
  handed_over_at: Generated<string | null>;
  /** To whom: the venue's name, or the public site's address (0034). */
  handed_over_to: Generated<string | null>;
}

export interface UsersTable {
  id: Generated<number>;
  email: string;
  name: string;
  password_hash: string;
  is_super_admin: Bool;
  created_at: CreatedAt;
}

export interface SessionsTable {
  /** sha256 of the cookie token: a stolen database does not yield live sessions. */
  id: string;
  kind: 'user' | 'official';
  user_id: number | null;
  official_id: number | null;
  competition_id: number | null;
  created_at: CreatedAt;
  expires_at: string;
  last_seen_at: string;
}

export interface MembershipsTable {
  user_id: number;
  competition_id: number;
  role: 'admin';
  created_at: CreatedAt;
}

export interface OfficialsTable {
  id: Generated<number>;
  competition_id: number;
  name: string;
  role: string;
  bio: string;
  photo_url: string;
  /** Judge letter (A, B, C…) used on sheets and tables; empty for other roles. */
  letter: string;
  access_code_hash: string;
  sort_order: number;
  version: number;
  created_at: CreatedAt;
}

export interface OrganizersTable {
  id: Generated<number>;
  competition_id: number;
  name: string;
  role: string;
  email: string;
  bio: string;
  photo_url: string;
  sort_order: number;
}

export interface CompetitorsTable {
  id: Generated<number>;
  competition_id: number;
  name: string;
  email: string;
  affiliation: string;
  /** Competitor number worn on the floor (leads); null until assigned. */
  number: number | null;
  /** {style: level} the dancer has placed out of. */
  placed_out: Json;
  created_at: CreatedAt;
  version: number;
  /** The person this competitor is, across competitions (migration 0013). */
  person_id: Generated<number | null>;
  /** The key of the dancer's discount category (0032); null: none. */
  discount: Generated<string | null>;
}

/** A dancer across every competition of the server (migration 0013). */
export interface PersonsTable {
  id: Generated<number>;
  name: string;
  /** normalizeName(name): persons sharing it are listed as likely duplicates. */
  name_key: string;
  /** Set when merged into another person: that one is the dancer now. */
  merged_into: Generated<number | null>;
  created_at: CreatedAt;
  version: Generated<number>;
}

/** A (normalized name, email) a person is known by; registering with both joins that person. */
export interface PersonIdentitiesTable {
  name_key: string;
  /** Lower-cased; '' never stored (nothing to know a dancer by). */
  email: string;
  person_id: number;
}

/**
 * Two persons a site administrator decided are different dancers (migration 0022): the duplicates
 * review leaves the pair out. `low_id` < `high_id`.
 */
export interface PersonDistinctTable {
  low_id: number;
  high_id: number;
  /** Who decided, as the audit trail names them. */
  decided_by: string;
  decided_at: CreatedAt;
}

/** A placing from a competition elsewhere, imported from CSV; it counts for proficiency points. */
export interface PersonResultsTable {
  id: Generated<number>;
  lead_person_id: number;
  follow_person_id: number;
  lead_name: string;
  follow_name: string;
  competition: string;
  /** YYYY-MM-DD */
  date: string;
  style: string;
  level: string;
  dances: Json;
  rounds_danced: number;
  place: number;
  imported_by: string;
  created_at: CreatedAt;
}

export interface RegistrationsTable {
  id: Generated<number>;
  competition_id: number;
  lead_id: number;
  follow_id: number;
  affiliation: string;
  /** The 7-character entry code keyed by the installation's secret (auth/entryCodes.ts). */
  entry_code_hash: string;
  tier: string;
  /** What the registration owed and had paid before invoices (0032 carried both over as rows). */
  amount_due: Generated<number>;
  amount_paid: Generated<number>;
  paid_at: Generated<string | null>;
  /** {lead: {liability, media}, follow: {liability, media}} */
  consents: Json;
  /** {lead: {style: level}, follow: {…}}: what this registration declared (only it is bound by it). */
  placed_out: Generated<string>;
  /** The language the couple registered in; its dancers' emails are worded in it (0033). */
  language: Generated<Locale>;
  created_at: CreatedAt;
  version: number;
}

/** A registration held for the organizer: the same pair is already entered from other emails. */
export interface RegistrationReviewsTable {
  id: Generated<number>;
  competition_id: number;
  /** The RegistrationCreate as sent, JSON. */
  request: Json;
  tier: string;
  status: 'pending' | 'accepted' | 'refused';
  /** The registration made when it was accepted. */
  registration_id: number | null;
  created_at: CreatedAt;
  decided_at: string | null;
  version: number;
}

export interface EventsTable {
  id: Generated<number>;
  competition_id: number;
  key: string;
  name: string;
  style: string;
  level: string;
  dances: Json;
  sort_order: number;
  /** 'fraction' (1/8 Final …) or 'ordinal' (1st Round …): src/domain/rounds/names.ts. */
  round_naming: string;
  /** 'skating' or 'ajs' (0018): how the final is scored (docs/ajs.md). */
  scoring_system: Generated<string>;
  /** JSON {official id: components} (0018); null: the default split of the panel. */
  ajs_components: Generated<Json | null>;
  /** Rounds scored under AJS counted back from the final (0018); 1: the final only. */
  ajs_rounds: Generated<number>;
  /** AJS tolerance (0026): scores further from their median are not used; AJS events before it: 1.2. */
  ajs_tolerance: Generated<number>;
  /** The fee per dancer whatever the tier (0032: a team match, a solo); null: the tier's fee. */
  fee: Generated<number | null>;
  version: number;
  created_at: CreatedAt;
}

export interface EventPanelsTable {
  event_id: number;
  official_id: number;
}

export interface EntriesTable {
  id: Generated<number>;
  competition_id: number;
  event_id: number;
  registration_id: number | null;
  lead_id: number | null;
  follow_id: number | null;
  lead_name: string;
  follow_name: string;
  affiliation: string;
  lead_number: number;
  registered_time: string;
  checked_in: Bool;
  scratched: Bool;
  version: number;
  /**
   * pairKey(lead_name, follow_name), for the indexed duplicate check (0008). Null when not known (rows
   * from an export file, the demo, or whose names changed): the check then compares those rows' names.
   * Whatever changes a name sets it again or to null.
   */
  pair_key: Generated<string | null>;
  /** Star couple: the round number they join at (0017); null for everyone else. */
  joins_round: Generated<number | null>;
  /** 'disqualified' | 'withdrew' (0017), set by the chairman with a reason; null while competing. */
  withdrawal: Generated<string | null>;
  withdrawal_reason: Generated<string | null>;
  /** The round number from which the couple is out; 1: the whole event. */
  withdrawal_round: Generated<number | null>;
  withdrawn_at: Generated<string | null>;
  /** 1: withdrew from a final already started, keeps the last place. */
  withdrawal_keeps_place: Generated<number>;
}

export interface RoundsTable {
  id: Generated<number>;
  competition_id: number;
  event_id: number;
  round_number: number;
  round_name: string;
  schedule_index: number;
  round_start_time: string | null;
  recall_size: number;
  round_state: number;
  heat_size: number | null;
  started_at: string | null;
  ended_at: string | null;
  version: number;
  /** 'regular' or 'redance' (0017, src/domain/rounds/formats.ts). */
  round_type: Generated<string>;
  /** The floor's name (0021); null or a name no longer in the competition's floors: the first floor. */
  floor: Generated<string | null>;
  /** Waiting time before the round, minutes (0023): it starts at least this long after the one before. */
  wait_minutes: Generated<number>;
  /** The round's own AJS panel (0027): groups and the dances with separate scores; null: the defaults. */
  ajs_panel: Generated<Json | null>;
}

export interface RoundEntriesTable {
  round_id: number;
  entry_id: number;
  heat: number;
}

/** What a mark and every stored version of it hold: whose mark, in which round and dance, its value. */
interface MarkColumns {
  competition_id: number;
  round_id: number;
  official_id: number;
  dance: string;
  value: Json;
  version: number;
  submitted_by: string;
  submitted_at: string;
  /** The receipt of the submission that stored this value (null for marks stored before receipts). */
  receipt: string | null;
}

export interface MarksTable extends MarkColumns {
  id: Generated<number>;
  source: 'judge' | 'scrutineer' | 'paper';
  count_override: Bool;
  idempotency_key: string | null;
  /** 1 after the chairman's unlock, until the judge's next change locks the dance again. */
  unlocked: Generated<Bool>;
}

/** Every version of every mark, append-only: a mark is never changed without a trace. */
export interface MarkHistoryTable extends MarkColumns {
  id: Generated<number>;
  mark_id: number;
  source: string;
  /** 1: the scrutineer changed a locked dance from the judge's paper sheet. */
  correction: Generated<Bool>;
}

export interface RoundResultsTable {
  round_id: number;
  competition_id: number;
  kind: 'recall' | 'final';
  placements: Json;
  sum_recalls: Json | null;
  final_table: Json | null;
  recalled: Json | null;
  tie_decision: string | null;
  computed_at: string;
  computed_by: string;
  posted_at: string | null;
  version: number;
  /** The chairman's approval of this computation (migration 0002); cleared when recomputed. */
  approved_at: Generated<string | null>;
  approved_by: Generated<string | null>;
  /** The audit trail's head when the result was posted (0024); null before. */
  chain_head: Generated<string | null>;
}

export interface FinalResultsTable {
  event_id: number;
  competition_id: number;
  placements: Json;
  detail: Json;
  posted_at: string;
}

export interface EventSettingsTable {
  competition_id: number;
  settings: Json;
  version: number;
}

export interface AuditLogTable {
  id: Generated<number>;
  competition_id: number | null;
  at: string;
  actor: string;
  action: string;
  entity: string;
  entity_id: string | null;
  before: Json | null;
  after: Json | null;
  /** The hash chain (domain/auditChain.ts): the previous record's hash and this one's. */
  prev_hash: string | null;
  hash: string | null;
}

export interface ChangeFeedTable {
  id: Generated<number>;
  competition_id: number;
  topic: string;
  at: string;
  /** Public changes of the competition up to this one: the public stream's numbering (0007). */
  public_seq: number;
  /** 1: a change of a public topic that only staff hear of (an unposted result; 0023). */
  staff_only: Generated<number>;
}

/** A command's answer kept under the client's Idempotency-Key (src/server/http/idempotency.ts). */
export interface IdempotencyKeysTable {
  id: Generated<number>;
  competition_id: number;
  scope: string;
  key: string;
  fingerprint: string;
  response: Json;
  created_at: string;
}

export interface Database {
  competitions: CompetitionsTable;
  users: UsersTable;
  sessions: SessionsTable;
  memberships: MembershipsTable;
  officials: OfficialsTable;
  organizers: OrganizersTable;
  competitors: CompetitorsTable;
  persons: PersonsTable;
  person_identities: PersonIdentitiesTable;
  person_results: PersonResultsTable;
  person_distinct: PersonDistinctTable;
  registrations: RegistrationsTable;
  registration_reviews: RegistrationReviewsTable;
  events: EventsTable;
  event_panels: EventPanelsTable;
  entries: EntriesTable;
  rounds: RoundsTable;
  round_entries: RoundEntriesTable;
  marks: MarksTable;
  mark_history: MarkHistoryTable;
  round_results: RoundResultsTable;
  final_results: FinalResultsTable;
  event_settings: EventSettingsTable;
  audit_log: AuditLogTable;
  change_feed: ChangeFeedTable;
  idempotency_keys: IdempotencyKeysTable;
  images: ImagesTable;
  installation: InstallationTable;
  messages: MessagesTable;
  entry_links: EntryLinksTable;
  announcements: AnnouncementsTable;
  announcement_recipients: AnnouncementRecipientsTable;
  teams: TeamsTable;
  invoices: InvoicesTable;
  invoice_lines: InvoiceLinesTable;
  payments: PaymentsTable;
  mirror_venue: MirrorVenueTable;
  mirror_links: MirrorLinksTable;
  mirror_answers: MirrorAnswersTable;
}

/** This server's id as a venue (0034; docs/mirror.md). */
export interface MirrorVenueTable {
  id: string;
  created_at: string;
}

/** At the public site: a competition a venue mirrors here (0034). */
export interface MirrorLinksTable {
  competition_id: number;
  venue_id: string;
  venue_name: string;
  /** The venue's public changes applied here: its feed's `public_seq`. */
  applied_seq: number;
  /** When the last batch was applied. */
  applied_at: string;
  /** When the venue was last heard from (a batch or a heartbeat). */
  contact_at: string;
  /** 1 once the venue has been said offline, until it is heard from again. */
  offline: Generated<Bool>;
}

/** At the public site: one public answer of a mirrored competition, as the venue sent it (0034). */
export interface MirrorAnswersTable {
  competition_id: number;
  /** The path and query under /api/v1, e.g. `/competitions/spring/results/w1`. */
  path: string;
  status: number;
  /** JSON object of the headers that travel (content-type, x-total-count, content-disposition). */
  headers: string;
  body: Buffer;
  sha256: string;
}

/** A team (an affiliation) with its billing switch and its captain's link (0032). */
export interface TeamsTable {
  id: Generated<number>;
  competition_id: number;
  name: string;
  pays: Bool;
  /** The captain's private link's random token; null: no link (or revoked). */
  token: string | null;
  version: number;
  created_at: string;
}

/** One account: a couple's (registration) or a team's (0032); numbered without gaps per competition. */
export interface InvoicesTable {
  id: Generated<number>;
  competition_id: number;
  number: number;
  kind: 'couple' | 'team';
  registration_id: number | null;
  team_id: number | null;
  name: string;
  created_at: string;
}

/** What is owed, one row per charge, discount, credit or move (0032); never updated. */
export interface InvoiceLinesTable {
  id: Generated<number>;
  competition_id: number;
  invoice_id: number;
  kind: string;
  registration_id: number | null;
  event_id: number | null;
  competitor_id: number | null;
  description: string;
  amount_cents: number;
  created_by: string;
  created_at: string;
}

/** Money taken (> 0) or refunded (< 0) (0032); a correction is a new row that `reverses` another. */
export interface PaymentsTable {
  id: Generated<number>;
  competition_id: number;
  invoice_id: number;
  amount_cents: number;
  method: string;
  reference: string;
  reverses: number | null;
  recorded_by: string;
  created_at: string;
}

/** Facts about the installation (0012): `installation_key` is a check value of installation.key. */
export interface InstallationTable {
  name: string;
  value: string;
}

/** An uploaded image (0008): served at /api/v1/competitions/{key}/images/{id}-{token}. */
export interface ImagesTable {
  id: Generated<number>;
  competition_id: number;
  token: string;
  content_type: string;
  bytes: Buffer;
  size: number;
  created_at: string;
}

/** The outbox (0028): one email to one address; see src/server/mail/outbox.ts. */
export interface MessagesTable {
  id: Generated<number>;
  competition_id: number;
  kind: string;
  to_address: string;
  to_name: Generated<string>;
  subject: string;
  text_body: string;
  html_body: string | null;
  headers: Json | null;
  registration_id: number | null;
  announcement_id: number | null;
  status: Generated<'pending' | 'sent' | 'failed' | 'unsent'>;
  attempts: Generated<number>;
  next_attempt_at: string;
  claimed_by: string | null;
  claimed_until: string | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

/** A link that opens a registration (0029): see src/server/mail/entryLinks.ts. */
export interface EntryLinksTable {
  id: Generated<number>;
  competition_id: number;
  registration_id: number;
  /** The address it was sent to (lower case). */
  email: string;
  purpose: 'confirmation' | 'recovery';
  /** SHA-256 (hex) of the link's token; the token itself is only in the email. */
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

/** An organizer's announcement to an audience of dancers (0031). */
export interface AnnouncementsTable {
  id: Generated<number>;
  competition_id: number;
  /** JSON {kind: 'all' | 'event' | 'team', key?} */
  audience: Json;
  subject: string;
  body: string;
  /** Who sent it: the account's name (the audit trail keeps its full label). */
  created_by: string;
  created_at: string;
  /** Messages it put in the outbox. */
  recipients: number;
}

/** A dancer's address on a competition's announcement list (0031): unsubscribe token and state. */
export interface AnnouncementRecipientsTable {
  id: Generated<number>;
  competition_id: number;
  /** Lower-cased and trimmed. */
  address: string;
  token: string;
  unsubscribed_at: string | null;
  created_at: string;
}

export type CompetitionRow = Selectable<CompetitionsTable>;
export type NewCompetition = Insertable<CompetitionsTable>;
export type CompetitionUpdate = Updateable<CompetitionsTable>;
export type OfficialRow = Selectable<OfficialsTable>;
export type EventRow = Selectable<EventsTable>;
export type EntryRow = Selectable<EntriesTable>;
export type RoundRow = Selectable<RoundsTable>;
