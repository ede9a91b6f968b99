import type { Database } from '../../db/schema.ts';

/**
 * What a competition export holds, table by table, in insert order. `refs` names the columns that point
 * at rows of other exported tables; on import every id is re-assigned and those columns follow.
 * Sessions, memberships and the change feed are per-server and are not exported.
 */
export interface TableSpec {
  name: keyof Database;
  /** Own id column, when rows are pointed at by others. */
  id?: 'id';
  columns: string[];
  refs: Record<string, keyof Database>;
  /** Columns of bytes, written in the JSON document as base64 text. */
  binary?: string[];
  /**
   * Refs whose row may be gone (a line keeps naming the event it billed): kept as the negated old id, so
   * they match no row of the copy yet stay one item apart from every other.
   */
  looseRefs?: string[];
  /** Rows in the order of this column (not exported) instead of the first exported column. */
  orderBy?: 'id';
  /**
   * JSON columns holding official ids as the keys of an object (a panel split): column → the path to
   * that object in the value ([] for the value itself). On import the keys follow the officials' new ids.
   */
  officialKeys?: Record<string, string[]>;
  /**
   * A column unique across the server, not per competition: a row whose value this server already
   * holds (the competition the copy was made from is still here) is left out, and keeps working there.
   */
  serverUnique?: string;
}

/** A mark's own columns, which every stored version of it (mark_history) keeps too. */
const MARK_COLUMNS = ['round_id', 'official_id', 'dance', 'value', 'version', 'source'];

