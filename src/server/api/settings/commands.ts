import type { EventSettingsResponse } from '../../../domain/schemas/competition.ts';
import type { z } from 'zod';
import type { eventSettingsPut } from '../../../domain/schemas/competition.ts';
import { instantFromInput } from '../../../domain/time.ts';
import { assertVersion, type CommandContext } from '../../http/command.ts';
import { readEventSettings } from './queries.ts';
import { toJson } from '../../http/json.ts';

/** Changes the settings sent; a plain date for the first start is the start of that day. */
export async function updateEventSettings(
  ctx: CommandContext,
  body: z.infer<typeof eventSettingsPut>,
): Promise<EventSettingsResponse> {
  const { trx, competition } = ctx;
  const { version, ...changes } = body;
  const before = await readEventSettings(trx, competition.id);
  await assertVersion(version, before.version, 'the event settings', () => before);
  if (changes.scheduleFirstStartTime)
    changes.scheduleFirstStartTime = instantFromInput(
      changes.scheduleFirstStartTime,
      competition.time_zone,
      'start',
    );
  const { version: _v, ...beforeSettings } = before;
  const next = { ...beforeSettings, ...changes };
  // The clock and the language are the competition's own columns (read with its time zone); the
  // document holds the rest.
  const { clock, language, ...stored } = next;
  const settings = toJson(stored);
  if (clock !== before.clock || language !== before.language) {
    await trx
      .updateTable('competitions')
      .set({ clock, language: language ?? 'en', updated_at: new Date().toISOString() })
      .where('id', '=', competition.id)
      .execute();
    ctx.publish('competition');
  }
  await trx
    .insertInto('event_settings')
    .values({ competition_id: competition.id, settings, version: before.version + 1 })
    .onConflict((oc) => oc.column('competition_id').doUpdateSet({ settings, version: before.version + 1 }))
    .execute();
  await ctx.audit({
    action: 'settings.update',
    entity: 'event_settings',
    before: beforeSettings,
    after: next,
  });
  return { ...next, version: before.version + 1 };
}
