/**
 * Every row of an imported competition is checked with the same Zod schemas the commands use, before
 * anything is written: a file that would store what no command accepts (a `javascript:` link, events'
 * dances that are not a list of dances) is refused whole, with every problem named by table, row and field.
 */
import { z } from 'zod';
import { isoDateTime, LIMITS, requiredText, shortText } from '../../../domain/schemas/common.ts';
import {
  competitionFields,
  officialRole,
  organizerInput,
  socials,
} from '../../../domain/schemas/competition.ts';
import { eventCreate } from '../../../domain/schemas/events.ts';
import { placedOut } from '../../../domain/schemas/registration.ts';
import { roundAjsPanel, tieDecisions } from '../../../domain/schemas/marks.ts';
import { IMAGE_TYPES, MAX_IMAGE_BYTES } from '../../../domain/schemas/images.ts';
import { sniffImage } from '../images/sniff.ts';
import { officialCreate } from '../../../domain/schemas/officials.ts';
import type { Row } from './tables.ts';
import { audienceKinds, unsubscribeQuery } from '../../../domain/schemas/mailings.ts';
import { ANNOUNCEMENT_BODY_MAX_BYTES, ANNOUNCEMENT_SUBJECT_MAX } from '../../../domain/messages/audience.ts';
import { ChainWalker } from '../../../domain/auditChain.ts';
import type { EntryLinkPurpose } from '../../../domain/entryLinks.ts';

export interface ImportProblem {
  path: (string | number)[];
  message: string;
}

/** A JSON column: its text must parse, and the value must pass `schema`. */
const jsonOf = (schema: z.ZodType) =>
  z
    .string({ error: 'must be JSON text' })
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'is not valid JSON' });
        return z.NEVER;
      }
    })
    .pipe(schema);
const anyJson = jsonOf(z.unknown());
const nullable = (schema: z.ZodType) => schema.nullable().optional();
const text = z.string().max(LIMITS.pageMarkdown).nullable().optional();

const f = competitionFields.shape;
const pages = f.pages.shape;
/** Stored column → the command's field schema. */
const COMPETITION: Record<string, z.ZodType> = {
  full_name: f.fullName,
  primary_color: f.primaryColor,
  time_zone: f.timeZone,
  start_date: f.startDate,
  end_date: f.endDate,
  date_registration_early: f.dateRegistrationEarly,
  date_registration_open: f.dateRegistrationOpen,
  date_registration_closed: f.dateRegistrationClosed,
  payment_tier_early: f.paymentTierEarly,
  payment_tier_open: f.paymentTierOpen,
  payment_tier_late: f.paymentTierLate,
  admission_fee: nullable(f.admissionFee),
  refund_deadline: nullable(f.refundDeadline),
  discounts: nullable(jsonOf(f.discounts)),
  check_in_payment: nullable(f.checkInPayment),
  currency: f.currency,
  // Missing from an export made before languages (0033): the default, English.
  language: f.language.optional(),
  eligibility: f.eligibility,
  socials_website: socials.shape.website,
  socials_facebook: socials.shape.facebook,
  socials_instagram: socials.shape.instagram,
  page_details: pages.details,
  page_rules: pages.rules,
  page_venue: pages.venue,
  page_contact: pages.contact,
  page_about: pages.about,
};

