import en from './locales/en.json' with { type: 'json' };
import { catalog } from '../../../../domain/i18n/catalog.ts';

/**
 * The staff screens' frame (StaffAccess.tsx) and an official's sign-in with their access code
 * (OfficialCodeSignIn.tsx): the bar above the deck captain's, chairman's and scrutineer's screens.
 */
export const staffText = catalog('staffAccess', en, {
  de: () => import('./locales/de.json'),
  es: () => import('./locales/es.json'),
});
