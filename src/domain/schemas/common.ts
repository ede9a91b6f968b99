import { z } from 'zod';
import { isPlainDate } from '../time.ts';
import { displayProblemOf, displayProblemText, storedForm } from '../displayText.ts';

/** Limits that keep one careless (or hostile) request from filling the database. */
export const LIMITS = {
  shortText: 200,
  mediumText: 2_000,
  pageMarkdown: 50_000,
  url: 500,
} as const;

/**
 * Text a person types and others see (a name, a title, a note), by one rule (domain/displayText.ts):
 * trimmed, in NFC, at most `max` characters, without control or text-direction characters, with few
 * combining marks per character (and, on one line, few emoji). The error names the field.
 */
export const displayText = (label: string, max: number, opts: { multiline?: boolean } = {}) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .overwrite(storedForm)
    .max(max, { error: `${label} must be at most ${max} characters` })
    .superRefine((v, ctx) => {
      const problem = displayProblemOf(v, opts.multiline);
      // The problem as data too (`params`), for a reader in another language.
      if (problem)
        ctx.addIssue({ code: 'custom', message: `${label} ${displayProblemText(problem)}`, params: problem });
    });

/**
 * Why a value breaks one of the schemas' own rules (a custom issue), as data in the issue's `params`
 * and in a refused request's details (server/errors.ts): the web words it in the reader's language
 * (web/shared/errors/codes/words.ts); the English `message` stays for API scripts and as the fallback.
 */
export type RuleProblem =
  | {
      reason:
        | 'required'
        | 'url'
        | 'image'
        | 'dateOrDateTime'
        | 'timeZone'
        | 'endBeforeStart'
        | 'sameDiscountKey'
        | 'sameFloor'
        | 'danceTwice'
        | 'amountZero'
        | 'differentPeople'
        | 'personTwice';
    }
  /** A registration date before the one it follows (`earlier`: that date's field). */
  | {
      reason: 'dateOrder';
      earlier: 'dateRegistrationEarly' | 'dateRegistrationOpen' | 'dateRegistrationClosed';
    }
  | { reason: 'danceNotOfStyle'; dance: string; style: string }
  | { reason: 'audienceKey'; kind: 'event' | 'team' }
  | { reason: 'noSuchEvent'; event: string }
  | { reason: 'noSuchTeam'; team: string }
  | { reason: 'noSuchCompetition'; competition: string }
  | { reason: 'ajsTolerance'; min: number; max: number; step: number }
  | { reason: 'bodyTooLarge'; kb: number }
  | { reason: 'amountMax'; max: number }
  /** An AJS split leaving components (`TQ, CP`) to no judge. */
  | { reason: 'componentsUnscored'; components: string };

/** A one-line text: a name, a title, a team. */
export const shortText = (label: string) => displayText(label, LIMITS.shortText);

/** A note or a bio: several lines. */
export const longText = (label: string, max: number = LIMITS.mediumText) =>
  displayText(label, max, { multiline: true });

/** Required: at least one visible character (a name of only invisible marks would show as blank). */
export const requiredText = (label: string) =>
  shortText(label)
    .min(1, { error: `${label} is required` })
    .refine((v) => /[\p{L}\p{N}\p{P}\p{S}]/u.test(v), {
      error: `${label} is required`,
      params: { reason: 'required' } satisfies RuleProblem,
    });

/** A URL the site may link to: http(s) only, so no javascript: links reach a page. */
export const optionalUrl = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(LIMITS.url, { error: `${label} must be at most ${LIMITS.url} characters` })
    .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), {
      error: `${label} must start with http:// or https://`,
      params: { reason: 'url' } satisfies RuleProblem,
    });

/** Calendar date, YYYY-MM-DD. */
export const isoDate = (label: string) =>
  z.string({ error: `${label} must be a date` }).regex(/^\d{4}-\d{2}-\d{2}$/, {
    error: `${label} must be a date like 2026-11-21`,
  });

/** An instant in time, ISO 8601 with offset (stored in UTC). */
export const isoDateTime = (label: string) =>
  z.iso.datetime({ offset: true, error: `${label} must be a date and time like 2026-11-21T09:00:00Z` });

