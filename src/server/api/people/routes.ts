/**
 * People across competitions: a person's public page and points, the registration form's
 * standing lookup, and the site administrators' review (duplicates, merge, split, different dancers,
 * results import).
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { importReply } from '../../http/csvImport.ts';
import { rowId } from '../../http/params.ts';
import { routesFor } from '../../http/route.ts';
import * as endpoints from '../../../domain/schemas/endpoints.ts';
import { errorBody } from '../../../domain/schemas/common.ts';
import {
  duplicates,
  personAdmin,
  personChange,
  personDistinct,
  personDistinctAnswer,
  personMerge,
  personPoints,
  personPublic,
  personSplit,
  resultsImport,
  resultsImportAnswer,
  standingAnswer,
  standingLookup,
} from '../../../domain/schemas/people.ts';
import { standings } from '../../../domain/proficiency/ycn.ts';
import { duplicateGroups, markDistinct, mergePersons, personAdmins, splitPerson } from './admin.ts';
import { importResults } from './importResults.ts';
import { personFor, livePerson, personResults, personStandings, placingsOf } from './persons.ts';

const personParams = z.object({ personId: rowId });

const routes: FastifyPluginAsyncZod = async (app) => {
  const route = routesFor(app, 'people');

  route.read(endpoints.getPeopleOne, 'public', {
    schema: { params: personParams, response: { 200: personPublic } },
    answer: async (req) => {
      const p = await livePerson(app.db, req.params.personId);
      return { id: p.id, name: p.name, results: await personResults(app.db, p.id) };
    },
  });

  route.read(endpoints.getPeoplePoints, 'public', {
    schema: { params: personParams, response: { 200: personPoints } },
    answer: async (req) => {
      const p = await livePerson(app.db, req.params.personId);
      return {
        personId: p.id,
        name: p.name,
        standings: standings(placingsOf(await personResults(app.db, p.id))),
      };
    },
  });

  /**
   * The registration form's look-up: the standing of the dancer known by this name AND email. Nothing
   * about anyone else: a wrong name, or an email alone, answers as for a new dancer.
   */
  route.read(endpoints.postPeopleStanding, 'public', {
    schema: { body: standingLookup, response: { 200: standingAnswer } },
    config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    answer: async (req) => {
      const id = await personFor(app.db, req.body.name, req.body.email);
      if (id === null) return { person: null, standings: [] };
      const p = await livePerson(app.db, id);
      return { person: { id: p.id, name: p.name }, standings: await personStandings(app.db, p.id) };
    },
  });

  // ---- Site administrators ---------------------------------------------------------------------

  route.read(endpoints.getPeopleAdmin, 'siteAdmin', {
    schema: { params: personParams, response: { 200: personAdmin } },
    answer: async (req) => {
      const p = await livePerson(app.db, req.params.personId);
      const [view] = await personAdmins(app.db, [p.id]);
      return view!;
    },
  });

  route.read(endpoints.getPeopleDuplicates, 'siteAdmin', {
    schema: { response: { 200: duplicates } },
    answer: async () => duplicateGroups(app.db),
  });

  route.command(endpoints.postPeopleMerge, 'siteAdmin', {
    schema: { body: personMerge, response: { 200: personChange } },
    run: (ctx, req) => mergePersons(ctx, req.body),
  });

  /** Persons who share a name but are different dancers: their group leaves the duplicates review. */
  route.command(endpoints.postPeopleDistinct, 'siteAdmin', {
    schema: { body: personDistinct, response: { 200: personDistinctAnswer } },
    run: (ctx, req) => markDistinct(ctx, req.body),
  });

  route.command(endpoints.postPeopleSplit, 'siteAdmin', {
    schema: { params: personParams, body: personSplit, response: { 200: personChange } },
    run: (ctx, req) => splitPerson(ctx, req.params.personId, req.body),
  });

  /** CSV of results elsewhere: `dryRun: true` (the default) reports every row and writes nothing. */
  app.route({
    ...route.options(endpoints.postPeopleResultsImport, 'siteAdmin', {
      body: resultsImport,
      response: { 200: resultsImportAnswer, 422: errorBody },
    }),
    handler: async (req, reply) =>
      importReply(reply, req.body.dryRun, await importResults(app, req, req.body.csv, req.body.dryRun)),
  });
};

export default routes;
