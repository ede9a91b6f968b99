/**
 * The MC's read: every posted round in posting order, with the recalled couples (or the final's
 * placings) and their names, in one request. Public: it carries only what posting made public.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { keyParams } from '../../../http/params.ts';
import { RoundState } from '../../../../domain/rounds/index.ts';
import type { Announcement, Announcements } from '../../../../domain/schemas/announcements.ts';
import { announcements } from '../../../../domain/schemas/announcements.ts';

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/competitions/:key/announcements',
    {
      schema: {
        tags: ['results'],
        summary: "Posted rounds in posting order with the recalled couples or final placings (the MC's read)",
        params: keyParams,
        response: { 200: announcements },
      },
      config: { access: 'public' },
    },
    async (req): Promise<Announcements> => {
      const c = req.competition;
      const posted = await app.db
        .selectFrom('round_results')
        .innerJoin('rounds', 'rounds.id', 'round_results.round_id')
        .innerJoin('events', 'events.id', 'rounds.event_id')
        .select([
          'rounds.event_id',
          'rounds.round_number',
          'rounds.round_name',
          'events.key as event_key',
          'events.name as event_name',
          'round_results.kind',
          'round_results.placements',
          'round_results.recalled',
          'round_results.posted_at',
        ])
        .where('round_results.competition_id', '=', c.id)
        .where('round_results.posted_at', 'is not', null)
        // A round moved out of Posted keeps its posted_at: never announce it.
        .where('rounds.round_state', '=', RoundState.Posted)
        .orderBy('round_results.posted_at')
        .orderBy('rounds.schedule_index')
        .execute();
      if (posted.length === 0) return { items: [] };
      const eventIds = [...new Set(posted.map((p) => p.event_id))];
      const [entries, rounds] = await Promise.all([
        app.db
          .selectFrom('entries')
          .select(['event_id', 'lead_number', 'lead_name', 'follow_name', 'affiliation'])
          .where('event_id', 'in', eventIds)
          .execute(),
        app.db
          .selectFrom('rounds')
          .select(['event_id', 'round_number', 'round_name', 'round_state'])
          .where('event_id', 'in', eventIds)
          .execute(),
      ]);
      const items = posted.map((p): Announcement => {
        const couple = (n: string, place: number | null) => {
          const e = entries.find((x) => x.event_id === p.event_id && String(x.lead_number) === n);
          return {
            coupleNumber: n,
            leadName: e?.lead_name ?? '',
            followName: e?.follow_name ?? '',
            affiliation: e?.affiliation ?? '',
            place,
          };
        };
        const next = rounds
          .filter(
            (r) =>
              r.event_id === p.event_id &&
              r.round_number > p.round_number &&
              r.round_state !== RoundState.Skipped,
          )
          .sort((a, b) => a.round_number - b.round_number)[0];
        const couples =
          p.kind === 'final'
            ? Object.entries(JSON.parse(p.placements) as Record<string, number>).map(([n, place]) =>
                couple(n, place),
              )
            : (JSON.parse(p.recalled ?? '[]') as string[]).map((n) => couple(n, null));
        return {
          id: `${p.event_key}/${p.round_number}`,
          eventKey: p.event_key,
          eventName: p.event_name,
          roundNumber: p.round_number,
          roundName: p.round_name,
          kind: p.kind,
          postedAt: p.posted_at!,
          nextRoundName: p.kind === 'recall' ? (next?.round_name ?? null) : null,
          couples,
        };
      });
      return { items };
    },
  );
};
export default routes;
