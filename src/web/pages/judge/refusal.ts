import type { Locale } from '../../../domain/i18n/locales.ts';
import type { Translate } from '../../../domain/i18n/catalog.ts';
import { danceLabel, type SportKey } from '../../../domain/i18n/sport.ts';
import type { Draft } from './judgeStore.ts';
import type { JudgeKey } from './text.ts';

/** Codes the tablet words itself; each is worded from the code and the dances it names. */
const WORDED = [
  'posted',
  'not_running',
  'wrong_count',
  'invalid_marks',
  'not_on_panel',
  'forbidden',
  'stale',
  'invalid',
  'invalid_dances',
  'not_found',
  'not_ajs',
  'archived',
  'handed_over',
];

/**
 * Why the server refused a dance's marks, in the judge's language. English reads the server's own
 * sentence (as it always has); another language words it by the refusal's code, and falls back to the
 * server's English only for a code the tablet does not know.
 */
export function refusalReason(
  draft: Pick<Draft, 'message' | 'refusal'>,
  t: Translate<JudgeKey>,
  sport: Translate<SportKey>,
  locale: Locale,
): string {
  const { refusal, message } = draft;
  if (locale === 'en' && message) return message;
  if (refusal?.code === 'locked')
    return refusal.dances?.length
      ? t('refused.locked.dances', { dances: refusal.dances.map((d) => danceLabel(sport, d)).join(', ') })
      : t('refused.locked');
  if (refusal && WORDED.includes(refusal.code)) return t(`refused.${refusal.code}` as JudgeKey);
  return message ?? t('sync.refusedReason');
}
