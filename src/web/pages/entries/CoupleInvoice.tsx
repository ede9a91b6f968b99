import type { OwnRegistration } from '../../../domain/schemas/registration.ts';
import { InvoiceView } from '../../components/invoice/InvoiceView.tsx';

/**
 * The couple's own account on /updateEntries: their invoice (lines, payments, balance or credit) with
 * Print and Download CSV; or, when their team pays for their entries, that it does. Their own invoice
 * still shows beside it when it holds money of its own (paid before the team took over: a credit).
 */
export function CoupleInvoice({
  own,
  competition,
  timeZone,
}: {
  own: OwnRegistration;
  competition: { key: string; fullName: string };
  timeZone: string;
}) {
  const { invoice, teamPays } = own;
  const showInvoice =
    invoice !== null && (!teamPays || invoice.balanceCents !== 0 || invoice.paidCents !== 0);
  return (
    <section className="couple-invoice" aria-label="What you owe">
      {teamPays && (
        <p className="couple-invoice-team" data-testid="team-pays">
          Your team, <strong>{teamPays}</strong>, pays for your entries: its captain settles the team’s
          invoice with the organizers.
        </p>
      )}
      {showInvoice && (
        <InvoiceView
          doc={{ currency: own.currency, competition, invoice }}
          timeZone={timeZone}
          titleLevel={3}
        />
      )}
      {!teamPays && invoice === null && <p>Nothing has been charged to you yet.</p>}
    </section>
  );
}
