import en from './locales/en.json' with { type: 'json' };
import { catalog } from '../../domain/i18n/catalog.ts';

/**
 * The words of the shared components the public pages use too (error notices, the floor chooser):
 * kept small, as every public page carries them. Staff-only controls have `staff/text.ts`.
 */
export const componentsText = catalog('components', en, {
  de: () => import('./locales/de.json'),
  es: () => import('./locales/es.json'),
});
