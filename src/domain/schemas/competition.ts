import { z } from 'zod';
import { photoUrl } from './images.ts';
import {
  displayText,
  flag,
  flagBody,
  isoDate,
  isoDateOrDateTime,
  LIMITS,
  longText,
  money,
  optionalUrl,
  requiredText,
  type RuleProblem,
  shortText,
  version,
} from './common.ts';
import { CLOCK_FORMATS, instantFromInput, isKnownTimeZone } from '../time.ts';
import { ROUND_STATE_ORDER, type RoundStateName } from '../rounds/state.ts';
import { COMPETITION_STATES } from '../competitions.ts';
import { checkInPaymentRules, moneyTotals } from './money.ts';
import { LOCALES } from '../i18n/locales.ts';

export const competitionKey = z.string({ error: 'key must be text' }).regex(/^[a-z0-9][a-z0-9-]{1,39}$/, {
  error: 'key must be 2–40 lowercase letters, digits or dashes, starting with a letter or digit',
});

export const pageNames = ['details', 'rules', 'venue', 'contact', 'about'] as const;
export type PageName = (typeof pageNames)[number];

const pageMarkdown = longText('Page content', LIMITS.pageMarkdown);

export const socials = z.object({
  website: optionalUrl('Website'),
  facebook: optionalUrl('Facebook link'),
  /** Stored as typed ("@vss_ballroom" or "vss_ballroom"); links drop the leading @. */
  instagram: shortText('Instagram handle').regex(/^@?[A-Za-z0-9._]*$/, {
    error: 'Instagram handle may contain only letters, digits, dots and underscores',
  }),
});
export type Socials = z.infer<typeof socials>;

export const organizerInput = z.object({
  id: z.number().int().positive().optional(),
  name: requiredText('Organizer name'),
  role: shortText('Organizer role').default(''),
  email: z.union([z.literal(''), z.email({ error: 'Organizer email is not a valid address' })]).default(''),
  bio: longText('Organizer bio').default(''),
  photoURL: photoUrl('Organizer photo').default(''),
});
export type OrganizerInput = z.infer<typeof organizerInput>;
export const organizer = z.object({
  id: z.number().int(),
  name: z.string(),
  role: z.string(),
  email: z.string(),
  bio: z.string(),
  photoURL: z.string(),
});
export type Organizer = z.infer<typeof organizer>;

export const officialRoles = ['Judge', 'Deck Captain', 'Scrutineer', 'Chairman', 'MC'] as const;
export const officialRole = z.enum(officialRoles, {
  error: `Role must be one of: ${officialRoles.join(', ')}`,
});
export type OfficialRole = (typeof officialRoles)[number];

/** An official as people see them, in every view of officials. */
export const officialProfile = {
  name: z.string(),
  role: officialRole,
  bio: z.string(),
  photoURL: z.string(),
};

/**
 * Public view of an official: never the access code. `letter` is a judge's letter (printed on every
 * results table; '' for other roles), so a judge's tablet can say whose it is before sign-in.
 */
export const officialPublic = z.object({
  id: z.number().int(),
  key: z.string(),
  ...officialProfile,
  letter: z.string(),
});
export type OfficialPublic = z.infer<typeof officialPublic>;

/** How the competition writes clock times on every screen: 12-hour (3:45 PM) or 24-hour (15:45). */
export const clockFormat = z.enum(CLOCK_FORMATS, {
  error: 'Clock must be "12h" (12-hour, 3:45 PM) or "24h" (24-hour, 15:45)',
});

/** A language Promenade ships (domain/i18n/locales.ts): a competition's default, a registration's. */
export const language = z.enum(LOCALES, {
  error: `Language must be one of ${LOCALES.join(', ')}`,
});

/**
 * The level rule of a competition's registrations: `declared` (the placed-out levels dancers and
 * organizers declare; the rule before proficiency points), `ycn` (YCN proficiency points from
 * the results on this server and imported ones: domain/proficiency/ycn.ts) or `none` (no level rule).
 */