export const EXPORT_TABLES: TableSpec[] = [
  // First: people's photos and pages point at them, and their addresses move with the copy's ids.
  {
    name: 'images',
    id: 'id',
    columns: ['token', 'content_type', 'bytes', 'size', 'created_at'],
    refs: {},
    binary: ['bytes'],
  },
  {
    name: 'organizers',
    id: 'id',
    columns: ['name', 'role', 'email', 'bio', 'photo_url', 'sort_order'],
    refs: {},
  },
  {
    name: 'officials',
    id: 'id',
    columns: [
      'name',
      'role',
      'bio',
      'photo_url',
      'letter',
      'access_code_hash',
      'sort_order',
      'version',
      'created_at',
    ],
    refs: {},
  },
  {
    name: 'competitors',
    id: 'id',
    columns: ['name', 'email', 'affiliation', 'number', 'placed_out', 'discount', 'created_at', 'version'],
    refs: {},
  },
  {
    name: 'registrations',
    id: 'id',
    columns: [
      'lead_id',
      'follow_id',
      'affiliation',
      'entry_code_hash',
      'tier',
      'amount_due',
      'amount_paid',
      'paid_at',
      'consents',
      'placed_out',
      'language',
      'created_at',
      'version',
    ],
    refs: { lead_id: 'competitors', follow_id: 'competitors' },
  },
  {
    name: 'registration_reviews',
    columns: ['request', 'tier', 'status', 'registration_id', 'created_at', 'decided_at', 'version'],
    refs: { registration_id: 'registrations' },
    // Oldest first: the import numbers them in file order, and the review list reads them by id.
    orderBy: 'id',
  },
  {
    // The links emailed to couples keep opening their registration in a copy on another server. Only
    // each token's SHA-256 is stored, as sensitive as the entry codes' hashes exported above.
    name: 'entry_links',
    columns: ['registration_id', 'email', 'purpose', 'token_hash', 'expires_at', 'used_at', 'created_at'],
    refs: { registration_id: 'registrations' },
    serverUnique: 'token_hash',
    orderBy: 'id',
  },
  {
    name: 'events',
    id: 'id',
    columns: [
      'key',
      'name',
      'style',
      'level',
      'dances',
      'sort_order',
      'round_naming',
      'scoring_system',
      'ajs_components',
      'ajs_rounds',
      'ajs_tolerance',
      'fee',
      'version',
      'created_at',
    ],
    refs: {},
    officialKeys: { ajs_components: [] },
  },
  {
    name: 'event_panels',
    columns: ['event_id', 'official_id'],
    refs: { event_id: 'events', official_id: 'officials' },
  },
  {
    name: 'entries',
    id: 'id',
    columns: [
      'event_id',
      'registration_id',
      'lead_id',
      'follow_id',
      'lead_name',
      'follow_name',
      'affiliation',
      'lead_number',
      'registered_time',
      'checked_in',
      'scratched',
      'version',
      'joins_round',
      'withdrawal',
      'withdrawal_reason',
      'withdrawal_round',
      'withdrawn_at',
      'withdrawal_keeps_place',
    ],
    refs: {
      event_id: 'events',
      registration_id: 'registrations',
      lead_id: 'competitors',
      follow_id: 'competitors',
    },
  },
  {
    name: 'rounds',
    id: 'id',
    columns: [
      'event_id',
      'round_number',
      'round_name',
      'schedule_index',
      'round_start_time',
      'recall_size',
      'round_state',
      'heat_size',
      'started_at',
      'ended_at',
      'version',
      'round_type',
      'floor',
      'wait_minutes',
      'ajs_panel',
    ],
    refs: { event_id: 'events' },
    officialKeys: { ajs_panel: ['groups'] },
  },
  {
    name: 'round_entries',
    columns: ['round_id', 'entry_id', 'heat'],
    refs: { round_id: 'rounds', entry_id: 'entries' },
  },
  {
    name: 'marks',
    id: 'id',
    columns: [
      ...MARK_COLUMNS,
      'count_override',
      'idempotency_key',
      'submitted_by',
      'submitted_at',
      'unlocked',
      'receipt',
    ],
    refs: { round_id: 'rounds', official_id: 'officials' },
  },
  {
    name: 'mark_history',
    columns: ['mark_id', ...MARK_COLUMNS, 'submitted_by', 'submitted_at', 'receipt', 'correction'],
    refs: { mark_id: 'marks', round_id: 'rounds', official_id: 'officials' },
    // The trace in the order it was written (the import numbers rows in file order; a mark's history
    // is read by id).
    orderBy: 'id',
  },
  {
    name: 'round_results',
    columns: [
      'round_id',
      'kind',
      'placements',
      'sum_recalls',
      'final_table',
      'recalled',
      'tie_decision',
      'computed_at',
      'computed_by',
      'posted_at',
      'version',
      'approved_at',
      'approved_by',
      'chain_head',
    ],
    refs: { round_id: 'rounds' },
  },
  {
    name: 'final_results',
    columns: ['event_id', 'placements', 'detail', 'posted_at'],
    refs: { event_id: 'events' },
  },
  { name: 'event_settings', columns: ['settings', 'version'], refs: {} },
  {
    name: 'announcements',
    columns: ['audience', 'subject', 'body', 'created_by', 'created_at', 'recipients'],
    refs: {},
    orderBy: 'id',
  },
  {
    // Who unsubscribed stays unsubscribed in a copy; the tokens keep the links sent working there.
    name: 'announcement_recipients',
    columns: ['address', 'token', 'unsubscribed_at', 'created_at'],
    refs: {},
    orderBy: 'id',
  },
  { name: 'teams', id: 'id', columns: ['name', 'pays', 'token', 'version', 'created_at'], refs: {} },
  {
    name: 'invoices',
    id: 'id',
    columns: ['number', 'kind', 'registration_id', 'team_id', 'name', 'created_at'],
    refs: { registration_id: 'registrations', team_id: 'teams' },
    orderBy: 'id',
  },
  {
    name: 'invoice_lines',
    columns: [
      'invoice_id',
      'kind',
      'registration_id',
      'event_id',
      'competitor_id',
      'description',
      'amount_cents',
      'created_by',
      'created_at',
    ],
    refs: {
      invoice_id: 'invoices',
      registration_id: 'registrations',
      event_id: 'events',
      competitor_id: 'competitors',
    },
    // A line outlives what it billed (a removed entry's event, a voided registration).
    looseRefs: ['registration_id', 'event_id', 'competitor_id'],
    orderBy: 'id',
  },
  {
    name: 'payments',
    id: 'id',
    columns: ['invoice_id', 'amount_cents', 'method', 'reference', 'reverses', 'recorded_by', 'created_at'],
    refs: { invoice_id: 'invoices', reverses: 'payments' },
    orderBy: 'id',
  },
  {
    name: 'audit_log',
    // The hash chain travels with it, and is checked on import (validate.ts).
    columns: ['at', 'actor', 'action', 'entity', 'entity_id', 'before', 'after', 'prev_hash', 'hash'],
    refs: {},
    // The chain's order is the ids' order; `at` is not (records in one millisecond, a clock set back).
    orderBy: 'id',
  },
];

export const COMPETITION_COLUMNS = [
  'key',
  'full_name',
  'primary_color',
  'time_zone',
  'clock',
  'start_date',
  'end_date',
  'date_registration_early',
  'date_registration_open',
  'date_registration_closed',
  'payment_tier_early',
  'payment_tier_open',
  'payment_tier_late',
  'admission_fee',
  'refund_deadline',
  'discounts',
  'check_in_payment',
  'currency',
  'language',
  'results_page_shown',
  'require_approval',
  'corrections_need_unlock',
  'results_emails',
  'schedule_published_at',
  'min_rest_minutes',
  'floors',
  'eligibility',
  'socials_website',
  'socials_facebook',
  'socials_instagram',
  'page_details',
  'page_rules',
  'page_venue',
  'page_contact',
  'page_about',
  'version',
  'created_at',
  'updated_at',
] as const;

/** Tables without a competition_id column, reached through their parent. */
export const CHILD_TABLES: ReadonlySet<keyof Database> = new Set(['event_panels', 'round_entries']);

/** One exported row, as stored. */
export type Row = Record<string, unknown>;
