import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  loginBody,
  loginResponse,
  officialSessionResponse,
  whoAmIResponse,
} from '../../../domain/schemas/competition.ts';
import { noContent, noFields } from '../../../domain/schemas/common.ts';
import { endSession } from '../../auth/sessions.ts';
import { SignInGuard } from '../../auth/slowdown.ts';
import { officialParams } from '../../http/params.ts';
import { signIn, signInOfficial } from './commands.ts';
import { whoAmI } from './queries.ts';
import { routesFor } from '../../http/route.ts';
import * as endpoints from '../../../domain/schemas/endpoints.ts';

const codeBody = z.object({
  code: z
    .string({ error: 'Enter your access code' })
    .trim()
    .min(1, { error: 'Enter your access code' })
    .max(20, { error: 'Access codes are 7 characters' }),
});

const routes: FastifyPluginAsyncZod = async (app) => {
  const route = routesFor(app, 'auth');
  // Failed tries only: 20 a minute per address for passwords, 30 for access codes (a venue's tablets);
  // 30 a minute on one account or official from all addresses together.
  const logins = new SignInGuard({ perAddressPerMinute: 20, perAccountPerMinute: 30 });
  const codes = new SignInGuard({ perAddressPerMinute: 30, perAccountPerMinute: 30 });

  app.route({
    ...route.options(endpoints.postAuthLogin, 'public', {
      body: loginBody,
      response: { 200: loginResponse },
    }),
    handler: async (req, reply) => signIn(app, logins, req, reply, req.body),
  });

  app.route({
    ...route.options(endpoints.postAuthLogout, 'public', { body: noFields, response: { 204: noContent } }),
    handler: async (req, reply) => {
      await endSession(app.db, req, reply);
      return reply.status(204).send(null);
    },
  });

  route.read(endpoints.getAuthMe, 'public', {
    schema: { response: { 200: whoAmIResponse } },
    answer: async (req) => whoAmI(app.db, req.actor),
  });

  app.route({
    ...route.options(endpoints.postOfficialsSession, 'public', {
      params: officialParams,
      body: codeBody,
      response: { 200: officialSessionResponse },
    }),
    handler: async (req, reply) =>
      signInOfficial(app, codes, req, reply, req.params.officialId, req.body.code),
  });
};

export default routes;