export const ELIGIBILITY_RULES = ['none', 'ycn', 'declared'] as const;
export type Eligibility = (typeof ELIGIBILITY_RULES)[number];
export const eligibility = z.enum(ELIGIBILITY_RULES, {
  error: 'eligibility must be "none", "ycn" (YCN proficiency points) or "declared" (placed-out levels)',
});

/** One discount category: a key kept on each dancer given it, a name, and percent off each entry fee. */
const discountCategory = z
  .object({
    key: z.string({ error: 'Discount key must be text' }).regex(/^[a-z0-9][a-z0-9-]{0,39}$/, {
      error: 'Discount key must be lower-case letters, digits and dashes',
    }),
    name: requiredText('Discount name'),
    percent: z
      .number({ error: 'Discount percent must be a number' })
      .int({ error: 'Discount percent must be a whole number' })
      .min(1, { error: 'Discount percent must be at least 1' })
      .max(100, { error: 'Discount percent must be at most 100' }),
  })
  .strict();

const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, { error: 'Primary colour must look like #1c7ed6' });

/** Fields an organizer edits in setup. Every one optional in a PATCH. */
export const competitionFields = z.object({
  fullName: requiredText('Full name'),
  primaryColor: hexColor,
  timeZone: z.string().refine(isKnownTimeZone, {
    error: 'Time zone must be an IANA name like America/New_York',
    params: { reason: 'timeZone' } satisfies RuleProblem,
  }),
  startDate: isoDate('Start date'),
  endDate: isoDate('End date'),
  // Deadlines (domain/registration.ts): the early fee until the first, the open fee until the second,
  // late entries until the close. A plain date is the end of that day in the competition's zone.
  dateRegistrationEarly: isoDateOrDateTime('Early registration date').nullable(),
  dateRegistrationOpen: isoDateOrDateTime('Open registration date').nullable(),
  dateRegistrationClosed: isoDateOrDateTime('Registration close date').nullable(),
  paymentTierEarly: money('Early fee'),
  paymentTierOpen: money('Open fee'),
  paymentTierLate: money('Late fee'),
  /** Per dancer, once per competition, on top of the entry fees (0: none). */
  admissionFee: money('Admission fee'),
  /**
   * An entry removed before it is credited; after it, not. Null: the registration close date. A plain
   * date is the end of that day in the competition's zone.
   */
  refundDeadline: isoDateOrDateTime('Refund deadline').nullable(),
  /** Discount categories the organizer gives dancers (a student): percent off each entry fee. */
  discounts: z
    .array(discountCategory)
    .max(10, { error: 'At most 10 discount categories' })
    .refine((list) => new Set(list.map((d) => d.key)).size === list.length, {
      error: 'Two discount categories have the same key',
      params: { reason: 'sameDiscountKey' } satisfies RuleProblem,
    }),
  /** Handing out numbers to couples who still owe: allowed, with a warning, or refused until paid. */
  checkInPayment: z.enum(checkInPaymentRules, {
    error: `Check-in payment rule must be one of ${checkInPaymentRules.join(', ')}`,
  }),
  currency: z.string().regex(/^[A-Z]{3}$/, { error: 'Currency must be a 3-letter code like USD' }),
  /** The default language of print-outs, the projector and messages with no reader of their own. */
  language,
  resultsPageShown: flag('resultsPageShown'),
  /** The chairman of judges approves each computed result before it may be posted. */
  requireApproval: flag('requireApproval'),
  /**
   * The scrutineer's paper entry over a judge's locked dance needs the chairman's unlock as well
   * (WDSF scrutineering software certification 1.1); otherwise it is kept as a recorded correction.
   */
  correctionsNeedUnlock: flag('correctionsNeedUnlock'),
  /** Email a final's placings to the event's dancers when it is posted (off unless chosen). */
  resultsEmails: flag('resultsEmails'),
  /** Least rest between a dancer's rounds of different events; less is a conflict. */
  minRestMinutes: z
    .number({ error: 'Minimum rest must be a number of minutes' })
    .int({ error: 'Minimum rest must be a whole number of minutes' })
    .min(0, { error: 'Minimum rest cannot be negative' })
    .max(240, { error: 'Minimum rest is at most 240 minutes' }),
  /** The floors rounds are danced on, in the order the schedule shows them. */
  floors: z
    .array(displayText('A floor name', 40).min(1, { error: 'A floor needs a name' }))
    .min(1, { error: 'A competition has at least one floor' })
    .max(8, { error: 'At most 8 floors' })
    .refine((f) => new Set(f.map((n) => n.toLowerCase())).size === f.length, {
      error: 'Two floors have the same name',
      params: { reason: 'sameFloor' } satisfies RuleProblem,
    }),
  eligibility,
  socials,
  pages: z.object(
    Object.fromEntries(pageNames.map((p) => [p, pageMarkdown])) as Record<PageName, typeof pageMarkdown>,
  ),
  organizers: z.array(organizerInput).max(50, { error: 'At most 50 organizers' }),
});

