import en from './locales/en.json' with { type: 'json' };
import { catalog, type Translate } from '../../../domain/i18n/catalog.ts';

/**
 * What a round command did, in the reader's language (heats set, round started, results posted),
 * worded from the answer's data: the API's `message` stays English for scripts.
 */
export const roundNoticesText = catalog('roundNotices', en, {
  de: () => import('./locales/de.json'),
  es: () => import('./locales/es.json'),
});
export type RoundNoticesT = Translate<keyof typeof en>;
