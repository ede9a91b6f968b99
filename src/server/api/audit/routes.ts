import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditVerdict } from '../../../domain/schemas/audit.ts';
import { keyParams } from '../../http/params.ts';
import { routesFor, staff } from '../../http/route.ts';
import * as endpoints from '../../../domain/schemas/endpoints.ts';
import { verifyAuditChain } from './queries.ts';

const routes: FastifyPluginAsyncZod = async (app) => {
  const route = routesFor(app, 'audit');

  // The scrutineer and the chairman see at once when stored marks no longer match the record.
  route.read(endpoints.getAuditVerify, staff(['admin', 'Scrutineer', 'Chairman'], 'verify the audit trail'), {
    schema: { params: keyParams, response: { 200: auditVerdict } },
    answer: async (req) => verifyAuditChain(app.db, req.competition.id),
  });

  route.read(endpoints.getSiteAuditVerify, 'siteAdmin', {
    summary: "Recompute the site's own audit chain (people merged and split, results imported)",
    schema: { response: { 200: auditVerdict } },
    answer: async () => verifyAuditChain(app.db, null),
  });
};
export default routes;