interface DateFields {
  timeZone?: string;
  startDate?: string;
  endDate?: string;
  dateRegistrationEarly?: string | null;
  dateRegistrationOpen?: string | null;
  dateRegistrationClosed?: string | null;
}

function checkDateOrder(v: DateFields, ctx: z.RefinementCtx): void {
  if (v.startDate && v.endDate && v.endDate < v.startDate) {
    ctx.addIssue({
      code: 'custom',
      path: ['endDate'],
      message: 'End date must not be before the start date',
      params: { reason: 'endBeforeStart' } satisfies RuleProblem,
    });
  }
  const order = [
    ['dateRegistrationEarly', 'Early registration', v.dateRegistrationEarly],
    ['dateRegistrationOpen', 'Open registration', v.dateRegistrationOpen],
    ['dateRegistrationClosed', 'Registration close', v.dateRegistrationClosed],
  ] as const;
  // Plain dates are compared in the zone sent along (the stored zone is not known here; UTC is close).
  const zone = v.timeZone && isKnownTimeZone(v.timeZone) ? v.timeZone : 'UTC';
  let prev: { name: (typeof order)[number][0]; label: string; value: number } | null = null;
  for (const [name, label, input] of order) {
    if (!input) continue;
    const value = Date.parse(instantFromInput(input, zone, 'end'));
    if (prev && value < prev.value) {
      ctx.addIssue({
        code: 'custom',
        path: [name],
        message: `${label} date must not be before the ${prev.label.toLowerCase()} date`,
        params: { reason: 'dateOrder', earlier: prev.name } satisfies RuleProblem,
      });
    }
    prev = { name, label, value };
  }
}

/** How far a clone's dates move: up to ten years either way. */
export const MAX_DATE_OFFSET_DAYS = 3660;

export const competitionCreate = competitionFields
  .partial()
  .extend({
    key: competitionKey,
    fullName: requiredText('Full name'),
    /** Copy this competition's set-up (events, rounds, officials, settings, pages, fees). */
    cloneFrom: z
      .string({ error: 'cloneFrom must be the key of a competition' })
      .max(100, { error: 'cloneFrom must be the key of a competition' })
      .optional(),
    /** Days the clone's dates move (364 keeps the weekday a year later); negative goes back. */
    dateOffsetDays: z
      .number({ error: 'dateOffsetDays must be a whole number of days' })
      .int({ error: 'dateOffsetDays must be a whole number of days' })
      .min(-MAX_DATE_OFFSET_DAYS, { error: `dateOffsetDays must be at least -${MAX_DATE_OFFSET_DAYS}` })
      .max(MAX_DATE_OFFSET_DAYS, { error: `dateOffsetDays must be at most ${MAX_DATE_OFFSET_DAYS}` })
      .optional(),
  })
  .strict()
  .superRefine(checkDateOrder)
  .superRefine((v, ctx) => {
    if (v.cloneFrom === undefined) {
      if (v.dateOffsetDays !== undefined)
        ctx.addIssue({
          code: 'custom',
          path: ['dateOffsetDays'],
          message: 'dateOffsetDays moves the dates of a clone: send it with cloneFrom',
        });
      return;
    }
    // A clone takes everything else from its source; the copy is edited in setup afterwards.
    const other = Object.keys(v).filter(
      (k) => !['key', 'fullName', 'cloneFrom', 'dateOffsetDays'].includes(k),
    );
    for (const k of other)
      ctx.addIssue({
        code: 'custom',
        path: [k],
        message: `A clone takes ${k} from the competition it copies (dates moved by dateOffsetDays): send only key, fullName, cloneFrom and dateOffsetDays, then edit the copy`,
      });
  });