const o = organizerInput.shape;
const of = officialCreate.shape;
const TABLES: Record<string, Record<string, z.ZodType>> = {
  organizers: { name: o.name, role: o.role, email: o.email, bio: o.bio, photo_url: o.photoURL },
  officials: { name: of.name, role: officialRole, bio: of.bio, photo_url: of.photoURL },
  competitors: {
    name: requiredText('Name'),
    email: nullable(shortText('Email')),
    affiliation: nullable(shortText('Affiliation')),
    placed_out: nullable(jsonOf(placedOut)),
  },
  registrations: {
    affiliation: nullable(shortText('Affiliation')),
    consents: nullable(jsonOf(z.record(z.string(), z.unknown()))),
    language: f.language.optional(),
  },
  entries: {
    lead_name: nullable(shortText('Lead name')),
    follow_name: nullable(shortText('Follow name')),
    affiliation: nullable(shortText('Affiliation')),
  },
  images: {
    token: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'is not an image token' }),
    content_type: z.enum(IMAGE_TYPES),
    size: z.number().int().min(1).max(MAX_IMAGE_BYTES),
  },
  rounds: { ajs_panel: nullable(jsonOf(roundAjsPanel)) },
  marks: { value: nullable(anyJson) },
  mark_history: { value: nullable(anyJson) },
  round_results: {
    placements: nullable(anyJson),
    sum_recalls: nullable(anyJson),
    final_table: nullable(anyJson),
    recalled: nullable(anyJson),
    // Stored as the plain enum word the chairman chose, not as JSON.
    tie_decision: nullable(z.enum(tieDecisions)),
  },
  final_results: { placements: nullable(anyJson), detail: nullable(anyJson) },
  event_settings: { settings: nullable(anyJson) },
  announcements: {
    audience: jsonOf(z.object({ kind: z.enum(audienceKinds), key: z.string().max(200).optional() })),
    subject: z.string().max(ANNOUNCEMENT_SUBJECT_MAX),
    body: z.string().max(ANNOUNCEMENT_BODY_MAX_BYTES),
  },
  announcement_recipients: {
    address: z.string().min(1).max(LIMITS.shortText),
    token: unsubscribeQuery.shape.t,
  },
  // A link's expiry must be an instant: one that does not parse would never expire.
  entry_links: {
    email: z.string().min(1).max(LIMITS.shortText),
    purpose: z.enum(['confirmation', 'recovery'] satisfies EntryLinkPurpose[]),
    token_hash: z.string().regex(/^[0-9a-f]{64}$/, { error: 'is not a SHA-256 in hex' }),
    expires_at: isoDateTime('Expiry'),
    used_at: nullable(isoDateTime('Used at')),
    created_at: isoDateTime('Created at'),
  },
  audit_log: { before: nullable(anyJson), after: nullable(anyJson), action: text },
};

function check(
  problems: ImportProblem[],
  where: (string | number)[],
  row: Row,
  columns: Record<string, z.ZodType>,
): void {
  for (const [col, schema] of Object.entries(columns)) {
    if (row[col] === undefined) continue; // a missing column takes the database's default
    const res = schema.safeParse(row[col]);
    if (!res.success)
      for (const i of res.error.issues)
        problems.push({
          path: [...where, col, ...i.path.map((p) => (typeof p === 'symbol' ? String(p) : p))],
          message: i.message,
        });
  }
}

/** The event fields the command names, by their column in the file. */
const EVENT_COLUMNS: Record<string, string> = {
  roundNaming: 'round_naming',
  scoringSystem: 'scoring_system',
  ajsRounds: 'ajs_rounds',
  ajsTolerance: 'ajs_tolerance',
  fee: 'fee',
  ajsComponents: 'ajs_components',
};

/** A JSON column's value, or the text itself when it is not JSON (the schema then says what is wrong). */
function parsedOrText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** An event row as the command takes it: name, style, level and the list of dances (stored as JSON). */
function checkEvent(problems: ImportProblem[], where: (string | number)[], row: Row): void {
  let dances: unknown = row.dances;
  if (typeof dances === 'string') {
    try {
      dances = JSON.parse(dances);
    } catch {
      problems.push({ path: [...where, 'dances'], message: 'is not valid JSON (a list of dances)' });
      return;
    }
  }
  const input = {
    name: row.name,
    style: row.style,
    level: row.level,
    dances,
    ...(row.round_naming !== undefined && row.round_naming !== null ? { roundNaming: row.round_naming } : {}),
    ...(row.scoring_system !== undefined && row.scoring_system !== null
      ? { scoringSystem: row.scoring_system }
      : {}),
    ...(row.ajs_rounds !== undefined && row.ajs_rounds !== null ? { ajsRounds: row.ajs_rounds } : {}),
    ...(row.ajs_tolerance !== undefined ? { ajsTolerance: row.ajs_tolerance } : {}),
    ...(row.fee !== undefined ? { fee: row.fee } : {}),
    ...(typeof row.ajs_components === 'string' ? { ajsComponents: parsedOrText(row.ajs_components) } : {}),
  };
  const res = eventCreate.safeParse(input);
  if (!res.success)
    for (const i of res.error.issues) {
      const [first, ...rest] = i.path.map((p) => (typeof p === 'symbol' ? String(p) : p));
      const col = EVENT_COLUMNS[String(first)] ?? first;
      problems.push({ path: [...where, ...(col === undefined ? [] : [col]), ...rest], message: i.message });
    }
}

