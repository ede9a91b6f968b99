import en from './locales/en.json' with { type: 'json' };
import { catalog } from '../../../domain/i18n/catalog.ts';

/** The live pages: /live, a round's live result and the ballroom display. */
export const liveText = catalog('live', en, {
  de: () => import('./locales/de.json'),
  es: () => import('./locales/es.json'),
});
export type LiveKey = keyof typeof en;
