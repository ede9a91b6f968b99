import { eventSettings, type EventSettingsResponse } from '../../../domain/schemas/competition.ts';
import type { Db } from '../../http/db.ts';
import { DEFAULT_EVENT_SETTINGS } from '../../../domain/eventSettings.ts';
import { fromJson } from '../../http/json.ts';

export async function readEventSettings(db: Db, competitionId: number): Promise<EventSettingsResponse> {
  const row = await db
    .selectFrom('event_settings')
    .selectAll()
    .where('competition_id', '=', competitionId)
    .executeTakeFirst();
  // Stored settings are merged over the defaults so a setting added later reads as its default.
  const stored = eventSettings.partial().safeParse(fromJson<unknown>(row?.settings, {}));
  return { ...DEFAULT_EVENT_SETTINGS, ...(stored.success ? stored.data : {}), version: row?.version ?? 0 };
}