export type CompetitionCreate = z.infer<typeof competitionCreate>;

export const competitionPatch = competitionFields
  .partial()
  .extend({ pages: competitionFields.shape.pages.partial().optional(), version: version.optional() })
  .strict()
  .superRefine(checkDateOrder);
export type CompetitionPatch = z.infer<typeof competitionPatch>;

export const registrationTiers = ['EARLY', 'OPEN', 'CLOSED'] as const;
export type RegistrationTier = (typeof registrationTiers)[number];

/** What GET /api/v1/competitions/{key} returns. Dates of registration are instants in UTC. */
export const competitionResponse = z.object({
  key: z.string(),
  fullName: z.string(),
  primaryColor: z.string(),
  timeZone: z.string(),
  /** Clock times are written 12- or 24-hour; changed with the event settings. */
  clock: clockFormat,
  startDate: z.string(),
  endDate: z.string(),
  dateRegistrationEarly: z.string().nullable(),
  dateRegistrationOpen: z.string().nullable(),
  dateRegistrationClosed: z.string().nullable(),
  paymentTierEarly: z.number(),
  paymentTierOpen: z.number(),
  paymentTierLate: z.number(),
  admissionFee: z.number(),
  /** As set (UTC); null: the registration close date applies. */
  refundDeadline: z.string().nullable(),
  discounts: z.array(z.object({ key: z.string(), name: z.string(), percent: z.number() })),
  checkInPayment: z.enum(checkInPaymentRules),
  currency: z.string(),
  /** The default language of print-outs, the projector and messages with no reader of their own. */
  language,
  /** Displayed status (spec §4). */
  registrationStatus: z.enum(['open', 'closed']),
  /** The tier and fee in force now, computed by the server from the dates. */
  registration: z.object({ tier: z.enum(registrationTiers), isOpen: z.boolean(), fee: z.number() }),
  resultsPageShown: z.boolean(),
  /** Results need the chairman's approval before they are posted. */
  requireApproval: z.boolean(),
  /** The scrutineer's corrections to locked marks need the chairman's unlock too. */
  correctionsNeedUnlock: z.boolean(),
  /** A final's placings are emailed to the event's dancers when posted. */
  resultsEmails: z.boolean().optional(),
  /** Least rest between a dancer's rounds of different events, in minutes. */
  minRestMinutes: z.number().int(),
  /** The floors' names; one by default. */
  floors: z.array(z.string()),
  /** The level rule of registrations: none, YCN points, or declared placed-out levels. */
  eligibility,
  socials: z.object({ website: z.string(), facebook: z.string(), instagram: z.string() }),
  pages: z.object(Object.fromEntries(pageNames.map((p) => [p, z.string()])) as Record<PageName, z.ZodString>),
  organizers: z.array(organizer),
  officials: z.array(officialPublic),
  version: z.number().int(),
});
export type Competition = z.infer<typeof competitionResponse>;

/** Upcoming, running or finished: from its dates in its zone and its rounds (domain/competitions.ts). */
export const competitionStateSchema = z.enum(COMPETITION_STATES);

