import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { useCompetition } from '../../api/queries/competition.ts';
import { teamInvoiceQuery } from '../../api/queries/money.ts';
import { InvoiceView } from '../../components/invoice/InvoiceView.tsx';
import { ErrorPage } from '../../components/Page.tsx';
import { PageSkeleton } from '../../components/PageSkeleton.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { useT } from '../../i18n/locale.ts';
import { teamInvoiceText } from './text.ts';

/**
 * /team-invoice/{token}: a team's invoice from its captain's private link — what the team's couples'
 * entries cost, what was paid and what is still due — on a phone, with Print and Download CSV. A link
 * the organizers replaced or revoked (the API's 404) says so, and what to do.
 */
export default function TeamInvoicePage() {
  const { token } = useParams();
  const { key, competition } = useCompetition();
  const read = useQuery(teamInvoiceQuery(key, token || undefined));
  const doc = read.data;
  const t = useT(teamInvoiceText);
  usePageTitle(doc ? t('docTitle', { team: doc.invoice.name, number: doc.invoice.number }) : t('title'));

  if (!token || (read.error instanceof ApiError && read.error.status === 404))
    return (
      <div className="page" data-testid="missing">
        <h1>{t('missing')}</h1>
        <p className="page-lead">{t('missingText')}</p>
      </div>
    );
  if (read.isError && !doc) return <ErrorPage error={read.error} refetch={read.refetch} />;
  if (!doc) return <PageSkeleton body={520} />;
  return (
    <div className="page page-wide">
      <InvoiceView doc={doc} timeZone={competition?.timeZone ?? 'UTC'} titleLevel={1} />
      <p className="invoice-aside">{t('aside')}</p>
    </div>
  );
}
