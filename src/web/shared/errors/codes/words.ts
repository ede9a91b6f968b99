/**
 * The server's refusals worded in the reader's language (German, Spanish): by error code and the
 * details the server sends along, and a form's problems by Zod's issue code. Its own chunk (../lazy.ts):
 * an English reader reads the server's own words.
 */
import { translator } from '../../../../domain/i18n/catalog.ts';
import type { Locale } from '../../../../domain/i18n/locales.ts';
import { danceLabel, roundLabel, sportText, styleLabel } from '../../../../domain/i18n/sport.ts';
import { formatMoney } from '../../../../domain/format.ts';
import type { Issue } from '../../formErrors.ts';
import { errorCodesText, hasErrorText, type ErrorCodesKey, type ErrorCodesT } from './text.ts';

export { errorCodesText, sportText };

const numberOf = (v: unknown): number | undefined =>
  typeof v === 'number' ? v : typeof v === 'bigint' ? Number(v) : undefined;

/**
 * What is wrong, from Zod's issue code and the limits it names, or a custom rule's reason (`params`);
 * null when they say too little: then the server's (or schema's) own words. Dances and styles in the
 * sport's words of `locale`.
 */
export function issueProblem(issue: Issue, t: ErrorCodesT, locale: Locale): string | null {
  const p = issue as unknown as Record<string, unknown>;
  const maximum = numberOf(p.maximum);
  const minimum = numberOf(p.minimum);
  const origin = typeof p.origin === 'string' ? p.origin : '';
  const isNumber = ['number', 'int', 'bigint'].includes(origin);
  switch (issue.code) {
    case 'too_big':
      if (maximum === undefined) return null;
      if (origin === 'string') return t('issue.tooLong', { maximum });
      if (origin === 'array' || origin === 'set') return t('issue.tooMany', { maximum });
      if (isNumber) return t(p.inclusive === false ? 'issue.below' : 'issue.atMost', { maximum });
      return null;
    case 'too_small':
      if (minimum === undefined) return null;
      if (origin === 'string') return minimum <= 1 ? t('issue.required') : t('issue.tooShort', { minimum });
      if (origin === 'array' || origin === 'set')
        return minimum <= 1 ? t('issue.chooseOne') : t('issue.tooFew', { minimum });
      if (isNumber) return t(p.inclusive === false ? 'issue.above' : 'issue.atLeast', { minimum });
      return null;
    case 'invalid_type':
      if (p.expected === 'int') return t('issue.wholeNumber');
      if (p.expected === 'number') return t('issue.number');
      if (p.expected === 'string') return t('issue.text');
      if (p.expected === 'boolean') return t('issue.yesNo');
      return t('issue.wrongType');
    case 'invalid_value':
      return Array.isArray(p.values) && p.values.length
        ? t('issue.oneOf', { values: p.values.map(String).join(', ') })
        : t('issue.notValid');
    case 'invalid_format':
      if (p.format === 'email') return t('issue.email');
      if (p.format === 'url') return t('issue.url');
      if (p.format === 'date' || p.format === 'datetime') return t('issue.date');
      return t('issue.format');
    case 'not_multiple_of':
      return numberOf(p.divisor) === 1 ? t('issue.wholeNumber') : t('issue.notValid');
    case 'unrecognized_keys':
      return Array.isArray(p.keys) ? t('issue.unknownKeys', { keys: p.keys.map(String).join(', ') }) : null;
    case 'custom':
      return displayWords(p.params, t) ?? ruleWords(p.params, t, locale);
    default:
      return null;
  }
}

/** A display text's problem (domain/displayText.ts) from its data; null for another custom rule. */
function displayWords(params: unknown, t: ErrorCodesT): string | null {
  if (typeof params !== 'object' || params === null) return null;
  const p = params as { display?: unknown; char?: unknown; max?: unknown };
  const char = typeof p.char === 'string' ? p.char : '';
  const max = typeof p.max === 'number' ? p.max : 0;
  switch (p.display) {
    case 'notText':
      return t('issue.display.notText');
    case 'direction':
      return t('issue.display.direction', { char });
    case 'lineBreak':
      return t('issue.display.lineBreak', { char });
    case 'control':
      return t('issue.display.control', { char });
    case 'marks':
      return t('issue.display.marks', { max });
    case 'emoji':
      return t('issue.display.emoji', { max });
    default:
      return null;
  }
}