/** GET /competitions: the competitions not archived, newest first. */
export const competitionSummary = competitionResponse
  .pick({ key: true, fullName: true, startDate: true, endDate: true })
  .extend({ state: competitionStateSchema });
export type CompetitionSummary = z.infer<typeof competitionSummary>;

/** POST /competitions with cloneFrom: the copy, and its officials' new access codes, shown this once. */
export const competitionCreated = competitionResponse.extend({
  accessCodes: z
    .array(z.object({ id: z.number().int(), name: z.string(), role: officialRole, accessCode: z.string() }))
    .optional(),
});
export type CompetitionCreated = z.infer<typeof competitionCreated>;

/** GET /site: the competition served at `/`. */
export const siteResponse = z.object({ competition: z.string() });
export type SiteInfo = z.infer<typeof siteResponse>;

const notACompetitionKey = { error: 'competition must be the key of a competition, or null' };

/** PUT /site: a site administrator chooses the competition served at `/` (null: back to the default). */
export const siteChoice = z
  .object({ competition: z.string(notACompetitionKey).max(100, notACompetitionKey).nullable() })
  .strict();
export type SiteChoice = z.infer<typeof siteChoice>;

/** POST /competitions/{key}/archive. */
export const archiveBody = flagBody('archived');

/** One competition in the admin area's list and switcher. */
export const adminCompetition = z.object({
  key: z.string(),
  fullName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  timeZone: z.string(),
  state: competitionStateSchema,
  /** When it was archived (it takes no writes then); null while current. */
  archivedAt: z.string().nullable(),
  /** It is the competition `/` serves now. */
  servedAtRoot: z.boolean(),
  events: z.number().int(),
  /** Handed over to another server, which changes it now (docs/mirror.md); null: run here. */
  handedOverTo: z.string().nullable().optional(),
});
export type AdminCompetition = z.infer<typeof adminCompetition>;

/**
 * GET /admin/competitions: the competitions this account administers (every one for a site
 * administrator), and how `/` is chosen: `chosen` in the admin area, else `configured`
 * (PROMENADE_COMPETITION), else the demo or the first.
 */
export const adminCompetitionList = z.object({
  competitions: z.array(adminCompetition),
  site: z.object({
    served: z.string().nullable(),
    chosen: z.string().nullable(),
    configured: z.string().nullable(),
    /** The public site this venue takes competitions from and hands them back to; null: none. */
    publicSite: z.string().nullable().optional(),
  }),
});
export type AdminCompetitionList = z.infer<typeof adminCompetitionList>;

export const eventSettings = z
  .object({
    showScheduleIndex: z.boolean(),
    hideLiveSchedule: z.boolean(),
    hideLevelIcons: z.boolean(),
    highlightOtherRoundsInEvent: z.boolean(),
    hideClearRoundsButton: z.boolean(),
    hideGenerateRoundsButton: z.boolean(),
    reorderAfterAddRemoveRound: z.boolean(),
    liveScrollRefreshIndex: z.number().int().min(0).max(100_000),
    /** Schedule timing: when the first round starts (ISO) or null (TBA). */
    // Optional so settings stored without schedule timing still parse; the server fills the defaults.
    // A plain date is the start of that day in the competition's zone.
    scheduleFirstStartTime: isoDateOrDateTime('First start time').nullable().optional(),
    /** Seconds one dance of one heat takes, walk-on included. */
    schedulePerDanceSeconds: z
      .number()
      .int()
      .min(10, { error: 'At least 10 seconds per dance' })
      .max(3_600)
      .optional(),
    /** Seconds between two rounds. */
    scheduleTransitionSeconds: z.number().int().min(0).max(3_600).optional(),
    /** Clock times on every screen. Stored on the competition (its own column), not with the flags. */
    clock: clockFormat,
    /**
     * The competition's default language (print-outs, the projector, messages with no reader of their
     * own); the same as the competition's `language`, stored on it like the clock.
     */
    language: language.optional(),
  })
  .strict();
