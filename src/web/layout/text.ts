import en from './locales/en.json' with { type: 'json' };
import { catalog } from '../../domain/i18n/catalog.ts';

/** The site's frame: top bar, menu, footer. */
export const layoutText = catalog('layout', en, {
  de: () => import('./locales/de.json'),
  es: () => import('./locales/es.json'),
});
