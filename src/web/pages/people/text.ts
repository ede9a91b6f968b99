import en from './locales/en.json' with { type: 'json' };
import { catalog } from '../../../domain/i18n/catalog.ts';

/** A dancer's page across every competition: results and proficiency points. */
export const personText = catalog('person', en, {
  de: () => import('./locales/de.json'),
  es: () => import('./locales/es.json'),
});
export type PersonKey = keyof typeof en;
