import '@mantine/core/styles.layer.css';
import { Button, Group, Loader, SegmentedControl, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { useCompetition } from '../../api/queries/competition.ts';
import { invoiceQuery } from '../../api/queries/money.ts';
import { ApiErrorAlert } from '../../components/ApiErrorAlert.tsx';
import { InvoiceView } from '../../components/invoice/InvoiceView.tsx';
import { Link } from '../../components/Link.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import type { Paper } from './pagination.ts';
import { PrintControls } from './PrintControls.tsx';
import './print.css';

/**
 * /print-sheets/invoices/{id}: one invoice on paper, A4 or Letter, for the desk to hand over or file.
 * The page is open like the other print pages; the invoice is read only with an organizer's session,
 * and the page says so in words to anyone else. The invoice flows over as many pages as its lines take.
 */
export default function InvoiceSheet() {
  const { invoiceId: param } = useParams();
  const invoiceId = param && /^[1-9]\d{0,9}$/.test(param) ? Number(param) : undefined;
  const [params, setParams] = useSearchParams();
  const paper: Paper = params.get('paper') === 'Letter' ? 'Letter' : 'A4';
  const { competition, key } = useCompetition();
  const read = useQuery(invoiceQuery(key, invoiceId));
  usePageTitle(read.data ? `Invoice ${read.data.invoice.number}` : 'Invoice');
  const missing = invoiceId === undefined || (read.error instanceof ApiError && read.error.status === 404);
  return (
    <div className="print-screen">
      <PrintControls
        title="Print an invoice"
        lead={`${competition?.fullName ?? 'Loading...'} — choose the paper, then Print.`}
        paper={paper}
        margin="15mm 16mm"
        maw={900}
        actions={
          <Group gap="xs">
            <SegmentedControl
              aria-label="Paper"
              value={paper}
              onChange={(v) =>
                setParams(
                  (p) => {
                    p.set('paper', v);
                    return p;
                  },
                  { replace: true },
                )
              }
              data={['A4', 'Letter']}
            />
            <Button
              component={Link}
              to={invoiceId ? `/admin/money/invoices/${invoiceId}` : '/admin/money'}
              variant="default"
            >
              Back to the invoice
            </Button>
          </Group>
        }
      >
        {missing && <Text>There is no such invoice in this competition.</Text>}
        {!missing && read.isError && <ApiErrorAlert error={read.error} title="The invoice could not load" />}
        {!missing && read.isPending && (
          <Group gap="xs">
            <Loader size="sm" />
            <Text size="sm">Loading the invoice…</Text>
          </Group>
        )}
      </PrintControls>
      {read.data && (
        <div className="invoice-sheet" data-paper={paper}>
          <InvoiceView doc={read.data} timeZone={competition?.timeZone ?? 'UTC'} titleLevel={1} />
        </div>
      )}
    </div>
  );
}
