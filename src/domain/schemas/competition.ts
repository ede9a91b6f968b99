import { z } from 'zod';
import {
  LIMITS,
  isoDate,
  isoDateTime,
  money,
  optionalUrl,
  requiredText,
  shortText,
  version,
} from './common.ts';

export const competitionKey = z.string({ error: 'key must be text' }).regex(/^[a-z0-9][a-z0-9-]{1,39}$/, {
  error: 'key must be 2–40 lowercase letters, digits or dashes, starting with a letter or digit',
});

export const pageNames = ['details', 'rules', 'venue', 'contact', 'about'] as const;
export type PageName = (typeof pageNames)[number];

const pageMarkdown = z
  .string({ error: 'page content must be text' })
  .max(LIMITS.pageMarkdown, { error: `page content must be at most ${LIMITS.pageMarkdown} characters` });

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
  bio: z.string().trim().max(LIMITS.mediumText, { error: 'Organizer bio is too long' }).default(''),
  photoURL: optionalUrl('Organizer photo URL').default(''),
});
export type OrganizerInput = z.infer<typeof organizerInput>;
export type Organizer = Required<OrganizerInput> & { id: number };

export const officialRoles = ['Judge', 'Deck Captain', 'Scrutineer', 'Chairman', 'MC'] as const;
export type OfficialRole = (typeof officialRoles)[number];

/** Public view of an official: never the access code. */
export interface OfficialPublic {
  id: number;
  key: string;
  name: string;
  role: OfficialRole;
  bio: string;
  photoURL: string;
}

const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, { error: 'Primary colour must look like #1c7ed6' });

/** Fields an organizer edits in setup. Every one optional in a PATCH. */
export const competitionFields = z.object({
  fullName: requiredText('Full name'),
  primaryColor: hexColor,
  timeZone: z
    .string()
    .refine((tz) => isTimeZone(tz), { error: 'Time zone must be an IANA name like America/New_York' }),
  startDate: isoDate('Start date'),
  endDate: isoDate('End date'),
  dateRegistrationEarly: isoDateTime('Early registration date').nullable(),
  dateRegistrationOpen: isoDateTime('Open registration date').nullable(),
  dateRegistrationClosed: isoDateTime('Registration close date').nullable(),
  paymentTierEarly: money('Early fee'),
  paymentTierOpen: money('Open fee'),
  paymentTierLate: money('Late fee'),
  currency: z.string().regex(/^[A-Z]{3}$/, { error: 'Currency must be a 3-letter code like USD' }),
  resultsPageShown: z.boolean({ error: 'resultsPageShown must be true or false' }),
  /** The chairman of judges approves each computed result before it may be posted. */
  requireApproval: z.boolean({ error: 'requireApproval must be true or false' }),
  socials,
  pages: z.object(
    Object.fromEntries(pageNames.map((p) => [p, pageMarkdown])) as Record<PageName, typeof pageMarkdown>,
  ),
  organizers: z.array(organizerInput).max(50, { error: 'At most 50 organizers' }),
});

function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return tz.length > 0 && tz.length < 64;
  } catch {
    return false;
  }
}

interface DateFields {
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
    });
  }
  const order = [
    ['dateRegistrationEarly', 'Early registration', v.dateRegistrationEarly],
    ['dateRegistrationOpen', 'Open registration', v.dateRegistrationOpen],
    ['dateRegistrationClosed', 'Registration close', v.dateRegistrationClosed],
  ] as const;
  let prev: { label: string; value: string } | null = null;
  for (const [name, label, value] of order) {
    if (!value) continue;
    if (prev && Date.parse(value) < Date.parse(prev.value)) {
      ctx.addIssue({
        code: 'custom',
        path: [name],
        message: `${label} date must not be before the ${prev.label.toLowerCase()} date`,
      });
    }
    prev = { label, value };
  }
}

export const competitionCreate = competitionFields
  .partial()
  .extend({ key: competitionKey, fullName: requiredText('Full name') })
  .strict()
  .superRefine(checkDateOrder);
export type CompetitionCreate = z.infer<typeof competitionCreate>;

export const competitionPatch = competitionFields
  .partial()
  .extend({ pages: competitionFields.shape.pages.partial().optional(), version: version.optional() })
  .strict()
  .superRefine(checkDateOrder);
export type CompetitionPatch = z.infer<typeof competitionPatch>;

export type RegistrationTier = 'EARLY' | 'OPEN' | 'CLOSED';

/** What GET /api/v1/competitions/{key} returns. */
export interface Competition {
  key: string;
  fullName: string;
  primaryColor: string;
  timeZone: string;
  startDate: string;
  endDate: string;
  dateRegistrationEarly: string | null;
  dateRegistrationOpen: string | null;
  dateRegistrationClosed: string | null;
  paymentTierEarly: number;
  paymentTierOpen: number;
  paymentTierLate: number;
  currency: string;
  /** Displayed status (spec §4). */
  registrationStatus: 'open' | 'closed';
  /** The tier and fee in force now, computed by the server from the dates. */
  registration: { tier: RegistrationTier; isOpen: boolean; fee: number };
  resultsPageShown: boolean;
  /** Results need the chairman's approval before they are posted. */
  requireApproval: boolean;
  socials: Socials;
  pages: Record<PageName, string>;
  organizers: Organizer[];
  officials: OfficialPublic[];
  version: number;
}

export interface CompetitionSummary {
  key: string;
  fullName: string;
  startDate: string;
  endDate: string;
}

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
    /** Schedule timing (issue 5): when the first round starts (ISO) or null (TBA). */
    // Optional so settings stored before issue 5 still parse; the server fills the defaults.
    scheduleFirstStartTime: isoDateTime('First start time').nullable().optional(),
    /** Seconds one dance of one heat takes, walk-on included. */
    schedulePerDanceSeconds: z
      .number()
      .int()
      .min(10, { error: 'At least 10 seconds per dance' })
      .max(3_600)
      .optional(),
    /** Seconds between two rounds. */
    scheduleTransitionSeconds: z.number().int().min(0).max(3_600).optional(),
  })
  .strict();
export type EventSettings = z.infer<typeof eventSettings>;
export const eventSettingsPut = eventSettings.partial().extend({ version: version.optional() }).strict();
export type EventSettingsResponse = EventSettings & { version: number };

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

export interface SessionUser {
  id: number;
  email: string;
  name: string;
  /** Site-wide administrator (may manage every competition). */
  isSuperAdmin: boolean;
  /** Competitions this account administers. */
  competitions: string[];
}

export interface Dashboard {
  competitors: number;
  couples: number;
  entries: number;
  feesDue: number;
  feesPaid: number;
  currency: string;
  events: number;
  roundsByState: Record<'Initialized' | 'Empty' | 'Running' | 'Skipped' | 'Marked' | 'Posted', number>;
}

/** Topics of the change feed (architecture.md). `marks` is for staff streams only. */
export const feedTopics = ['competition', 'events', 'schedule', 'results', 'settings', 'marks'] as const;
export type FeedTopic = (typeof feedTopics)[number];
export interface FeedMessage {
  topic: FeedTopic;
  version: number;
}
