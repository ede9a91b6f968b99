/** Invoices, payments and teams as the money endpoints answer them, for the money screens' tests. */
import type { TeamAccount } from '../../domain/schemas/money.ts';
import { invoiceFixture, paymentRow } from '../../domain/money/invoices.fixture.ts';

export {
  entryLine,
  invoiceDocument,
  invoiceFixture,
  paymentRow,
} from '../../domain/money/invoices.fixture.ts';

/** A couple's invoice paid more than it was charged: in credit. */
export const creditInvoice = invoiceFixture({
  id: 8,
  number: 13,
  name: 'Cara Lead & Dan Follow',
  team: 'Valley College',
  payments: [paymentRow(2, { amountCents: 6000 })],
});

/** A team's account with nothing on it yet: settled. */
export const settledTeamInvoice = invoiceFixture({
  id: 9,
  number: 14,
  kind: 'team',
  name: 'Valley College',
  team: 'Valley College',
  registrationId: null,
  teamId: 2,
  lines: [],
});

export const teamFixture = (more: Partial<TeamAccount> = {}): TeamAccount => ({
  id: null,
  name: 'Riverside U',
  couples: 3,
  pays: false,
  token: null,
  invoiceId: null,
  invoiceNumber: null,
  balanceCents: 0,
  version: 0,
  ...more,
});
