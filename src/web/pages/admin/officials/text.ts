import en from './locales/en.json' with { type: 'json' };
import { catalog, translator, type Translate } from '../../../../domain/i18n/catalog.ts';

/** Admin → officials: the list, the form, sign-in cards, judge panels and AJS components. */
export const officialsText = catalog('adminOfficials', en, {
  de: () => import('./locales/de.json'),
  es: () => import('./locales/es.json'),
});
export type OfficialsT = Translate<keyof typeof en>;

/** English, as the helpers word things when no language is given (their tests). */
export const officialsEnglish: OfficialsT = translator(officialsText, 'en');