const RULE_KEYS: Record<string, ErrorCodesKey> = {
  required: 'issue.required',
  url: 'issue.url',
  image: 'issue.rule.image',
  dateOrDateTime: 'issue.rule.dateOrDateTime',
  timeZone: 'issue.rule.timeZone',
  endBeforeStart: 'issue.rule.endBeforeStart',
  sameDiscountKey: 'issue.rule.sameDiscountKey',
  sameFloor: 'issue.rule.sameFloor',
  danceTwice: 'issue.rule.danceTwice',
  amountZero: 'issue.rule.amountZero',
  differentPeople: 'issue.rule.differentPeople',
  personTwice: 'issue.rule.personTwice',
};

/** A schema rule's reason (RuleProblem, domain/schemas/common.ts) from its data; null for one unknown. */
function ruleWords(params: unknown, t: ErrorCodesT, locale: Locale): string | null {
  if (typeof params !== 'object' || params === null) return null;
  const p = params as Details;
  const reason = typeof p.reason === 'string' ? p.reason : '';
  const plain = Object.hasOwn(RULE_KEYS, reason) ? RULE_KEYS[reason] : undefined;
  if (plain) return t(plain);
  const num = (name: string) => numberOf(p[name]);
  switch (reason) {
    case 'dateOrder':
      return typeof p.earlier === 'string' ? t('issue.rule.dateOrder', { earlier: p.earlier }) : null;
    case 'danceNotOfStyle': {
      const filled = need('dance', 'style')(p);
      if (!filled) return null;
      const sport = translator(sportText, locale);
      return t('issue.rule.danceNotOfStyle', {
        dance: danceLabel(sport, filled.dance!),
        style: styleLabel(sport, filled.style!),
      });
    }
    case 'audienceKey':
      return p.kind === 'event' || p.kind === 'team' ? t('issue.rule.audienceKey', { kind: p.kind }) : null;
    case 'noSuchEvent':
      return typeof p.event === 'string' ? t('issue.rule.noSuchEvent', { event: p.event }) : null;
    case 'noSuchCompetition':
      return typeof p.competition === 'string'
        ? t('issue.rule.noSuchCompetition', { competition: p.competition })
        : null;
    case 'noSuchTeam':
      return typeof p.team === 'string' ? t('issue.rule.noSuchTeam', { team: p.team }) : null;
    case 'ajsTolerance': {
      const [min, max, step] = [num('min'), num('max'), num('step')];
      return min !== undefined && max !== undefined && step !== undefined
        ? t('issue.rule.ajsTolerance', { min, max, step })
        : null;
    }
    case 'bodyTooLarge': {
      const kb = num('kb');
      return kb === undefined ? null : t('issue.rule.bodyTooLarge', { kb });
    }
    case 'componentsUnscored':
      return typeof p.components === 'string'
        ? t('issue.rule.componentsUnscored', { components: p.components })
        : null;
    case 'amountMax': {
      const max = num('max');
      return max === undefined ? null : t('issue.rule.amountMax', { max });
    }
    default:
      return null;
  }
}

/** An issue's words for the field it is about, in `locale`; the schema's own when its code says too little. */
export function issueMessage(issue: Issue, locale: Locale): string {
  return issueProblem(issue, translator(errorCodesText, locale), locale) ?? issue.message;
}

/** The field an issue is about, as the reader names it ("Herr › E-Mail"); null for the whole request. */
export function fieldLabel(path: readonly PropertyKey[], t: ErrorCodesT): string | null {
  const names = path
    .map(String)
    .filter((segment) => !/^\d+$/.test(segment))
    .map((segment) => {
      const key = `field.${segment}`;
      return hasErrorText(key) ? t(key) : segment;
    });
  if (!names.length) return null;
  const field = names[names.length - 1]!;
  return names.length > 1 ? t('invalid.fieldPath', { parent: names[names.length - 2]!, field }) : field;
}

