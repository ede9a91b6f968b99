import { z } from 'zod';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findCompetition, tierAt } from '../competitions/repo.ts';
import { keyParams } from '../competitions/routes.ts';
import { actorLabel, isCompetitionAdmin, requireCompetitionAdmin } from '../../auth/sessions.ts';
import { audit } from '../../audit.ts';
import { HttpError, notFound, stale } from '../../errors.ts';
import {
  entriesChange,
  registrationCreate,
  registrationImport,
  registrationLookup,
  registrationPatch,
  selfEntriesChange,
} from '../../../domain/schemas/registration.ts';
import { toCsv } from '../../../domain/csv.ts';
import { changeEntries, findByCode, ownRegistration, registerCouple } from './service.ts';
import { adminRegistrations } from './admin.ts';
import { importRegistrations, registrationsCsv } from './import.ts';

const idParams = keyParams.extend({ id: z.coerce.number().int().positive() });

const NO_MATCH = 'No registration matches that entry code and email. Check both (the code has 7 characters).';

const routes: FastifyPluginAsyncZod = async (app) => {
  /** A couple registers (public while open); a competition admin registers at the desk at any time. */
  app.post(
    '/competitions/:key/registrations',
    {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: { tags: ['registrations'], params: keyParams, body: registrationCreate },
    },
    async (req, reply) => {
      const c = await findCompetition(app.db, req.params.key);
      if (req.actor.kind === 'official')
        throw new HttpError(
          403,
          'forbidden',
          "An official's session may not register couples. Sign out, or ask an organizer at the desk.",
        );
      const desk = isCompetitionAdmin(req.actor, c.id);
      const created = await app.db.transaction().execute((trx) =>
        registerCouple(trx, c, req.body, {
          actor: actorLabel(req.actor),
          now: new Date(),
          ignoreDates: desk,
        }),
      );
      await app.feed.publish(c.id, 'events');
      await app.feed.publish(c.id, 'competition');
      reply.status(201);
      return created;
    },
  );

  /** A couple opens their own registration with the entry code and one of their emails. */
  app.post(
    '/competitions/:key/registrations/lookup',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: { tags: ['registrations'], params: keyParams, body: registrationLookup },
    },
    async (req) => {
      const c = await findCompetition(app.db, req.params.key);
      const id = await findByCode(app.db, c.id, req.body.entryCode, req.body.email);
      if (id === null) throw new HttpError(404, 'not_found', NO_MATCH);
      return ownRegistration(app.db, c, id);
    },
  );

  /** The couple adds and drops events until registration closes (/updateEntries). */
  app.post(
    '/competitions/:key/registrations/entries',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { tags: ['registrations'], params: keyParams, body: selfEntriesChange },
    },
    async (req) => {
      const c = await findCompetition(app.db, req.params.key);
      const id = await findByCode(app.db, c.id, req.body.entryCode, req.body.email);
      if (id === null) throw new HttpError(404, 'not_found', NO_MATCH);
      if (!tierAt(c, new Date()).isOpen)
        throw new HttpError(
          403,
          'registration_closed',
          'Registration is closed, so entries can no longer be changed here. Contact the organizers.',
        );
      const { add, drop, version } = req.body;
      await app.db
        .transaction()
        .execute((trx) => changeEntries(trx, c, id, { add, drop, version }, `couple:registration:${id}`));
      await app.feed.publish(c.id, 'events');
      return ownRegistration(app.db, c, id);
    },
  );

  // ---- Organizers -------------------------------------------------------------------------------

  app.get(
    '/competitions/:key/registrations',
    { schema: { tags: ['registrations'], params: keyParams } },
    async (req) => {
      const c = await findCompetition(app.db, req.params.key);
      requireCompetitionAdmin(req, c.id);
      return adminRegistrations(app.db, c);
    },
  );

  app.patch(
    '/competitions/:key/registrations/:id',
    { schema: { tags: ['registrations'], params: idParams, body: registrationPatch } },
    async (req) => {
      const c = await findCompetition(app.db, req.params.key);
      const actor = requireCompetitionAdmin(req, c.id);
      const { version, amountPaid, affiliation } = req.body;
      await app.db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom('registrations')
          .selectAll()
          .where('id', '=', req.params.id)
          .where('competition_id', '=', c.id)
          .executeTakeFirst();
        if (!before) throw notFound('That registration');
        if (version !== undefined && version !== before.version)
          throw stale(
            'this registration',
            (await adminRegistrations(trx, c)).registrations.find((r) => r.id === before.id),
          );
        const set: { amount_paid?: number; paid_at?: string | null; affiliation?: string; version: number } =
          {
            version: before.version + 1,
          };
        if (amountPaid !== undefined) {
          set.amount_paid = amountPaid;
          set.paid_at = amountPaid > 0 ? new Date().toISOString() : null;
        }
        if (affiliation !== undefined) {
          set.affiliation = affiliation;
          await trx
            .updateTable('entries')
            .set({ affiliation })
            .where('registration_id', '=', before.id)
            .execute();
          await trx
            .updateTable('competitors')
            .set({ affiliation })
            .where('id', 'in', [before.lead_id, before.follow_id])
            .execute();
        }
        await trx.updateTable('registrations').set(set).where('id', '=', before.id).execute();
        await audit(trx, {
          competitionId: c.id,
          actor: actorLabel(actor),
          action: 'registration.update',
          entity: 'registration',
          entityId: before.id,
          before: { amountPaid: before.amount_paid, affiliation: before.affiliation },
          after: {
            amountPaid: amountPaid ?? before.amount_paid,
            affiliation: affiliation ?? before.affiliation,
          },
        });
      });
      if (affiliation !== undefined) await app.feed.publish(c.id, 'events');
      await app.feed.publish(c.id, 'competition');
      const all = await adminRegistrations(app.db, c);
      return all.registrations.find((r) => r.id === req.params.id);
    },
  );

  /** The organizer adds or drops a couple's events at any time (no date rules). */
  app.post(
    '/competitions/:key/registrations/:id/entries',
    { schema: { tags: ['registrations'], params: idParams, body: entriesChange } },
    async (req) => {
      const c = await findCompetition(app.db, req.params.key);
      const actor = requireCompetitionAdmin(req, c.id);
      await app.db
        .transaction()
        .execute((trx) => changeEntries(trx, c, req.params.id, req.body, actorLabel(actor)));
      await app.feed.publish(c.id, 'events');
      const all = await adminRegistrations(app.db, c);
      return all.registrations.find((r) => r.id === req.params.id);
    },
  );

  /** CSV import: `dryRun: true` (the default) reports every row's problems and writes nothing. */
  app.post(
    '/competitions/:key/registrations/import',
    {
      bodyLimit: 8 * 1024 * 1024,
      schema: { tags: ['registrations'], params: keyParams, body: registrationImport },
    },
    async (req, reply) => {
      const c = await findCompetition(app.db, req.params.key);
      const actor = requireCompetitionAdmin(req, c.id);
      const result = await importRegistrations(app.db, c, req.body.csv, req.body.dryRun, actorLabel(actor));
      if (result.created > 0) {
        await app.feed.publish(c.id, 'events');
        await app.feed.publish(c.id, 'competition');
      }
      if (!req.body.dryRun && result.problems.length) {
        reply.status(422);
        return {
          error: {
            code: 'import_refused',
            message: `Nothing was imported: ${result.problems.length} problem${result.problems.length > 1 ? 's' : ''} in the file.`,
            details: result,
          },
        };
      }
      return result;
    },
  );

  app.get(
    '/competitions/:key/registrations.csv',
    { schema: { tags: ['registrations'], params: keyParams } },
    async (req, reply) => {
      const c = await findCompetition(app.db, req.params.key);
      requireCompetitionAdmin(req, c.id);
      return csvReply(reply, `${c.key}-registrations.csv`, await registrationsCsv(app.db, c.id));
    },
  );

  /** Fees by team: what each team's couples owe and have paid. */
  app.get(
    '/competitions/:key/fees.csv',
    { schema: { tags: ['registrations'], params: keyParams } },
    async (req, reply) => {
      const c = await findCompetition(app.db, req.params.key);
      requireCompetitionAdmin(req, c.id);
      const rows = await app.db
        .selectFrom('registrations')
        .select([
          'affiliation',
          (eb) => eb.fn.countAll<number>().as('couples'),
          (eb) => eb.fn.sum<number>('amount_due').as('due'),
          (eb) => eb.fn.sum<number>('amount_paid').as('paid'),
        ])
        .where('competition_id', '=', c.id)
        .groupBy('affiliation')
        .orderBy('affiliation')
        .execute();
      const money = (n: number) => Number(n).toFixed(2);
      const total = rows.reduce(
        (t, r) => ({
          couples: t.couples + Number(r.couples),
          due: t.due + Number(r.due),
          paid: t.paid + Number(r.paid),
        }),
        { couples: 0, due: 0, paid: 0 },
      );
      const csv = toCsv([
        [
          'team',
          'couples',
          'dancers',
          `amount_due_${c.currency}`,
          `amount_paid_${c.currency}`,
          `outstanding_${c.currency}`,
        ],
        ...rows.map((r) => [
          r.affiliation,
          Number(r.couples),
          Number(r.couples) * 2,
          money(r.due),
          money(r.paid),
          money(Number(r.due) - Number(r.paid)),
        ]),
        [
          'TOTAL',
          total.couples,
          total.couples * 2,
          money(total.due),
          money(total.paid),
          money(total.due - total.paid),
        ],
      ]);
      return csvReply(reply, `${c.key}-fees-by-team.csv`, csv);
    },
  );
};

export function csvReply(reply: FastifyReply, filename: string, csv: string) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename.replace(/[^a-zA-Z0-9._-]/g, '_')}"`)
    .header('cache-control', 'no-store')
    .send(csv);
}

export default routes;
