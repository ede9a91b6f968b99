import type { ImportProblem } from '../../domain/schemas/registration.ts';
import type { Translate } from '../../domain/i18n/catalog.ts';
import type { Locale } from '../../domain/i18n/locales.ts';
import { issueMessage } from '../shared/formErrors.ts';
import en from './staff/locales/en.json' with { type: 'json' };

type StaffKey = keyof typeof en;

/**
 * A CSV row's problem in the reader's language, worded from the code the server adds (and the values
 * it names), or a refused field by Zod's issue code; the server's English for a problem without a
 * code, or with one this web does not know.
 */
export function importProblemText(p: ImportProblem, t: Translate<StaffKey>, locale: Locale): string {
  const key = `csv.problem.${p.code ?? ''}`;
  if (p.code && Object.hasOwn(en, key)) return t(key as StaffKey, p.values ?? {});
  if (typeof p.issue?.code === 'string')
    return issueMessage({ ...p.issue, path: [], message: p.message, code: p.issue.code }, locale);
  return p.message;
}