export type EventSettings = z.infer<typeof eventSettings>;
export const eventSettingsPut = eventSettings.partial().extend({ version: version.optional() }).strict();
export const eventSettingsResponse = eventSettings.extend({ version: z.number().int() });
export type EventSettingsResponse = z.infer<typeof eventSettingsResponse>;

export const loginBody = z.object({
  email: z.email({ error: 'Enter a valid email address' }).max(LIMITS.shortText),
  password: z.string({ error: 'Enter your password' }).min(1, { error: 'Enter your password' }).max(200),
});

export const adminCreate = z
  .object({
    email: z.email({ error: 'Enter a valid email address' }).max(LIMITS.shortText),
    name: requiredText('Name'),
    password: z
      .string({ error: 'Password is required' })
      .min(6, { error: 'Password must be at least 6 characters' })
      .max(200, { error: 'Password must be at most 200 characters' }),
  })
  .strict();

/** An administrator of a competition (site administrators administer every one). */
export const adminAccount = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  /** Site-wide administrator (may manage every competition). */
  isSuperAdmin: z.boolean(),
});
export type AdminAccount = z.infer<typeof adminAccount>;

export const sessionUser = adminAccount.extend({
  /** Competitions this account administers. */
  competitions: z.array(z.string()),
});
export type SessionUser = z.infer<typeof sessionUser>;

/** An official signed in with an access code. */
export const sessionOfficial = z.object({
  id: z.number().int(),
  name: z.string(),
  role: officialRole,
  competition: z.string().nullable(),
});

export type SessionOfficial = z.infer<typeof sessionOfficial>;

export const loginResponse = z.object({ user: sessionUser });
export type LoginResponse = z.infer<typeof loginResponse>;
export const officialSessionResponse = z.object({ official: sessionOfficial });
export type OfficialSessionResponse = z.infer<typeof officialSessionResponse>;
/**
 * GET /auth/me: the account or the official of this session, or `{}` when nobody is signed in (an
 * expected answer on every signed-out screen, not an error).
 */
export const whoAmIResponse = z.union([loginResponse, officialSessionResponse, z.object({}).strict()]);
export type WhoAmI = z.infer<typeof whoAmIResponse>;

const roundCount = z.number().int();
const roundsByState = Object.fromEntries(ROUND_STATE_ORDER.map((s) => [s, roundCount]));
export const dashboard = z.object({
  competitors: z.number().int(),
  couples: z.number().int(),
  entries: z.number().int(),
  /** Still owed in all (charged less paid), in currency units. */
  feesDue: z.number(),
  feesPaid: z.number(),
  /** The money in cents, in all and by team: the ledger's sums. */
  money: moneyTotals,
  currency: z.string(),
  events: z.number().int(),
  roundsByState: z.object(roundsByState as Record<RoundStateName, typeof roundCount>),
});
export type Dashboard = z.infer<typeof dashboard>;

/** Topics of the change feed (architecture.md). `marks` is for staff streams only. */
export const feedTopics = ['competition', 'events', 'schedule', 'results', 'settings', 'marks'] as const;
export type FeedTopic = (typeof feedTopics)[number];
export interface FeedMessage {
  topic: FeedTopic;
  version: number;
}
/**
 * GET …/stream: Server-Sent Events (text/event-stream), not JSON. Frames: `hello` or `reset` first,
 * then `change` with a FeedMessage as data; the `id` of each frame is its Last-Event-ID. The public
 * stream counts only the changes it carries (1, 2, 3 …); the stream of those who see unposted marks
 * numbers every change, its ids written `s<version>`.
 */
export const changeStream = z
  .string()
  .describe(
    'text/event-stream: events hello {version}, reset {}, change {topic, version}; id = Last-Event-ID (public: the count of public changes; staff: s<version>)',
  );
