import { eventSettings, type EventSettingsResponse } from '../../../domain/schemas/competition.ts';
import type { Db } from '../../http/db.ts';
import { DEFAULT_EVENT_SETTINGS } from '../../../domain/eventSettings.ts';
import { fromJson } from '../../http/json.ts';
import { DEFAULT_CLOCK } from '../../../domain/time.ts';
import { isLocale, SOURCE_LOCALE } from '../../../domain/i18n/locales.ts';

export async function readEventSettings(db: Db, competitionId: number): Promise<EventSettingsResponse> {
  // The clock is the competition's own column (every screen reads it with the time zone).
  const row = await db
    .selectFrom('competitions')
    .leftJoin('event_settings', 'event_settings.competition_id', 'competitions.id')
    .select([
      'competitions.clock',
      'competitions.language',
      'event_settings.settings',
      'event_settings.version',
    ])
    .where('competitions.id', '=', competitionId)
    .executeTakeFirst();
  // Stored settings are merged over the defaults so a setting added later reads as its default.
  const stored = eventSettings.partial().safeParse(fromJson<unknown>(row?.settings, {}));
  return {
    ...DEFAULT_EVENT_SETTINGS,
    ...(stored.success ? stored.data : {}),
    clock: row?.clock ?? DEFAULT_CLOCK,
    language: row && isLocale(row.language) ? row.language : SOURCE_LOCALE,
    version: row?.version ?? 0,
  };
}
