/** The entry pages' field errors in the reader's language: by the field and the issue's code. */
import { translator } from '../../../domain/i18n/catalog.ts';
import type { Locale } from '../../../domain/i18n/locales.ts';
import { entriesText, type EntriesKey } from './text.ts';

/** A problem of a field, its message already in the reader's words (formErrors.ts) as the fallback. */
interface FieldIssue {
  path: readonly PropertyKey[];
  message: string;
  /** Zod's issue code. */
  issueCode?: string | undefined;
}

/** These forms' own sentence for a field's problem, by field and Zod's issue code. */
const OWN_WORDS: Record<string, Partial<Record<string, EntriesKey>>> = {
  email: { invalid_format: 'error.email' },
  entryCode: { too_small: 'error.code', too_big: 'error.code' },
};

/** `{field: message}`, the first problem per field, in the reader's language. */
export function entryFieldErrors(issues: readonly FieldIssue[], locale: Locale): Record<string, string> {
  const t = translator(entriesText, locale);
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path.map(String).join('.');
    if (field in errors) continue;
    const key = issue.issueCode ? OWN_WORDS[field]?.[issue.issueCode] : undefined;
    errors[field] = key ? t(key) : issue.message;
  }
  return errors;
}
