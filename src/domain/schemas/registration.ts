import { z } from 'zod';
import { LEVELS } from '../levels.ts';
import { STYLES } from '../styles.ts';
import { CODE_LENGTH } from '../codes.ts';
import { csvImport, flag, flagBody, LIMITS, money, requiredText, shortText, version } from './common.ts';
import { language, registrationTiers } from './competition.ts';
import { coupleNames, eventRef } from './parts.ts';
import { invoice } from './money.ts';

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
    /** The language the couple registers in: their emails are worded in it. */
    language: language.optional(),
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

/** "Email me a link": the email of either dancer. */
export const registrationRecover = z.object({ email: email('Email') }).strict();
export type RegistrationRecover = z.infer<typeof registrationRecover>;

/** POST …/registrations/recover: the same answer whatever the email; the competition named for the web's words. */
export const registrationRecovered = z.object({ message: z.string(), competition: z.string() });

/** The token of an emailed link (`/entries?open=…`). */
export const registrationOpen = z
  .object({
    token: z
      .string({ error: 'Token must be text' })
      .min(1, { error: 'Token is required' })
      .max(200, { error: 'Token must be at most 200 characters' }),
  })
  .strict();
export type RegistrationOpen = z.infer<typeof registrationOpen>;

/** What an opened link gives: a grant for the next requests, in place of the entry code and email. */
const grant = z
  .string({ error: 'Grant must be text' })
  .min(1, { error: 'Grant is required' })
  .max(300, { error: 'Grant must be at most 300 characters' });

export const grantedLookup = z.object({ grant }).strict();
export type GrantedLookup = z.infer<typeof grantedLookup>;

export const grantedEntriesChange = entriesChange.extend({ grant }).strict();
export type GrantedEntriesChange = z.infer<typeof grantedEntriesChange>;

/** An admin edit of one competitor. `number: null` takes the number away. */
export const competitorPatch = z
  .object({
    name: requiredText('Name'),
    email: z.union([z.literal(''), email('Email')]),
    affiliation: shortText('Affiliation'),
    number: z
      .number({ error: 'Number must be a whole number' })
      .int({ error: 'Number must be a whole number' })
      .min(1, { error: 'Number must be 1 or more' })
      .max(99_999, { error: 'Number must be at most 99999' })
      .nullable(),
    placedOut,
    /** The key of one of the competition's discount categories (a student); null: none. */
    discount: z.string({ error: 'Discount must be a category key' }).max(40).nullable(),
    version,
  })
  .partial()
  .strict();
export type CompetitorPatch = z.infer<typeof competitorPatch>;

/** An admin edit of a registration: its team, or what it has paid in all (kept as payment rows). */
export const registrationPatch = z
  .object({
    /**
     * What the couple has paid in all, in currency units: recorded as a payment (or refund) of the
     * difference on their own account, method 'unspecified' (POST …/payments says how it was paid).
     */
    amountPaid: money('Amount paid'),
    affiliation: requiredText('Affiliation'),
    version,
  })
  .partial()
  .strict();
export type RegistrationPatch = z.infer<typeof registrationPatch>;

export const entryPatch = z
  .object({
    scratched: flag('scratched'),
    leadName: requiredText('Lead name'),
    followName: requiredText('Follow name'),
    affiliation: shortText('Affiliation'),
    leadNumber: z.number().int().min(1).max(99_999),
    version,
  })
  .partial()
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

export const registrationImport = csvImport(MAX_IMPORT_CSV, '2 MB');

export const REQUIRED_IMPORT_COLUMNS = [
  'lead_name',
  'lead_email',
  'follow_name',
  'follow_email',
  'affiliation',
  'events',
] as const;
/** The columns of a registrations CSV (import and export), in order: the required ones first. */
export const IMPORT_COLUMNS = [
  ...REQUIRED_IMPORT_COLUMNS,
  'lead_number',
  'tier',
  'amount_paid',
  'lead_placed_out',
  'follow_placed_out',
  'lead_media',
  'follow_media',
] as const;

const id = z.number().int();

export const importProblem = z.object({
  /** Line in the file (the header is line 1). */
  line: z.number().int(),
  column: z.string().optional(),
  message: z.string(),
  /**
   * What is wrong, for the web to word in the reader's language (`unknown_event`, `yes_no`, …), with the
   * values its words fill in (`values.event`); absent for a problem worded only in English.
   */
  code: z.string().optional(),
  values: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  /** A row the schema refused: Zod's issue code and the limits it names, as a 400's details carry them. */
  issue: z.record(z.string(), z.unknown()).optional(),
});
export type ImportProblem = z.infer<typeof importProblem>;

