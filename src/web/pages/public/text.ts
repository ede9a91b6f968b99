import en from './locales/en.json' with { type: 'json' };
import { catalog } from '../../../domain/i18n/catalog.ts';

/** The public site's pages: Competitor Info, the content pages, all competitions, page not found. */
export const publicText = catalog('public', en, {
  de: () => import('./locales/de.json'),
  es: () => import('./locales/es.json'),
});
export type PublicKey = keyof typeof en;
