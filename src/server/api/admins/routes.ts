import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { noContent, noFields } from '../../../domain/schemas/common.ts';
import { adminAccount, adminCreate } from '../../../domain/schemas/competition.ts';
import { hashSecret } from '../../auth/passwords.ts';
import { runCommand } from '../../http/command.ts';
import { keyParams, rowId } from '../../http/params.ts';
import { organizer, routesTagged } from '../../http/route.ts';
import * as endpoints from '../../../domain/schemas/endpoints.ts';
import { addAdmin, removeAdmin } from './commands.ts';
import { listAdmins } from './queries.ts';

const route = routesTagged('admins');
const userParams = keyParams.extend({ userId: rowId });
const admin = organizer('manage the administrators');

const routes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...route(endpoints.getAdmins, admin, { params: keyParams, response: { 200: z.array(adminAccount) } }),
    handler: async (req) => listAdmins(app.db, req.competition.id),
  });

  app.route({
    ...route(endpoints.postAdmins, admin, {
      params: keyParams,
      body: adminCreate,
      response: { 201: adminAccount },
    }),
    handler: async (req, reply) => {
      const hash = await hashSecret(req.body.password);
      const added = await runCommand(app, req, { run: (ctx) => addAdmin(ctx, req.body, hash) });
      return reply.status(201).send(added);
    },
  });

  app.route({
    ...route(endpoints.deleteAdminsOne, admin, {
      params: userParams,
      body: noFields,
      response: { 204: noContent },
    }),
    handler: async (req, reply) => {
      await runCommand(app, req, { run: (ctx) => removeAdmin(ctx, req.params.userId) });
      return reply.status(204).send(null);
    },
  });
};
export default routes;
