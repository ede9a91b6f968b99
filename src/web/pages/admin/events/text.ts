import en from './locales/en.json' with { type: 'json' };
import { catalog } from '../../../../domain/i18n/catalog.ts';

/** Admin → Events: the event list, the event form, the rounds dialog and the style × level grid. */
export const eventsText = catalog('adminEvents', en, {
  de: () => import('./locales/de.json'),
  es: () => import('./locales/es.json'),
});
export type EventsKey = keyof typeof en;
