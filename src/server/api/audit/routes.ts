import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditVerdict } from '../../../domain/schemas/audit.ts';
import { keyParams } from '../../http/params.ts';
import { routesTagged, staff } from '../../http/route.ts';
import * as endpoints from '../../../domain/schemas/endpoints.ts';
import { verifyAuditChain } from './queries.ts';

const route = routesTagged('audit');

const routes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    // The scrutineer and the chairman see at once when stored marks no longer match the record.
    ...route(endpoints.getAuditVerify, staff(['admin', 'Scrutineer', 'Chairman'], 'verify the audit trail'), {
      params: keyParams,
      response: { 200: auditVerdict },
    }),
    handler: async (req) => verifyAuditChain(app.db, req.competition.id),
  });

  app.route({
    ...route(endpoints.getSiteAuditVerify, 'siteAdmin', {
      summary: "Recompute the site's own audit chain (people merged and split, results imported)",
      response: { 200: auditVerdict },
    }),
    handler: async () => verifyAuditChain(app.db, null),
  });
};
export default routes;
