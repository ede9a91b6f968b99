import * as endpoints from '../../../domain/schemas/endpoints.ts';
import { call } from '../client.ts';
import { competitionQueryKey, competitionRead, retryUnlessAnswered } from './keys.ts';

/**
 * Accounts change when entries do (a couple registers, drops an event, a dancer gets a discount), so
 * money's keys live under the `events` topic, as registrations do: the live feed's `events` message
 * refreshes them. The desk's own commands refresh `moneyKey` themselves.
 */
export const moneyKey = (key: string) => competitionQueryKey(key, 'events', 'money');

const moneyRead = <T>(key: string | undefined, rest: readonly unknown[], read: (key: string) => Promise<T>) =>
  competitionRead(key, { topic: 'events', rest: ['money', ...rest] }, read);

/** Every invoice of the competition, by number (organizers). */
export const invoicesQuery = (key: string | undefined) =>
  moneyRead(key, ['invoices'], (k) => call(endpoints.getInvoices, { key: k }));

/** One invoice with the competition's name, for the desk (organizers). */
export const invoiceQuery = (key: string | undefined, invoiceId: number | undefined) => ({
  ...moneyRead(key, ['invoice', invoiceId], (k) =>
    call(endpoints.getInvoice, { key: k, invoiceId: invoiceId! }),
  ),
  enabled: key !== undefined && invoiceId !== undefined,
  retry: retryUnlessAnswered,
});

/** The teams' billing: who pays, the captain's link and the team's account (organizers). */
export const teamsQuery = (key: string | undefined) =>
  moneyRead(key, ['teams'], (k) => call(endpoints.getTeams, { key: k }));

/** Owed, paid, outstanding and credit, in all and by team (organizers). */
export const moneyTotalsQuery = (key: string | undefined) =>
  moneyRead(key, ['totals'], (k) => call(endpoints.getMoney, { key: k }));

/**
 * How often an open captain's page asks again: payments are told to staff screens only (the public
 * feed carries no money), so a payment at the desk shows on the captain's phone within this, and at
 * once when they come back to the page.
 */
export const TEAM_INVOICE_REFRESH_MS = 30_000;

/** The team's invoice its captain's private link opens (public; 404 once the link is replaced or revoked). */
export const teamInvoiceQuery = (key: string | undefined, token: string | undefined) => ({
  ...moneyRead(key, ['team-invoice', token], (k) =>
    call(endpoints.getTeamInvoice, { key: k, token: token! }),
  ),
  enabled: key !== undefined && token !== undefined,
  retry: retryUnlessAnswered,
  staleTime: 0,
  refetchInterval: TEAM_INVOICE_REFRESH_MS,
});