/**
 * A refused request's issues as one line ("Herr › E-Mail: Pflichtfeld. (und 1 weiteres Problem)");
 * null when the first has no code to word it by (the server's own sentence then).
 */
export function describeIssues(issues: readonly Issue[], locale: Locale): string | null {
  const first = issues[0];
  if (!first?.code) return null;
  const t = translator(errorCodesText, locale);
  const problem = issueProblem(first, t, locale);
  if (problem === null) return null;
  const field = fieldLabel(first.path, t);
  const line = field === null ? problem : t('invalid.where', { field, problem });
  return issues.length > 1 ? t('invalid.more', { first: line, count: issues.length - 1 }) : line;
}

/** A 400's details when they are Zod's issues (with their codes). */
function issuesOf(details: unknown): Issue[] {
  if (!Array.isArray(details)) return [];
  return details.flatMap((d: unknown) => {
    if (typeof d !== 'object' || d === null) return [];
    const { path, message, code } = d as { path?: unknown; message?: unknown; code?: unknown };
    if (!Array.isArray(path) || typeof message !== 'string') return [];
    return [
      {
        ...(d as object),
        path: path.map(String),
        message,
        code: typeof code === 'string' ? code : undefined,
      },
    ];
  });
}

type Details = Record<string, unknown>;
const text = (v: unknown): string | undefined =>
  typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : undefined;

/**
 * A message of a code and the values it fills in from the error's details; null when one it needs is
 * missing (the next, plainer message then). Round names in the sport's words of the reader's language.
 */
type Variant = [
  key: ErrorCodesKey,
  values: (d: Details, locale: Locale) => Record<string, string | number> | null,
];

const need =
  (...names: string[]) =>
  (d: Details) => {
    const out: Record<string, string> = {};
    for (const name of names) {
      const v = text(d[name]);
      if (v === undefined) return null;
      out[name] = v;
    }
    return out;
  };
const always = () => ({});
const when = (reason: string) => (d: Details) => (d.reason === reason ? {} : null);
const round = (d: Details, locale: Locale) => {
  const values = need('round', 'event')(d);
  return values && { ...values, round: roundLabel(translator(sportText, locale), values.round!) };
};

/** Each code's messages, the most specific first; the reason-less one last. */
const MESSAGES: Record<string, Variant[]> = {
  stale: [['code.stale', always]],
  not_found: [['code.not_found', always]],
  forbidden: [['code.forbidden', always]],
  unauthorized: [['code.unauthorized', always]],
  rate_limited: [
    [
      'code.rate_limited.seconds',
      (d) => (typeof d.seconds === 'number' && d.seconds > 0 ? { seconds: d.seconds } : null),
    ],
    ['code.rate_limited', always],
  ],
  busy: [
    ['code.busy.signins', when('signins')],
    ['code.busy.writes', when('writes')],
    ['code.busy.registering', when('registering')],
    ['code.busy', always],
  ],
  duplicate: [
    ['code.duplicate.email', (d) => (d.reason === 'email' ? need('email')(d) : null)],
    ['code.duplicate.event', (d) => (d.reason === 'event' ? need('name')(d) : null)],
    ['code.duplicate.competition', (d) => (d.reason === 'competition' ? need('key')(d) : null)],
    ['code.duplicate', always],
  ],
  duplicate_entry: [
    ['code.duplicate_entry.couple', need('lead', 'follow', 'event')],
    ['code.duplicate_entry', always],
  ],
  number_taken: [
    ['code.number_taken.by', need('number', 'by')],
    ['code.number_taken.number', need('number')],
    ['code.number_taken', always],
  ],
  has_marks: [
    ['code.has_marks.scoring', (d, locale) => (d.reason === 'scoring' ? round(d, locale) : null)],
    ['code.has_marks.official', (d) => (d.reason === 'official' ? need('name')(d) : null)],
    ['code.has_marks', always],
  ],
  round_started: [
    ['code.round_started.round', round],
    ['code.round_started', always],
  ],
  posted: [['code.posted', always]],
  unpaid: [
    [
      'code.unpaid.amount',
      (d, locale) =>
        typeof d.amountCents === 'number' && typeof d.currency === 'string'
          ? { amount: formatMoney(d.amountCents / 100, d.currency, locale) }
          : null,
    ],
    ['code.unpaid', always],
  ],
  archived: [
    ['code.archived.serve', (d) => (d.reason === 'serve' ? need('key')(d) : null)],
    ['code.archived.competition', need('competition')],
    ['code.archived', always],
  ],
  // The venue and the public site (docs/mirror.md).
  handed_over: [
    ['code.handed_over.to', need('competition', 'to')],
    ['code.handed_over', always],
  ],
  mirror_off: [['code.mirror_off', always]],
  public_site_unreachable: [
    ['code.public_site_unreachable.url', need('url')],
    ['code.public_site_unreachable', always],
  ],
  mirrored_elsewhere: [
    ['code.mirrored_elsewhere.venue', need('venue')],
    ['code.mirrored_elsewhere', always],
  ],
  too_large: [['code.too_large', always]],
  bad_request: [['code.bad_request', always]],
  internal: [['code.internal', always]],
  storage_full: [['code.storage_full', always]],
  storage_read_only: [['code.storage_read_only', always]],
  registration_closed: [
    ['code.registration_closed.register', when('register')],
    ['code.registration_closed.entries', when('entries')],
    ['code.registration_closed', always],
  ],
  grant_ended: [['code.grant_ended', always]],
  link_expired: [['code.link_expired', always]],
  link_used: [['code.link_used', always]],
  link_unknown: [['code.link_unknown', always]],
};

