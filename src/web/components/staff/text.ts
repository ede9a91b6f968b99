import en from './locales/en.json' with { type: 'json' };
import { catalog } from '../../../domain/i18n/catalog.ts';

/**
 * The words of the shared staff-screen controls (tables, dialogs, the CSV import, the photo input),
 * apart from components/text.ts so the public pages do not carry them.
 */
export const staffControlsText = catalog('staffControls', en, {
  de: () => import('./locales/de.json'),
  es: () => import('./locales/es.json'),
});
