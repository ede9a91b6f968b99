import { z } from 'zod';
import { LEVELS } from '../levels.ts';
import { STYLES } from '../styles.ts';
import { CODE_LENGTH } from '../codes.ts';
import { LIMITS, money, requiredText, shortText, version } from './common.ts';

/** Most events one registration may name: every event of a big competition, with room. */
export const MAX_EVENTS_PER_REGISTRATION = 100;

export const email = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(LIMITS.shortText, { error: `${label} must be at most ${LIMITS.shortText} characters` })
    .pipe(z.email({ error: `${label} must be an email address like name@example.com` }));

/** {style: level} the dancer has placed out of; e.g. {"Latin": "Silver"}. */
export const placedOut = z
  .partialRecord(
    z.enum(STYLES, { error: `Style must be one of: ${STYLES.join(', ')}` }),
    z.enum(LEVELS, { error: `Level must be one of: ${LEVELS.join(', ')}` }),
  )
  .default({});
export type PlacedOutMap = z.infer<typeof placedOut>;

export const dancerInput = z
  .object({
    name: requiredText('Name'),
    email: email('Email'),
    placedOut: placedOut.optional(),
  })
  .strict();
export type DancerInput = z.infer<typeof dancerInput>;

export const consent = z
  .object({
    liability: z.literal(true, { error: 'The liability release must be accepted to dance' }),
    media: z.boolean({ error: 'Media permission must be yes or no' }).default(false),
  })
  .strict();
export type Consent = z.infer<typeof consent>;

/**
 * api.md's `consents: {liability: true, media: bool}` applies to both dancers; each dancer may also give
 * their own: `consents: {lead: {…}, follow: {…}}`.
 */
export const consents = z.union([consent, z.object({ lead: consent, follow: consent }).strict()], {
  error: 'Consents must be {liability: true, media: true|false} (or one such object for lead and for follow)',
});
export type Consents = z.infer<typeof consents>;

export function consentsByDancer(c: Consents): { lead: Consent; follow: Consent } {
  return 'lead' in c ? c : { lead: c, follow: c };
}

const eventKeyList = z
  .array(z.string({ error: 'Event keys must be text' }).trim().min(1).max(100), {
    error: 'events must be a list of event keys',
  })
  .max(MAX_EVENTS_PER_REGISTRATION, { error: `At most ${MAX_EVENTS_PER_REGISTRATION} events` });

export const registrationCreate = z
  .object({
    lead: dancerInput,
    follow: dancerInput,
    affiliation: requiredText('Affiliation'),
    events: eventKeyList.min(1, { error: 'Choose at least one event' }),
    consents,
  })
  .strict();
export type RegistrationCreate = z.infer<typeof registrationCreate>;

/** An entry code as typed: spaces dropped and upper-cased, since codes are upper case (spec §5). */
export const entryCode = z
  .string({ error: 'Entry code must be text' })
  .transform((s) => s.replace(/\s+/g, '').toUpperCase())
  .pipe(z.string().length(CODE_LENGTH, { error: `The entry code has ${CODE_LENGTH} characters` }));

export const registrationLookup = z.object({ entryCode, email: email('Email') }).strict();
export type RegistrationLookup = z.infer<typeof registrationLookup>;

export const entriesChange = z
  .object({
    add: eventKeyList.default([]),
    drop: eventKeyList.default([]),
    version: version.optional(),
  })
  .strict();
export type EntriesChange = z.infer<typeof entriesChange>;

export const selfEntriesChange = entriesChange.extend({ entryCode, email: email('Email') }).strict();
export type SelfEntriesChange = z.infer<typeof selfEntriesChange>;

/** An admin edit of one competitor. `number: null` takes the number away. */
export const competitorPatch = z
  .object({
    name: requiredText('Name').optional(),
    email: z.union([z.literal(''), email('Email')]).optional(),
    affiliation: shortText('Affiliation').optional(),
    number: z
      .number({ error: 'Number must be a whole number' })
      .int({ error: 'Number must be a whole number' })
      .min(1, { error: 'Number must be 1 or more' })
      .max(99_999, { error: 'Number must be at most 99999' })
      .nullable()
      .optional(),
    placedOut: placedOut.optional(),
    version: version.optional(),
  })
  .strict();
export type CompetitorPatch = z.infer<typeof competitorPatch>;

/** An admin edit of a registration: payment and team. */
export const registrationPatch = z
  .object({
    amountPaid: money('Amount paid').optional(),
    affiliation: requiredText('Affiliation').optional(),
    version: version.optional(),
  })
  .strict();
export type RegistrationPatch = z.infer<typeof registrationPatch>;

export const entryPatch = z
  .object({
    scratched: z.boolean({ error: 'scratched must be true or false' }).optional(),
    leadName: requiredText('Lead name').optional(),
    followName: requiredText('Follow name').optional(),
    affiliation: shortText('Affiliation').optional(),
    leadNumber: z.number().int().min(1).max(99_999).optional(),
    version: version.optional(),
  })
  .strict();
export type EntryPatch = z.infer<typeof entryPatch>;

/** Ad hoc day-of entry (spec §3 placeholder): every field may be left for later. */
export const ADHOC = { id: 'Adhoc', name: 'dummy', affiliation: 'Other', leadNumber: 999 } as const;