// ---- Answers -------------------------------------------------------------------------------------

// Shape pieces spread in place, so every answer keeps its own key order.
/** The event an entry is in, as the couple and the public see it. */
const entryEvent = { ...eventRef, style: z.string(), level: z.string() };
/** An entry's couple number and whether it was scratched. */
const entryStanding = { leadNumber: z.number().int(), scratched: z.boolean() };
/** A couple as the organizer's entry tables name it. */
const coupleByName = { ...coupleNames, ...entryStanding };

export const registeredEntry = z.object({ id, ...entryEvent, ...entryStanding });
export type RegisteredEntry = z.infer<typeof registeredEntry>;

const namedPerson = z.object({ id, name: z.string() });

/** POST …/registrations (201): the entry code is shown this once. */
export const registrationCreated = z.object({
  registrationId: id,
  entryCode: z.string(),
  entries: z.array(registeredEntry),
  amountDue: z.number(),
  currency: z.string(),
  tier: z.enum(registrationTiers),
  fee: z.number(),
  leadNumber: z.number().int(),
  lead: namedPerson,
  follow: namedPerson,
});
export type RegistrationCreated = z.infer<typeof registrationCreated>;

/**
 * POST …/registrations (202): the same pair is already entered from other emails, so the registration
 * waits for the organizer (someone may have registered the couple's names first). Nothing
 * else was written; the organizer accepts it (the earlier entries make way) or refuses it.
 */
export const registrationHeld = z.object({
  review: z.object({
    id,
    status: z.literal('pending'),
    events: z.array(z.object(eventRef)),
    message: z.string(),
    /** For the web's words in the registrant's language (`message` stays English). */
    leadName: z.string(),
    followName: z.string(),
    /** The address the organizers will write to. */
    contact: z.string(),
  }),
});
export type RegistrationHeld = z.infer<typeof registrationHeld>;

const reviewDancer = z.object({ name: z.string(), email: z.string() });

/** A held registration as the organizer reviews it, with the entries it collides with. */
export const registrationReview = z.object({
  id,
  lead: reviewDancer,
  follow: reviewDancer,
  affiliation: z.string(),
  events: z.array(z.object(eventRef)),
  createdAt: z.string(),
  /** The entries already there for the same pair, and whose registration they are. */
  conflicts: z.array(
    z.object({
      ...eventRef,
      entryId: id,
      registrationId: id.nullable(),
      lead: reviewDancer,
      follow: reviewDancer,
      registeredAt: z.string(),
    }),
  ),
  version: z.number().int(),
});
export type RegistrationReview = z.infer<typeof registrationReview>;

export const reviewDecision = z.object({ version }).strict();
export type ReviewDecision = z.infer<typeof reviewDecision>;

/** What the couple sees of their own registration with their code (no other couple's data). */
export const ownRegistration = z.object({
  registrationId: id,
  lead: namedPerson.extend({ number: z.number().int().nullable() }),
  follow: namedPerson,
  affiliation: z.string(),
  tier: z.string(),
  /** What their own account was charged, in currency units. */
  amountDue: z.number(),
  /** What was paid on it, in currency units. */
  amountPaid: z.number(),
  currency: z.string(),
  /** Their own account (null: nothing billed to it). */
  invoice: invoice.nullable(),
  /** Their team pays for their entries: its name; null: they pay. */
  teamPays: z.string().nullable(),
  entries: z.array(registeredEntry),
  registrationOpen: z.boolean(),
  version: z.number().int(),
});
export type OwnRegistration = z.infer<typeof ownRegistration>;

/** The registration an emailed link opened, and the grant that opens it for the next GRANT_HOURS. */
export const registrationOpened = z.object({
  registration: ownRegistration,
  grant: z.string(),
  grantExpiresAt: z.string(),
});
export type RegistrationOpened = z.infer<typeof registrationOpened>;

const partner = z.object({ id: id.nullable(), name: z.string() });

export const publicCompetitorEntry = z.object({
  entryId: id,
  ...entryEvent,
  role: z.enum(['lead', 'follow']),
  partner,
  ...entryStanding,
});
export type PublicCompetitorEntry = z.infer<typeof publicCompetitorEntry>;

