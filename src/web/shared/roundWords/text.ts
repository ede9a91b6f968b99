import en from './locales/en.json' with { type: 'json' };
import { catalog } from '../../../domain/i18n/catalog.ts';
import type { WithdrawalKind } from '../../../domain/rounds/formats.ts';

/**
 * The words of a round the public pages share too: a star
 * couple, a couple disqualified or withdrawn.
 */
export const roundWordsText = catalog('roundWords', en, {
  de: () => import('./locales/de.json'),
  es: () => import('./locales/es.json'),
});
export type RoundWordsKey = keyof typeof en;

/** "Disqualified" / "Withdrew" beside a couple: the catalog key of each kind. */
export const WITHDRAWAL_KEY = {
  disqualified: 'withdrawal.disqualified',
  withdrew: 'withdrawal.withdrew',
} as const satisfies Record<WithdrawalKind, RoundWordsKey>;
