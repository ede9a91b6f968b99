/** Invoices, payments and teams as the money endpoints answer them, for the money screens' tests. */
import type { TeamAccount } from '../../domain/schemas/money.ts';

export {
  entryLine,
  invoiceDocument,
  invoiceFixture,
  paymentRow,
} from '../../domain/money/invoices.fixture.ts';

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
