import en from './locales/en.json' with { type: 'json' };
import { catalog } from '../../../../domain/i18n/catalog.ts';

/** Admin → Setup (the competition's details) and Admin → Settings (the event settings). */
export const setupText = catalog('adminSetup', en, {
  de: () => import('./locales/de.json'),
  es: () => import('./locales/es.json'),
});
export type SetupKey = keyof typeof en;
