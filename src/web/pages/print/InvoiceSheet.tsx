import '@mantine/core/styles.layer.css';
import { Button, Group, Loader, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { useCompetition } from '../../api/queries/competition.ts';
import { invoiceQuery } from '../../api/queries/money.ts';
import { ApiErrorAlert } from '../../components/ApiErrorAlert.tsx';
import { InvoiceView } from '../../components/invoice/InvoiceView.tsx';
import { Link } from '../../components/Link.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { PaperChoice, PrintControls, usePrintAddress } from './PrintControls.tsx';
import './print.css';
import { printText } from './text.ts';
import { LocaleScope, useT } from '../../i18n/locale.ts';

/**
 * /print-sheets/invoices/{id}: one invoice on paper, A4 or Letter, for the desk to hand over or file.
 * The page is open like the other print pages; the invoice is read only with an organizer's session,
 * and the page says so in words to anyone else. The invoice flows over as many pages as its lines take.
 */
export default function InvoiceSheet() {
  const { invoiceId: param } = useParams();
  const invoiceId = param && /^[1-9]\d{0,9}$/.test(param) ? Number(param) : undefined;
  const { paper, set } = usePrintAddress();
  const { competition, key } = useCompetition();
  const read = useQuery(invoiceQuery(key, invoiceId));
  const t = useT(printText);
  usePageTitle(
    read.data ? t('invoice.titleNumber', { number: read.data.invoice.number }) : t('invoice.title'),
  );
  const missing = invoiceId === undefined || (read.error instanceof ApiError && read.error.status === 404);
  return (
    <div className="print-screen">
      <PrintControls
        title={t('invoice.print')}
        lead={t('invoice.lead', { competition: competition?.fullName ?? t('loading') })}
        paper={paper}
        margin="15mm 16mm"
        maw={900}
        actions={
          <Group gap="xs">
            <PaperChoice paper={paper} onChange={(v) => set('paper', v)} />
            <Button
              component={Link}
              to={invoiceId ? `/admin/money/invoices/${invoiceId}` : '/admin/money'}
              variant="default"
            >
              {t('invoice.back')}
            </Button>
          </Group>
        }
      >
        {missing && <Text>{t('invoice.missing')}</Text>}
        {!missing && read.isError && <ApiErrorAlert error={read.error} title={t('invoice.loadError')} />}
        {!missing && read.isPending && (
          <Group gap="xs">
            <Loader size="sm" />
            <Text size="sm">{t('invoice.loading')}</Text>
          </Group>
        )}
      </PrintControls>
      {read.data && (
        // Printed in the competition's language (Settings); the controls in the reader's.
        <LocaleScope locale={competition?.language}>
          <div className="invoice-sheet" data-paper={paper}>
            <InvoiceView doc={read.data} timeZone={competition?.timeZone ?? 'UTC'} titleLevel={1} />
          </div>
        </LocaleScope>
      )}
    </div>
  );
}
