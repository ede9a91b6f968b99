import en from './locales/en.json' with { type: 'json' };
import { catalog, type Translate } from '../../../../domain/i18n/catalog.ts';

/** Admin → event schedule: the running order, floors, conflicts, suggestions and publishing. */
export const scheduleText = catalog('adminSchedule', en, {
  de: () => import('./locales/de.json'),
  es: () => import('./locales/es.json'),
});
export type ScheduleT = Translate<keyof typeof en>;