/** An image's bytes are what its row says: that type by their first bytes, that size, not too big. */
function checkImage(problems: ImportProblem[], where: (string | number)[], row: Row): void {
  if (typeof row.bytes !== 'string' || !/^[A-Za-z0-9+/]*={0,2}$/.test(row.bytes)) {
    problems.push({ path: [...where, 'bytes'], message: 'must be the image as base64 text' });
    return;
  }
  const bytes = Buffer.from(row.bytes, 'base64');
  if (bytes.length === 0 || bytes.length > MAX_IMAGE_BYTES)
    problems.push({ path: [...where, 'bytes'], message: `must hold 1 byte to ${MAX_IMAGE_BYTES} bytes` });
  else if (sniffImage(bytes) !== row.content_type)
    problems.push({ path: [...where, 'bytes'], message: `is not a ${String(row.content_type)} image` });
  else if (bytes.length !== row.size)
    problems.push({ path: [...where, 'size'], message: `is not the size of the bytes (${bytes.length})` });
}

const CHAINED_TEXT = ['at', 'actor', 'action', 'entity'] as const;
const CHAINED_NULLABLE = ['entity_id', 'before', 'after'] as const;

/**
 * The audit trail's hash chain: its fields are the text the hash was taken over, and from
 * format version 2 on the chain must hold from the file's first record to its last, in the file's
 * order (the export's id order). The first broken link is named by its row and its id in the file.
 * A version 1 file (exported before the chain) has none: the import chains its records as the
 * migration chained a server's.
 */
function checkChain(problems: ImportProblem[], rows: Row[], formatVersion: number): void {
  let typed = true;
  for (const [i, row] of rows.entries()) {
    for (const col of CHAINED_TEXT)
      if (typeof row[col] !== 'string') {
        typed = false;
        problems.push({ path: ['tables', 'audit_log', i, col], message: 'must be text' });
      }
    for (const col of CHAINED_NULLABLE)
      if (row[col] !== null && typeof row[col] !== 'string') {
        typed = false;
        problems.push({ path: ['tables', 'audit_log', i, col], message: 'must be text or null' });
      }
  }
  if (!typed || formatVersion < 2) return;
  const walker = new ChainWalker();
  for (const [i, row] of rows.entries()) {
    const broken = walker.add({
      ...(row as unknown as Parameters<ChainWalker['add']>[0]),
      // Records are named by their row in the file (the export leaves out their ids), as the path is.
      id: i,
      prev_hash: typeof row.prev_hash === 'string' ? row.prev_hash : null,
      hash: typeof row.hash === 'string' ? row.hash : null,
    });
    if (broken) {
      problems.push({
        path: ['tables', 'audit_log', i],
        message: `The audit trail's hash chain is broken here. ${broken.reason}`,
      });
      return;
    }
  }
}

/** Every problem of the document (at most `limit`), each with its path: table, row, field. */
export function importProblems(
  competition: Row,
  tables: Record<string, Row[]>,
  limit = 100,
  formatVersion = 2,
): ImportProblem[] {
  const problems: ImportProblem[] = [];
  check(problems, ['competition'], competition, COMPETITION);
  checkChain(problems, tables.audit_log ?? [], formatVersion);
  for (const [name, rows] of Object.entries(tables)) {
    const columns = TABLES[name];
    for (const [i, row] of rows.entries()) {
      if (problems.length >= limit) return problems.slice(0, limit);
      if (name === 'events') checkEvent(problems, ['tables', name, i], row);
      else if (columns) check(problems, ['tables', name, i], row, columns);
      if (name === 'images') checkImage(problems, ['tables', name, i], row);
    }
  }
  return problems.slice(0, limit);
}
