import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { keyParams } from '../../http/params.ts';
import { runCommand } from '../../http/command.ts';
import { Gate } from '../../http/gate.ts';
import { csvReply } from '../../http/csv.ts';
import { importReply } from '../../http/csvImport.ts';
import { organizer, routesFor } from '../../http/route.ts';
import * as endpoints from '../../../domain/schemas/endpoints.ts';
import { HttpError } from '../../errors.ts';
import { siteOrigin } from '../../mail/links.ts';
import { tierAt } from '../competitions/queries.ts';
import type { CompetitionRow } from '../../db/schema.ts';
import { csvFile, errorBody, messageResponse } from '../../../domain/schemas/common.ts';
import {
  adminRegistration as adminRegistrationSchema,
  adminRegistrations as adminRegistrationsSchema,
  entriesChange,
  grantedEntriesChange,
  grantedLookup,
  importResult,
  ownRegistration as ownRegistrationSchema,
  registrationCreate,
  registrationCreated,
  registrationHeld,
  registrationImport,
  registrationLookup,
  registrationOpen,
  registrationOpened,
  registrationPatch,
  registrationRecover,
  registrationRecovered,
  reviewDecision,
  selfEntriesChange,
} from '../../../domain/schemas/registration.ts';
import { acceptReview, refuseReview } from './reviews.ts';
import { recoverAnswer, sendRecoveryLinks } from './recover.ts';
import { grantedRegistration, openEntryLink, signGrant } from '../../mail/entryLinks.ts';
import { ENTRY_LINK_REFUSALS } from '../../../domain/entryLinks.ts';
import { underRegistrationRules } from './rules.ts';
import { assertRegistrationOpen } from '../../../domain/fees.ts';
import { changeEntries, importRegistrations, register, updateRegistration } from './commands.ts';
import {
  adminRegistration,
  adminRegistrations,
  feesCsv,
  findByCode,
  ownRegistration,
  registrationsCsv,
} from './queries.ts';

const idParams = keyParams.extend({ id: z.coerce.number().int().positive() });
const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

/** Registrations run at once, and waiting, before 503 `busy` (README: Limits). */
const REGISTER_RUNNING = 2;
const REGISTER_WAITING = 500;
/** "Email me a link" requests one client address may make in an hour (429 beyond). */
const RECOVER_PER_ADDRESS_PER_HOUR = 20;

const NO_MATCH = 'No registration matches that entry code and email. Check both (the code has 7 characters).';
const GRANT_ENDED =
  'Your registration is no longer open in this window. Open the link from your email again, or use your entry code.';

