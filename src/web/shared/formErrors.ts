import type { z } from 'zod';
import type { Locale } from '../../domain/i18n/locales.ts';
import { currentLocale } from '../i18n/locale.ts';
import { errorWords } from './errors/lazy.ts';

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
 * An issue's words for the field it is about, in the reader's language: in English as the schema
 * words it; in another language by its code (errors/codes/words.ts), the schema's words while those
 * load or when the code says too little.
 */
export function issueMessage(issue: Issue, locale: Locale = currentLocale()): string {
  const words = issue.code ? errorWords(locale) : null;
  return words ? words.issueMessage(issue, locale) : issue.message;
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
export function detailIssues(details: unknown): { path: string[]; message: string; issueCode?: string }[] {
  if (!Array.isArray(details)) return [];
  return details.flatMap((d: unknown) => {
    if (typeof d !== 'object' || d === null) return [];
    const { path, message, code } = d as { path?: unknown; message?: unknown; code?: unknown };
    if (!Array.isArray(path) || typeof message !== 'string') return [];
    const issue = { ...(d as object), path, message, code: typeof code === 'string' ? code : undefined };
    // The code as `issueCode`, not `code`: the message is worded already and must not be again
    // (issuesToFieldErrors would word an issue with a `code` but without its limits).
    return [
      {
        path: path.map(String),
        message: issueMessage(issue),
        ...(issue.code ? { issueCode: issue.code } : {}),
      },
    ];
  });
}

/**
 * The API's 400 `details` as one line per issue, each naming its field, in the reader's language
 * ("Zeitzone: Pflichtfeld."); in English, or for a rule without a code of its words, the server's own.
 */
export function detailLines(details: unknown, locale: Locale = currentLocale()): string[] {
  if (!Array.isArray(details)) return [];
  const words = errorWords(locale);
  return details.flatMap((d: unknown) => {
    if (typeof d !== 'object' || d === null) return [];
    const { path, message, code } = d as { path?: unknown; message?: unknown; code?: unknown };
    if (!Array.isArray(path) || typeof message !== 'string') return [];
    const issue = { ...(d as object), path, message, code: typeof code === 'string' ? code : undefined };
    return [words?.describeIssues([issue], locale) ?? message];
  });
}