/**
 * An instant, or a plain date meaning a day in the competition's time zone (its start or its end,
 * depending on the field; the command converts it with src/domain/time.ts and stores UTC).
 */
export const isoDateOrDateTime = (label: string) =>
  z
    .string({ error: `${label} must be a date` })
    .refine((v) => isPlainDate(v) || z.iso.datetime({ offset: true }).safeParse(v).success, {
      error: `${label} must be a date like 2026-11-21 or a date and time like 2026-11-21T09:00:00Z`,
      params: { reason: 'dateOrDateTime' } satisfies RuleProblem,
    });

export const money = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(0, { error: `${label} cannot be negative` })
    .max(100_000, { error: `${label} is too large` });

/** A yes/no field; the error names it as the request spells it. */
export const flag = (name: string) => z.boolean({ error: `${name} must be true or false` });

/** The body of a command that sets one flag (archive, scratch, check in): that field, nothing else. */
export const flagBody = <Name extends string>(name: Name) =>
  z.object({ [name]: flag(name) } as { [N in Name]: ReturnType<typeof flag> }).strict();

/** Optimistic concurrency: the version the client last saw. */
export const version = z.number({ error: 'version must be a number' }).int().min(0);

export const errorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBody>;

/** A command's answer that is a sentence for the person who sent it. */
export const messageResponse = z.object({ message: z.string() });

/**
 * The body of a command that takes no fields (a new access code, post results, delete): nothing, or
 * `{}`. Anything else (an array, a string, a number, a field) is refused, so a request that meant
 * something else does not run the command.
 */
export const noFields = z
  .strictObject({}, { error: 'This command takes no fields: send no body or {}.' })
  .optional();
export type MessageResponse = z.infer<typeof messageResponse>;
/**
 * GET /api/health: whether this instance can do its work (200 `ok: true`; 503 `ok: false` while writes
 * cannot be stored), the database it uses and how changes reach its live streams.
 */
/** The link as the venue's /api/health and dashboard show it. */
export const mirrorHealth = z.object({
  /** `off`: this server mirrors nothing (PROMENADE_MIRROR_URL unset). */
  state: z.enum(['connected', 'offline', 'off']),
  /** Public changes the public site does not have yet (all competitions). */
  behind: z.number().int().min(0),
  /** Since when connected, or offline; null when off. */
  since: z.string().nullable(),
});
export type MirrorHealth = z.infer<typeof mirrorHealth>;

export const healthResponse = z.object({
  ok: z.boolean(),
  database: z.enum(['sqlite', 'postgres']),
  /**
   * `in-process`: one server (SQLite); `listening`: PostgreSQL LISTEN/NOTIFY carries every instance's
   * changes here; `connecting`/`reconnecting`: that connection is (re)opening, changes committed
   * meanwhile are delivered once it is back.
   */
  feed: z.enum(['in-process', 'listening', 'connecting', 'reconnecting', 'closed']),
  /**
   * `ok`: writes are stored; `full`: no room (the disk, or the database's size limit); `read-only`: the
   * database or the data folder refuses writes. Learnt from the data folder and from the last write.
   */
  storage: z.enum(['ok', 'full', 'read-only']),
  /** The venue's link to the public site (docs/mirror.md); `off` where nothing is mirrored. */
  mirror: mirrorHealth,
});
/** A CSV download (the route says `produces: ['text/csv']`). */
/**
 * The body of a CSV import: the file's text, at most `maxChars` characters (`sizeInWords` in the
 * message), and `dryRun` (true unless set: check the file and write nothing).
 */
export const csvImport = (maxChars: number, sizeInWords: string) =>
  z
    .object({
      csv: z
        .string({ error: 'csv must be the text of the file' })
        .min(1, { error: 'The file is empty' })
        .max(maxChars, { error: `The file is too large (at most ${sizeInWords})` }),
      dryRun: z.boolean().default(true),
    })
    .strict();

export const csvFile = z.string().describe('A CSV file (text/csv; UTF-8; first row: column names)');
/** An answer with no body (204). */
export const noContent = z.null();
