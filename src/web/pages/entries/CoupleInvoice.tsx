import type { OwnRegistration } from '../../../domain/schemas/registration.ts';
import { InvoiceView } from '../../components/invoice/InvoiceView.tsx';
import { useT } from '../../i18n/locale.ts';
import { entriesText } from './text.ts';

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
  const t = useT(entriesText);
  const { invoice, teamPays } = own;
  const showInvoice =
    invoice !== null && (!teamPays || invoice.balanceCents !== 0 || invoice.paidCents !== 0);
  return (
    <section className="couple-invoice" aria-label={t('invoice.label')}>
      {teamPays && (
        <p className="couple-invoice-team" data-testid="team-pays">
          {t('invoice.teamBefore')} <strong>{teamPays}</strong>
          {t('invoice.teamAfter')}
        </p>
      )}
      {showInvoice && (
        <InvoiceView
          doc={{ currency: own.currency, competition, invoice }}
          timeZone={timeZone}
          titleLevel={3}
        />
      )}
      {!teamPays && invoice === null && <p>{t('account.nothing')}</p>}
    </section>
  );
}
