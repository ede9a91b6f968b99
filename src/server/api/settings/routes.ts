import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  eventSettings,
  eventSettingsPut,
  type EventSettingsResponse,
} from '../../../domain/schemas/competition.ts';
import { findCompetition } from '../competitions/repo.ts';
import { keyParams } from '../competitions/routes.ts';
import { actorLabel, requireCompetitionAdmin } from '../../auth/sessions.ts';
import { audit } from '../../audit.ts';
import { stale } from '../../errors.ts';
import { DEFAULT_EVENT_SETTINGS } from './defaults.ts';
import type { DB } from '../../db/index.ts';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

export async function readEventSettings(
  db: DB | Transaction<Database>,
  competitionId: number,
): Promise<EventSettingsResponse> {
  const row = await db
    .selectFrom('event_settings')
    .selectAll()
    .where('competition_id', '=', competitionId)
    .executeTakeFirst();
  // Stored settings are merged over the defaults so a setting added later reads as its default.
  const stored = eventSettings.partial().safeParse(row ? JSON.parse(row.settings) : {});
  return { ...DEFAULT_EVENT_SETTINGS, ...(stored.success ? stored.data : {}), version: row?.version ?? 0 };
}

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/competitions/:key/settings/events',
    { schema: { tags: ['settings'], params: keyParams } },
    async (req) => {
      const c = await findCompetition(app.db, req.params.key);
      return readEventSettings(app.db, c.id);
    },
  );

  app.put(
    '/competitions/:key/settings/events',
    { schema: { tags: ['settings'], params: keyParams, body: eventSettingsPut } },
    async (req) => {
      const c = await findCompetition(app.db, req.params.key);
      const actor = requireCompetitionAdmin(req, c.id);
      const { version, ...changes } = req.body;
      const result = await app.db.transaction().execute(async (trx) => {
        const before = await readEventSettings(trx, c.id);
        if (version !== undefined && version !== before.version) throw stale('the event settings', before);
        const { version: _v, ...beforeSettings } = before;
        const next = { ...beforeSettings, ...changes };
        await trx
          .insertInto('event_settings')
          .values({ competition_id: c.id, settings: JSON.stringify(next), version: before.version + 1 })
          .onConflict((oc) =>
            oc
              .column('competition_id')
              .doUpdateSet({ settings: JSON.stringify(next), version: before.version + 1 }),
          )
          .execute();
        await audit(trx, {
          competitionId: c.id,
          actor: actorLabel(actor),
          action: 'settings.update',
          entity: 'event_settings',
          before: beforeSettings,
          after: next,
        });
        return { ...next, version: before.version + 1 };
      });
      await app.feed.publish(c.id, 'settings');
      return result;
    },
  );
};
export default routes;