/**
 * A registration's entry problems (an event unknown or named twice, a pair entered already, a dancer
 * not eligible) worded one by one from the values the server sends with each; null when one has none.
 */
function entryProblems(problems: unknown, locale: Locale): string | null {
  if (!Array.isArray(problems) || problems.length === 0) return null;
  const t = translator(errorCodesText, locale);
  const sport = translator(sportText, locale);
  const lines: string[] = [];
  for (const p of problems as { code?: unknown; values?: Details }[]) {
    const v = p.values;
    if (!v) return null;
    const style = text(v.style) && styleLabel(sport, String(v.style));
    if (p.code === 'unknown_event' || p.code === 'repeated_event') {
      const filled = need('event')(v);
      if (!filled) return null;
      lines.push(t(p.code === 'unknown_event' ? 'entry.unknown_event' : 'entry.repeated_event', filled));
    } else if (p.code === 'duplicate_pair') {
      const filled = need('lead', 'follow', 'event')(v);
      if (!filled) return null;
      lines.push(t('entry.duplicate_pair', filled));
    } else if (p.code === 'not_eligible' && v.rule === 'placedOut' && style) {
      const filled = need('dancer', 'placedOutOf', 'level', 'event')(v);
      if (!filled) return null;
      lines.push(t('entry.placedOut', { ...filled, style }));
    } else if (p.code === 'not_eligible' && v.rule === 'ycn' && style) {
      const filled = need('dancer', 'points', 'level', 'dance', 'event')(v);
      if (!filled) return null;
      lines.push(t('entry.ycn', { ...filled, style, dance: danceLabel(sport, filled.dance!) }));
    } else return null;
  }
  return lines.join(' ');
}

/**
 * The message for a refusal's code in `locale`, with its details filled in; null for a code without
 * words of its own (the server's English message then).
 */
export function codeMessage(code: string, details: unknown, locale: Locale): string | null {
  const d: Details =
    typeof details === 'object' && details !== null && !Array.isArray(details) ? (details as Details) : {};
  const t = translator(errorCodesText, locale);
  if (code === 'invalid') {
    if (d.reason === 'same_person') return t('code.invalid.samePerson');
    if (d.reason === 'no_change') return t('code.invalid.noChange');
    return describeIssues(issuesOf(details), locale);
  }
  const entries = entryProblems(d.problems, locale);
  if (entries !== null) return entries;
  for (const [key, values] of MESSAGES[code] ?? []) {
    const filled = values(d, locale);
    if (filled) return t(key, filled);
  }
  return null;
}
