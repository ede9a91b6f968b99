import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { csvFile } from '../../../domain/schemas/common.ts';
import {
  checkInBalances as checkInBalancesSchema,
  invoiceDocument as invoiceDocumentSchema,
  invoiceList,
  moneyTotals as moneyTotalsSchema,
  paymentCreate,
  paymentRecorded,
  paymentReverse,
  teamAccount,
  teamLinkBody,
  teamList,
  teamPut,
} from '../../../domain/schemas/money.ts';
import { csvReply } from '../../http/csv.ts';
import { keyParams, rowId } from '../../http/params.ts';
import { organizer, routesFor, staff } from '../../http/route.ts';
import * as endpoints from '../../../domain/schemas/endpoints.ts';
import { newTeamLink, putTeam, recordPayment, reversePayment, revokeTeamLink } from './commands.ts';
import {
  checkInBalances,
  invoiceDocument,
  ledgerCsv,
  loadInvoices,
  moneyTotals,
  teamAccounts,
  teamInvoiceByToken,
} from './queries.ts';

const invoiceParams = keyParams.extend({ invoiceId: rowId });
const paymentParams = keyParams.extend({ paymentId: rowId });
const tokenParams = keyParams.extend({ token: z.string().min(1).max(100) });

const routes: FastifyPluginAsyncZod = async (app) => {
  const route = routesFor(app, 'money');

  route.read(endpoints.getInvoices, organizer('see the invoices'), {
    summary: "Every account (a couple's or a team's invoice), by number",
    schema: { params: keyParams, response: { 200: invoiceList } },
    answer: async (req) => ({
      currency: req.competition.currency,
      invoices: await loadInvoices(app.db, req.competition.id, 'staff'),
    }),
  });

  route.read(endpoints.getInvoice, organizer('see the invoices'), {
    summary: 'One invoice, with its lines and payments',
    schema: { params: invoiceParams, response: { 200: invoiceDocumentSchema } },
    answer: (req) => invoiceDocument(app.db, req.competition, req.params.invoiceId, 'staff'),
  });

  route.read(endpoints.getTeamInvoice, 'public', {
    summary: "A team's invoice by its captain's private link",
    schema: { params: tokenParams, response: { 200: invoiceDocumentSchema } },
    config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    answer: (req) => teamInvoiceByToken(app.db, req.competition, req.params.token),
  });

  route.read(endpoints.getTeams, organizer('see the teams’ billing'), {
    summary: 'Every team with who pays, its captain’s link and its account',
    schema: { params: keyParams, response: { 200: teamList } },
    answer: async (req) => ({
      currency: req.competition.currency,
      teams: await teamAccounts(app.db, req.competition),
    }),
  });

  route.read(endpoints.getMoney, organizer('see the money totals'), {
    summary: 'Owed, paid, outstanding and credit, in all and by team',
    schema: { params: keyParams, response: { 200: moneyTotalsSchema } },
    answer: (req) => moneyTotals(app.db, req.competition),
  });

  route.read(endpoints.getLedgerCsv, organizer('download the ledger'), {
    summary: 'Every line and payment, with its account, date and who recorded it',
    schema: { params: keyParams, produces: ['text/csv'], response: { 200: csvFile } },
    answer: async (req, reply) =>
      csvReply(reply, `${req.competition.key}-ledger.csv`, await ledgerCsv(app.db, req.competition)),
  });

  route.read(endpoints.getCheckInBalances, staff(['admin', 'Deck Captain'], 'see what couples owe'), {
    summary: "What each entry's couple (or its team) still owes, and the competition's check-in rule",
    schema: { params: keyParams, response: { 200: checkInBalancesSchema } },
    answer: (req) => checkInBalances(app.db, req.competition),
  });

  route.command(endpoints.postPayments, organizer('record payments'), {
    // Other staff screens (a second desk, the deck captain's balances) read again; the public learns nothing.
    topics: ['events'],
    staffOnly: true,
    summary: 'Record money taken, or a refund (amountCents < 0)',
    schema: { params: keyParams, body: paymentCreate, response: { 201: paymentRecorded } },
    run: (ctx, req) => recordPayment(ctx, req.body),
  });

  route.command(endpoints.postPaymentsReverse, organizer('correct payments'), {
    // Other staff screens (a second desk, the deck captain's balances) read again; the public learns nothing.
    topics: ['events'],
    staffOnly: true,
    summary: 'Correct a payment recorded by mistake with a row of the opposite amount',
    schema: { params: paymentParams, body: paymentReverse, response: { 201: paymentRecorded } },
    run: (ctx, req) => reversePayment(ctx, req.params.paymentId, req.body.reason),
  });

  route.command(endpoints.putTeams, organizer('set who pays for a team'), {
    // Other staff screens (a second desk, the deck captain's balances) read again; the public learns nothing.
    topics: ['events'],
    staffOnly: true,
    summary: "Whether a team pays for its couples' entries",
    schema: { params: keyParams, body: teamPut, response: { 200: teamAccount } },
    run: (ctx, req) => putTeam(ctx, req.body),
  });

  route.command(endpoints.postTeamsLink, organizer('give a team captain a link'), {
    summary: "A new private link to the team's invoice (any earlier one stops working)",
    schema: { params: keyParams, body: teamLinkBody, response: { 200: teamAccount } },
    run: (ctx, req) => newTeamLink(ctx, req.body.name),
  });

  route.command(endpoints.postTeamsLinkRevoke, organizer('revoke a team captain’s link'), {
    summary: "The captain's link stops working",
    schema: { params: keyParams, body: teamLinkBody, response: { 200: teamAccount } },
    run: (ctx, req) => revokeTeamLink(ctx, req.body.name),
  });
};
export default routes;