/** GET …/competitors: public, so no emails, codes, fees or consents. */
export const publicCompetitor = z.object({
  id,
  /** The person this competitor is across the server's competitions (GET /people/{personId}). */
  personId: id.nullable(),
  name: z.string(),
  affiliation: z.string(),
  number: z.number().int().nullable(),
  partners: z.array(partner),
  entries: z.array(publicCompetitorEntry),
});
export type PublicCompetitor = z.infer<typeof publicCompetitor>;

/** A competitor as the organizer sees and edits it (PATCH …/competitors/{id} answers this). */
export const adminCompetitor = z.object({
  id,
  name: z.string(),
  email: z.string(),
  affiliation: z.string(),
  number: z.number().int().nullable(),
  placedOut: z.partialRecord(z.enum(STYLES), z.enum(LEVELS)),
  /** The dancer's discount category's key; null: none. */
  discount: z.string().nullable(),
  version: z.number().int(),
});
export type AdminCompetitor = z.infer<typeof adminCompetitor>;

export const consentRecord = z.object({ liability: z.boolean(), media: z.boolean() });
export type ConsentRecord = z.infer<typeof consentRecord>;

export const adminRegistration = z.object({
  id,
  lead: adminCompetitor,
  follow: adminCompetitor,
  affiliation: z.string(),
  tier: z.string(),
  /** What the registration's entries cost, in currency units (on whichever account bills them). */
  amountDue: z.number(),
  /** Paid on the couple's own account, in currency units. */
  amountPaid: z.number(),
  /** When the couple's own account was last paid. */
  paidAt: z.string().nullable(),
  /** The account that bills the couple now (their own, or their team's); null: nothing billed yet. */
  account: z
    .object({
      invoiceId: z.number().int(),
      number: z.number().int(),
      kind: z.enum(['couple', 'team']),
      balanceCents: z.number().int(),
    })
    .nullable(),
  consents: z.object({ lead: consentRecord, follow: consentRecord }),
  createdAt: z.string(),
  entries: z.array(registeredEntry.extend({ checkedIn: z.boolean(), version: z.number().int() })),
  version: z.number().int(),
});
export type AdminRegistration = z.infer<typeof adminRegistration>;

export const adhocEntry = z.object({
  id,
  ...eventRef,
  ...coupleByName,
  registeredTime: z.string(),
  version: z.number().int(),
});
export type AdhocEntry = z.infer<typeof adhocEntry>;

/** GET …/registrations: the organizer's table, with the ad hoc entries (no registration). */
export const adminRegistrations = z.object({
  currency: z.string(),
  registrations: z.array(adminRegistration),
  adhoc: z.array(adhocEntry),
  /** Registrations held for the organizer's review (oldest first). */
  reviews: z.array(registrationReview),
});
export type AdminRegistrations = z.infer<typeof adminRegistrations>;

export const importResult = z.object({
  dryRun: z.boolean(),
  rows: z.number().int(),
  problems: z.array(importProblem),
  /** Couples written (0 on a dry run or when there are problems). */
  created: z.number().int(),
  /** The entry codes of the couples written, to send to them: shown this once. */
  codes: z.array(
    z.object({
      line: z.number().int(),
      leadName: z.string(),
      followName: z.string(),
      leadNumber: z.number().int(),
      entryCode: z.string(),
    }),
  ),
});
export type ImportResult = z.infer<typeof importResult>;

/** POST …/entries/adhoc (201): a day-of couple, named later ("Adhoc" stands for no competitor). */
export const adhocEntryCreated = z.object({
  id,
  entryId: id,
  ...eventRef,
  leadId: z.literal(ADHOC.id),
  followId: z.literal(ADHOC.id),
  ...coupleByName,
  version: z.number().int(),
});
export type AdhocEntryCreated = z.infer<typeof adhocEntryCreated>;

/** PATCH …/entries/{entryId}: the entry after the change. */
export const entryUpdated = z.object({ id, ...coupleByName, version: z.number().int() });
export type EntryUpdated = z.infer<typeof entryUpdated>;

/** POST …/check-in. */
export const entryCheckedIn = z.object({ entryId: id, checkedIn: z.boolean(), version: z.number().int() });
export type EntryCheckedIn = z.infer<typeof entryCheckedIn>;

/** POST …/scratch. */
export const entryScratched = z.object({
  entryId: id,
  coupleNumber: z.string(),
  scratched: z.boolean(),
  version: z.number().int(),
});
export type EntryScratched = z.infer<typeof entryScratched>;

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

export const checkIn = flagBody('checkedIn');
