import type { z } from 'zod';
import { isCatalogLoaded } from '../../domain/i18n/catalog.ts';
import type { Locale } from '../../domain/i18n/locales.ts';
import { currentLocale, tNow } from '../i18n/locale.ts';
import { errorsText, hasErrorText, type ErrorsT } from './errors/text.ts';

export type FieldErrors = Record<string, string>;

/**
 * One problem of a form: a Zod issue, or one of the API's 400 `details` (the same issues; the server
 * sends Zod's `code` and the limits it names along, errors.ts).
 */
export interface Issue {
  path: readonly PropertyKey[];
  message: string;
  code?: string | undefined;
}

/**
 * Whether the words of a refusal are said in `locale` rather than as the server and schemas word them:
 * not in English (they are the English), and only once that language's words are here (tNow loads them).
 */
export function speaks(locale: Locale): boolean {
  if (locale === 'en') return false;
  tNow(errorsText);
  return isCatalogLoaded(errorsText, locale);
}

const numberOf = (v: unknown): number | undefined =>
  typeof v === 'number' ? v : typeof v === 'bigint' ? Number(v) : undefined;

/**
 * What is wrong, in the reader's language, from Zod's issue code and the limits it names; null when
 * the code says too little (a rule of its own, `custom`): then the server's (or schema's) own words.
 */
export function issueProblem(issue: Issue, t: ErrorsT): string | null {
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
    default:
      return null;
  }
}

/** An issue's words for the field it is about: English as the schema words it, else by its code. */
export function issueMessage(issue: Issue, locale: Locale = currentLocale()): string {
  if (!speaks(locale) || !issue.code) return issue.message;
  return issueProblem(issue, tNow(errorsText)) ?? issue.message;
}

/** The field an issue is about, as the reader names it ("Lead › Email"); null for the whole request. */
export function fieldLabel(path: readonly PropertyKey[], t: ErrorsT): string | null {
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
 * A refused request's issues as one line in the reader's language ("E-Mail: Pflichtfeld. (und 1
 * weiteres Problem)"); null in English or when the first issue has no code to word it by (the server's
 * own sentence then).
 */
export function describeIssues(issues: readonly Issue[], locale: Locale = currentLocale()): string | null {
  const first = issues[0];
  if (!speaks(locale) || !first?.code) return null;
  const t = tNow(errorsText);
  const problem = issueProblem(first, t);
  if (problem === null) return null;
  const field = fieldLabel(first.path, t);
  const line = field === null ? problem : t('invalid.where', { field, problem });
  return issues.length > 1 ? t('invalid.more', { first: line, count: issues.length - 1 }) : line;
}

/**
 * Zod issues (or the API's 400 `details`, which are the same issues) → `{ 'a.0.b': message }`, first
 * per field, in the reader's language.
 */
export function issuesToFieldErrors(issues: readonly Issue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path.map(String).join('.');
    if (!(field in errors)) errors[field] = issueMessage(issue);
  }
  return errors;
}

/** Client-side validation with the same schema the server uses: nothing restated. */
export function schemaErrors(schema: z.ZodType, value: unknown): FieldErrors {
  const result = schema.safeParse(value);
  return result.success ? {} : issuesToFieldErrors(result.error.issues);
}

/**
 * The API's 400 `details`, when they are the issue list the contract promises; each message in the
 * reader's language.
 */
export function detailIssues(details: unknown): { path: string[]; message: string }[] {
  if (!Array.isArray(details)) return [];
  return details.flatMap((d: unknown) => {
    if (typeof d !== 'object' || d === null) return [];
    const { path, message, code } = d as { path?: unknown; message?: unknown; code?: unknown };
    if (!Array.isArray(path) || typeof message !== 'string') return [];
    const issue = { ...(d as object), path, message, code: typeof code === 'string' ? code : undefined };
    return [{ path: path.map(String), message: issueMessage(issue) }];
  });
}
