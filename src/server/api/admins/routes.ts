import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { noContent, noFields } from '../../../domain/schemas/common.ts';
import { adminAccount, adminCreate } from '../../../domain/schemas/competition.ts';
import { hashSecret } from '../../auth/passwords.ts';
import { runCommand } from '../../http/command.ts';
import { keyParams, rowId } from '../../http/params.ts';
import { organizer, routesFor } from '../../http/route.ts';
import * as endpoints from '../../../domain/schemas/endpoints.ts';
import { addAdmin, removeAdmin } from './commands.ts';
import { listAdmins } from './queries.ts';

const userParams = keyParams.extend({ userId: rowId });
const admin = organizer('manage the administrators');

const routes: FastifyPluginAsyncZod = async (app) => {
  const route = routesFor(app, 'admins');

  route.read(endpoints.getAdmins, admin, {
    schema: { params: keyParams, response: { 200: z.array(adminAccount) } },
    answer: async (req) => listAdmins(app.db, req.competition.id),
  });

  app.route({
    ...route.options(endpoints.postAdmins, admin, {
      params: keyParams,
      body: adminCreate,
      response: { 201: adminAccount },
    }),
    // The password is hashed before the transaction: scrypt is slow on purpose.
    handler: async (req, reply) => {
      const hash = await hashSecret(req.body.password);
      const added = await runCommand(app, req, { run: (ctx) => addAdmin(ctx, req.body, hash) });
      return reply.status(201).send(added);
    },
  });

  route.command(endpoints.deleteAdminsOne, admin, {
    schema: { params: userParams, body: noFields, response: { 204: noContent } },
    run: (ctx, req) => removeAdmin(ctx, req.params.userId),
  });
};
export default routes;
