import en from './locales/en.json' with { type: 'json' };
import { catalog } from '../../../domain/i18n/catalog.ts';

/** The public line of a competition mirrored from its venue (/live, /results): a few words, loaded with them. */
export const mirrorText = catalog('mirror', en, {
  de: () => import('./locales/de.json'),
  es: () => import('./locales/es.json'),
});
