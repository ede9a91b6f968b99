import en from './locales/en.json' with { type: 'json' };
import { catalog } from '../../../../domain/i18n/catalog.ts';

/** Admin → Messages: announcements to dancers and every email of the competition. */
export const messagesText = catalog('messages', en, {
  de: () => import('./locales/de.json'),
  es: () => import('./locales/es.json'),
});