export const adhocEntryCreate = z
  .object({
    eventKey: z.string().trim().min(1, { error: 'Choose an event' }).max(100),
    leadName: shortText('Lead name').optional(),
    followName: shortText('Follow name').optional(),
    affiliation: shortText('Affiliation').optional(),
    leadNumber: z.number().int().min(1).max(99_999).optional(),
  })
  .strict();
export type AdhocEntryCreate = z.infer<typeof adhocEntryCreate>;

/** Biggest CSV import accepted (characters); the route's body limit is larger. */
export const MAX_IMPORT_CSV = 2_000_000;
export const MAX_IMPORT_ROWS = 3_000;

export const registrationImport = z
  .object({
    csv: z
      .string({ error: 'csv must be the text of the file' })
      .min(1, { error: 'The file is empty' })
      .max(MAX_IMPORT_CSV, { error: 'The file is too large (at most 2 MB)' }),
    dryRun: z.boolean().default(true),
  })
  .strict();

/** The columns of a registrations CSV (import and export), in order. */
export const IMPORT_COLUMNS = [
  'lead_name',
  'lead_email',
  'follow_name',
  'follow_email',
  'affiliation',
  'events',
  'lead_number',
  'tier',
  'amount_paid',
  'lead_placed_out',
  'follow_placed_out',
  'lead_media',
  'follow_media',
] as const;
export const REQUIRED_IMPORT_COLUMNS = [
  'lead_name',
  'lead_email',
  'follow_name',
  'follow_email',
  'affiliation',
  'events',
] as const;

export interface ImportProblem {
  /** Line in the file (the header is line 1). */
  line: number;
  column?: string;
  message: string;
}

// ---- Answers -------------------------------------------------------------------------------------

export interface RegisteredEntry {
  id: number;
  eventKey: string;
  eventName: string;
  style: string;
  level: string;
  leadNumber: number;
  scratched: boolean;
}

export interface RegistrationCreated {
  registrationId: number;
  entryCode: string;
  entries: RegisteredEntry[];
  amountDue: number;
  currency: string;
  tier: 'EARLY' | 'OPEN' | 'CLOSED';
  fee: number;
  leadNumber: number;
  lead: { id: number; name: string };
  follow: { id: number; name: string };
}

/** What the couple sees of their own registration with their code (no other couple's data). */
export interface OwnRegistration {
  registrationId: number;
  lead: { id: number; name: string; number: number | null };
  follow: { id: number; name: string };
  affiliation: string;
  tier: string;
  amountDue: number;
  amountPaid: number;
  currency: string;
  entries: RegisteredEntry[];
  registrationOpen: boolean;
  version: number;
}

export interface PublicCompetitorEntry {
  entryId: number;
  eventKey: string;
  eventName: string;
  style: string;
  level: string;
  role: 'lead' | 'follow';
  partner: { id: number | null; name: string };
  leadNumber: number;
  scratched: boolean;
}

export interface PublicCompetitor {
  id: number;
  name: string;
  affiliation: string;
  number: number | null;
  partners: { id: number | null; name: string }[];
  entries: PublicCompetitorEntry[];
}

export interface AdminCompetitor {
  id: number;
  name: string;
  email: string;
  affiliation: string;
  number: number | null;
  placedOut: PlacedOutMap;
  version: number;
}

export interface ConsentRecord {
  liability: boolean;
  media: boolean;
}

export interface AdminRegistration {
  id: number;
  lead: AdminCompetitor;
  follow: AdminCompetitor;
  affiliation: string;
  tier: string;
  amountDue: number;
  amountPaid: number;
  paidAt: string | null;
  consents: { lead: ConsentRecord; follow: ConsentRecord };
  createdAt: string;
  entries: (RegisteredEntry & { checkedIn: boolean; version: number })[];
  version: number;
}

export interface AdhocEntry {
  id: number;
  eventKey: string;
  eventName: string;
  leadName: string;
  followName: string;
  affiliation: string;
  leadNumber: number;
  scratched: boolean;
  registeredTime: string;
  version: number;
}

export interface AdminRegistrations {
  currency: string;
  registrations: AdminRegistration[];
  adhoc: AdhocEntry[];
}

export interface ImportResult {
  dryRun: boolean;
  rows: number;
  problems: ImportProblem[];
  /** Couples written (0 on a dry run or when there are problems). */
  created: number;
  /** The entry codes of the couples written, to send to them: shown this once. */
  codes: { line: number; leadName: string; followName: string; leadNumber: number; entryCode: string }[];
}

/** api.md's admin entry into one event: a couple by names, optionally linked to competitors. */
export const eventEntryCreate = z
  .object({
    leadName: requiredText('Lead name'),
    followName: requiredText('Follow name'),
    affiliation: shortText('Team').default(''),
    leadNumber: z.number({ error: 'Lead number must be a number' }).int().min(1).max(99_999).optional(),
    leadId: z.number().int().positive().optional(),
    followId: z.number().int().positive().optional(),
  })
  .strict();
export type EventEntryCreate = z.infer<typeof eventEntryCreate>;

export const checkIn = z
  .object({ checkedIn: z.boolean({ error: 'checkedIn must be true or false' }) })
  .strict();
