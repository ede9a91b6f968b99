/**
 * Judges' marks: PUT one judge's dances (judge's own code session, or the scrutineer / an admin
 * entering from paper), GET the panel's marks and what is missing, the rounds a judge marks now, and
 * POST start (a round opens for marking). The commands are in commands.ts, the reads in queries.ts.
 */
import { sql } from 'kysely';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findCompetition } from '../../competitions/repo.ts';
import { keyParams } from '../../competitions/routes.ts';
import { actorLabel } from '../../../auth/sessions.ts';
import { audit } from '../../../audit.ts';
import { forbidden, HttpError } from '../../../errors.ts';
import { canonicalJson } from '../../../../domain/marking.ts';
import { marksBody, marksQuery } from '../../../../domain/schemas/marks.ts';
import { loadRound, requireRole, roundParams } from '../context.ts';
import { startRound, submitMarks } from './commands.ts';
import { judgeRounds, roundMarks, summaryOf } from './queries.ts';

const markParams = roundParams.extend({ officialId: z.coerce.number().int().min(1) });
const IDEMPOTENCY_KEY = /^[\w.:-]{1,128}$/;

const routes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/competitions/:key/events/:eventKey/rounds/:n/marks/:officialId',
    {
      schema: {
        tags: ['marks'],
        summary: "Submit one judge's marks for one or more dances (Idempotency-Key, If-Match supported)",
        params: markParams,
        querystring: marksQuery,
        body: marksBody,
        headers: z.object({
          'idempotency-key': z.string().max(200).optional(),
          'if-match': z.string().max(20).optional(),
        }),
      },
    },
    async (req, reply) => {
      const c = await findCompetition(app.db, req.params.key);
      const { actor, role } = requireRole(req, c.id, ['admin', 'Scrutineer', 'Judge'], "enter judges' marks");
      const officialId = req.params.officialId;
      if (role === 'Judge' && actor.kind === 'official' && actor.official.id !== officialId) {
        throw forbidden('A judge may enter only their own marks.');
      }
      const key = req.headers['idempotency-key'];
      if (key !== undefined && !IDEMPOTENCY_KEY.test(key)) {
        throw new HttpError(
          400,
          'invalid',
          'Idempotency-Key must be 1–128 letters, digits, ".", ":", "_" or "-".',
        );
      }
      const ifMatchRaw = req.headers['if-match']?.replace(/^W\//, '').replace(/"/g, '');
      const ifMatch = ifMatchRaw === undefined || ifMatchRaw === '' ? undefined : Number(ifMatchRaw);
      if (ifMatch !== undefined && (!Number.isInteger(ifMatch) || ifMatch < 0)) {
        throw new HttpError(400, 'invalid', 'If-Match must be the version number of the marks you saw.');
      }
      const source = role === 'Judge' ? 'judge' : (req.query.source ?? 'scrutineer');
      const override = req.query.override;
      const fingerprint = canonicalJson({ marks: req.body, override });
      const cmd = { competition: c, actor: actorLabel(actor), ...req.params };

      const out = await app.db.transaction().execute(async (trx) => {
        const ctx = await loadRound(trx, c.id, req.params.eventKey, req.params.n);
        const entityId = `${ctx.event.key}-R${ctx.round.round_number}/${officialId}`;
        // A resend from an offline tablet: answer what was stored the first time, write nothing.
        if (key !== undefined) {
          const earlier = await trx
            .selectFrom('audit_log')
            .select('after')
            .where('competition_id', '=', c.id)
            .where('action', '=', 'marks.submit')
            .where('entity_id', '=', entityId)
            .where(sql<boolean>`instr(after, ${`"idempotencyKey":${JSON.stringify(key)}`}) > 0`)
            .orderBy('id', 'desc')
            .executeTakeFirst();
          if (earlier?.after) {
            const stored = JSON.parse(earlier.after) as { fingerprint: string; response: unknown };
            if (stored.fingerprint !== fingerprint) {
              throw new HttpError(
                409,
                'idempotency_conflict',
                'This Idempotency-Key was already used for different marks; send new marks with a new key.',
              );
            }
            return { replayed: true as const, response: stored.response, reopened: false };
          }
        }
        const saved = await submitMarks(trx, cmd, {
          officialId,
          byJudge: role === 'Judge',
          marks: req.body,
          override,
          source,
          ifMatch,
          idempotencyKey: key,
        });
        const { response, changed, reopened } = saved;
        await audit(trx, {
          competitionId: c.id,
          actor: cmd.actor,
          action: 'marks.submit',
          entity: 'marks',
          entityId: saved.entityId,
          before: saved.before,
          after: { idempotencyKey: key ?? null, fingerprint, source, override, changed, reopened, response },
        });
        return { replayed: false as const, response, reopened };
      });
      if (out.replayed) reply.header('idempotent-replayed', 'true');
      else
        await app.feed.publish(
          c.id,
          ...(out.reopened ? (['marks', 'events', 'schedule'] as const) : (['marks'] as const)),
        );
      return out.response;
    },
  );

  app.get(
    '/competitions/:key/events/:eventKey/rounds/:n/marks',
    {
      schema: {
        tags: ['marks'],
        summary: "Every judge's marks and which are missing (staff)",
        params: roundParams,
      },
    },
    async (req) => {
      const c = await findCompetition(app.db, req.params.key);
      const { actor, role } = requireRole(
        req,
        c.id,
        ['admin', 'Scrutineer', 'Chairman', 'Judge'],
        "see judges' marks",
      );
      const only = role === 'Judge' && actor.kind === 'official' ? actor.official.id : undefined;
      return roundMarks(app.db, c.id, req.params.eventKey, req.params.n, only);
    },
  );

  app.get(
    '/competitions/:key/judges/:officialId/rounds',
    {
      schema: {
        tags: ['marks'],
        summary: 'The rounds a judge marks now (Running or Marked, on their panel) with their own marks',
        params: keyParams.extend({ officialId: z.coerce.number().int().min(1) }),
      },
    },
    async (req) => {
      const c = await findCompetition(app.db, req.params.key);
      const { actor, role } = requireRole(
        req,
        c.id,
        ['admin', 'Scrutineer', 'Chairman', 'Judge'],
        "see a judge's rounds",
      );
      if (role === 'Judge' && actor.kind === 'official' && actor.official.id !== req.params.officialId) {
        throw forbidden('A judge may see only their own rounds.');
      }
      return judgeRounds(app.db, c.id, req.params.officialId);
    },
  );

  app.post(
    '/competitions/:key/events/:eventKey/rounds/:n/start',
    {
      schema: {
        tags: ['marks'],
        summary: 'Start a round: Running, so judges can mark (first round: every entry if none assigned)',
        params: roundParams,
        body: z
          .object({ version: z.number().int().min(0).optional() })
          .strict()
          .optional(),
      },
    },
    async (req) => {
      const c = await findCompetition(app.db, req.params.key);
      const { actor } = requireRole(req, c.id, ['admin', 'Scrutineer', 'Deck Captain'], 'start a round');
      const cmd = { competition: c, actor: actorLabel(actor), ...req.params };
      const message = await app.db.transaction().execute((trx) => startRound(trx, cmd, req.body ?? {}));
      await app.feed.publish(c.id, 'events', 'schedule', 'marks');
      const ctx = await loadRound(app.db, c.id, req.params.eventKey, req.params.n);
      return { message, ...summaryOf(ctx) };
    },
  );
};

export default routes;