const routes: FastifyPluginAsyncZod = async (app) => {
  const route = routesFor(app, 'registrations');
  /** Registrations one after another, a few at a time, so a flood keeps visitors' reads fast (gate.ts). */
  const registering = new Gate(REGISTER_RUNNING, REGISTER_WAITING);
  /** The couple's registration by entry code and email; one answer whichever of the two is wrong. */
  const byCode = async (competitionId: number, body: { entryCode: string; email: string }) => {
    const id = await findByCode(app.db, app.entryCodes, competitionId, body.entryCode, body.email);
    if (id === null) throw new HttpError(404, 'not_found', NO_MATCH);
    return id;
  };
  /** The couple adds and drops events of their registration `id` while registration is open. */
  const changeOwnEntries = async (
    req: FastifyRequest,
    id: number,
    { add, drop, version }: { add: string[]; drop: string[]; version?: number | undefined },
  ) => {
    const c = req.competition;
    underRegistrationRules(() => assertRegistrationOpen(tierAt(c, new Date()), 'change entries'));
    await runCommand(app, req, {
      topics: ['events'],
      run: (ctx) =>
        changeEntries(ctx, id, { add, drop, version }, siteOrigin(req), `couple:registration:${id}`),
    });
    return ownRegistration(app.db, c, id);
  };

  /** A couple registers (public while open); a competition admin registers at the desk at any time. */
  app.route({
    ...route.options(
      endpoints.postRegistrations,
      'publicOrStaff',
      {
        params: keyParams,
        body: registrationCreate,
        response: { 201: registrationCreated, 202: registrationHeld },
      },
      perMinute(120),
    ),
    handler: async (req, reply) => {
      const created = await registering.run(() =>
        runCommand(app, req, {
          topics: ['events', 'competition'],
          run: (ctx) => register(ctx, req.body, siteOrigin(req)),
        }),
      );
      // 202: held for the organizer's review (the same pair is already entered from other emails).
      return 'review' in created ? reply.status(202).send(created) : reply.status(201).send(created);
    },
  });

  /** A couple opens their own registration with the entry code and one of their emails. */
  route.read(endpoints.postRegistrationsLookup, 'public', {
    schema: { params: keyParams, body: registrationLookup, response: { 200: ownRegistrationSchema } },
    config: perMinute(20),
    answer: async (req) =>
      ownRegistration(app.db, req.competition, await byCode(req.competition.id, req.body)),
  });

  /** The couple adds and drops events until registration closes (/updateEntries). */
  app.route({
    ...route.options(
      endpoints.postRegistrationsEntries,
      'public',
      { params: keyParams, body: selfEntriesChange, response: { 200: ownRegistrationSchema } },
      perMinute(30),
    ),
    handler: async (req) => changeOwnEntries(req, await byCode(req.competition.id, req.body), req.body),
  });

  // ---- A link from an email (mail/entryLinks.ts, docs/messages.md) --------------------------------

  /** The registration a grant opens, or 401: forged, of another competition, or past its hours. */
  const byGrant = (competitionId: number, grant: string) => {
    const id = grantedRegistration(app.entryCodes, competitionId, grant, new Date());
    if (id === null) throw new HttpError(401, 'grant_ended', GRANT_ENDED);
    return id;
  };

  /** "Email me a link": 202 and the same words whether or not the email is registered. */
  route.command(endpoints.postRegistrationsRecover, 'public', {
    schema: { params: keyParams, body: registrationRecover, response: { 202: registrationRecovered } },
    config: { rateLimit: { max: RECOVER_PER_ADDRESS_PER_HOUR, timeWindow: '1 hour' } },
    run: (ctx, req) => sendRecoveryLinks(ctx, req.body.email, siteOrigin(req), new Date()),
    answer: (_queued, req) => recoverAnswer(req.competition.full_name),
  });

  /** An emailed link's token → the registration, and a grant for the next requests. */
  route.command(endpoints.postRegistrationsOpen, 'public', {
    schema: { params: keyParams, body: registrationOpen, response: { 200: registrationOpened } },
    config: perMinute(20),
    run: async (ctx, req) => {
      const opened = await openEntryLink(ctx.trx, ctx.competition.id, req.body.token, new Date());
      if ('refused' in opened)
        throw opened.refused === 'unknown'
          ? new HttpError(404, 'link_unknown', ENTRY_LINK_REFUSALS.unknown)
          : new HttpError(410, `link_${opened.refused}`, ENTRY_LINK_REFUSALS[opened.refused]);
      await ctx.audit({
        actor: `couple:registration:${opened.registrationId}`,
        action: 'registration.linkOpened',
        entity: 'registration',
        entityId: opened.registrationId,
        after: { purpose: opened.purpose },
      });
      return opened.registrationId;
    },
    answer: async (id, req) => {
      const { grant, expiresAt } = signGrant(app.entryCodes, req.competition.id, id, new Date());
      return {
        registration: await ownRegistration(app.db, req.competition, id),
        grant,
        grantExpiresAt: expiresAt,
      };
    },
  });

  /** The couple's registration by the grant an opened link gave (as lookup gives it by entry code). */
  route.read(endpoints.postRegistrationsOwn, 'public', {
    schema: { params: keyParams, body: grantedLookup, response: { 200: ownRegistrationSchema } },
    config: perMinute(30),
    answer: async (req) =>
      ownRegistration(app.db, req.competition, byGrant(req.competition.id, req.body.grant)),
  });

  /** The couple changes entries with the grant, under the same rules as with the entry code. */
  app.route({
    ...route.options(
      endpoints.postRegistrationsOwnEntries,
      'public',
      { params: keyParams, body: grantedEntriesChange, response: { 200: ownRegistrationSchema } },
      perMinute(30),
    ),
    handler: async (req) => changeOwnEntries(req, byGrant(req.competition.id, req.body.grant), req.body),
  });

  // ---- Organizers -------------------------------------------------------------------------------

  route.read(endpoints.getRegistrations, organizer('see the registrations'), {
    schema: { params: keyParams, response: { 200: adminRegistrationsSchema } },
    answer: async (req) => adminRegistrations(app.db, req.competition),
  });

  /** An organizer's change to one registration answers with the registration as it now is. */
  const registrationNow = (_: unknown, req: FastifyRequest<{ Params: { id: number } }>) =>
    adminRegistration(app.db, req.competition, req.params.id);

  route.command(endpoints.patchRegistrationsOne, organizer('edit registrations'), {
    schema: { params: idParams, body: registrationPatch, response: { 200: adminRegistrationSchema } },
    topics: ['competition'],
    run: (ctx, req) => updateRegistration(ctx, req.params.id, req.body),
    answer: registrationNow,
  });

  /** The organizer adds or drops a couple's events at any time (no date rules). */
  route.command(endpoints.postRegistrationsOneEntries, organizer('change entries'), {
    schema: { params: idParams, body: entriesChange, response: { 200: adminRegistrationSchema } },
    topics: ['events'],
    run: (ctx, req) => changeEntries(ctx, req.params.id, req.body, siteOrigin(req)),
    answer: registrationNow,
  });

  /** A held registration (same pair entered from other emails): the organizer accepts or refuses it. */
  const reviewParams = keyParams.extend({ reviewId: z.coerce.number().int().positive() });
  route.command(endpoints.postRegistrationsReviewsAccept, organizer('review held registrations'), {
    schema: { params: reviewParams, body: reviewDecision, response: { 200: registrationCreated } },
    topics: ['events', 'competition'],
    run: (ctx, req) => acceptReview(ctx, req.params.reviewId, req.body.version, siteOrigin(req)),
  });
  route.command(endpoints.postRegistrationsReviewsRefuse, organizer('review held registrations'), {
    schema: { params: reviewParams, body: reviewDecision, response: { 200: messageResponse } },
    topics: ['events'],
    run: (ctx, req) => refuseReview(ctx, req.params.reviewId, req.body.version),
    answer: () => ({ message: 'The held registration was refused.' }),
  });

  /** CSV import: `dryRun: true` (the default) reports every row's problems and writes nothing. */
  app.route({
    bodyLimit: 8 * 1024 * 1024,
    ...route.options(endpoints.postRegistrationsImport, organizer('import registrations'), {
      params: keyParams,
      body: registrationImport,
      response: { 200: importResult, 422: errorBody },
    }),
    handler: async (req, reply) =>
      importReply(reply, req.body.dryRun, await importRegistrations(app, req, req.body.csv, req.body.dryRun)),
  });

  /** A CSV download for the organizers, named after the competition. */
  const csvDownload = (
    endpoint: typeof endpoints.getRegistrationsCsv | typeof endpoints.getFeesCsv,
    what: string,
    file: string,
    read: (c: CompetitionRow) => Promise<string>,
  ) =>
    route.read(endpoint, organizer(`download the ${what}`), {
      schema: { params: keyParams, produces: ['text/csv'], response: { 200: csvFile } },
      answer: async (req, reply) =>
        csvReply(reply, `${req.competition.key}-${file}.csv`, await read(req.competition)),
    });

  csvDownload(endpoints.getRegistrationsCsv, 'registrations', 'registrations', (c) =>
    registrationsCsv(app.db, c),
  );
  /** Fees by team: what each team's couples owe and have paid. */
  csvDownload(endpoints.getFeesCsv, 'fees', 'fees-by-team', (c) => feesCsv(app.db, c));
};

export default routes;
