import '@mantine/core/styles.layer.css';
import { Button, Group, Loader, SegmentedControl, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Invoice, InvoiceDocument, InvoiceList } from '../../../domain/schemas/money.ts';
import { useCompetition } from '../../api/queries/competition.ts';
import { invoicesQuery } from '../../api/queries/money.ts';
import { ApiErrorAlert } from '../../components/ApiErrorAlert.tsx';
import { InvoiceView } from '../../components/invoice/InvoiceView.tsx';
import { Link } from '../../components/Link.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { PaperChoice, PrintControls, usePrintAddress } from './PrintControls.tsx';
import './print.css';
import { printText, type PrintKey } from './text.ts';
import { LocaleScope, useT } from '../../i18n/locale.ts';

/** Which invoices print: those still owing (the default), every one, or the teams' accounts. */
export type InvoiceChoice = 'due' | 'all' | 'teams';

const CHOICES: { value: InvoiceChoice; label: PrintKey; none: PrintKey }[] = [
  { value: 'due', label: 'invoices.which.due', none: 'invoices.none.due' },
  { value: 'all', label: 'invoices.which.all', none: 'invoices.none.all' },
  { value: 'teams', label: 'invoices.which.teams', none: 'invoices.none.teams' },
];

const CHOSEN: Record<InvoiceChoice, (invoice: Invoice) => boolean> = {
  due: (i) => i.balanceCents > 0,
  all: () => true,
  teams: (i) => i.kind === 'team',
};

/**
 * The documents InvoiceView prints, from the list the desk already reads: the list carries every
 * invoice's lines, payments and the currency, and the competition's name is the page's own.
 */
export function invoiceDocuments(
  list: InvoiceList,
  competition: InvoiceDocument['competition'],
  which: InvoiceChoice,
): InvoiceDocument[] {
  return list.invoices
    .filter(CHOSEN[which])
    .sort((a, b) => a.number - b.number)
    .map((invoice) => ({ currency: list.currency, competition, invoice }));
}

/**
 * /print-sheets/invoices: the competition's invoices in one print-out, each starting a page of its
 * own (team packets, the desk's folder) — those with a balance due, all of them, or the teams'. Open
 * like the single invoice's page; the list is read only with an organizer's session.
 */
export default function InvoicesSheet() {
  const { params, paper, set } = usePrintAddress();
  const choice = CHOICES.find((c) => c.value === params.get('which')) ?? CHOICES[0]!;
  const { competition, key } = useCompetition();
  const read = useQuery(invoicesQuery(key));
  const t = useT(printText);
  usePageTitle(t('invoices.title'));
  const docs = useMemo(
    () =>
      read.data && competition && key
        ? invoiceDocuments(read.data, { key, fullName: competition.fullName }, choice.value)
        : undefined,
    [read.data, competition, key, choice.value],
  );
  return (
    <div className="print-screen">
      <PrintControls
        title={t('invoices.print')}
        lead={t('invoices.lead', { competition: competition?.fullName ?? t('loading') })}
        paper={paper}
        margin="15mm 16mm"
        maw={900}
        actions={
          <Group gap="xs">
            <Button size="md" onClick={() => window.print()} disabled={!docs?.length}>
              {docs?.length ? t('invoices.printCount', { count: docs.length }) : t('print')}
            </Button>
            <Button component={Link} to="/admin/money" variant="default">
              {t('invoices.back')}
            </Button>
          </Group>
        }
      >
        <Group gap="md" wrap="wrap">
          <SegmentedControl
            aria-label={t('invoices.which')}
            value={choice.value}
            onChange={(v) => set('which', v)}
            data={CHOICES.map((c) => ({ value: c.value, label: t(c.label) }))}
          />
          <PaperChoice paper={paper} onChange={(v) => set('paper', v)} />
        </Group>
        {read.isError && <ApiErrorAlert error={read.error} title={t('invoices.loadError')} />}
        {!read.isError && !docs && (
          <Group gap="xs">
            <Loader size="sm" />
            <Text size="sm">{t('invoices.loading')}</Text>
          </Group>
        )}
        {docs && (
          <Text size="sm" data-testid="invoices-summary">
            {docs.length ? t('invoices.count', { count: docs.length }) : t(choice.none)}
          </Text>
        )}
      </PrintControls>
      {docs && docs.length > 0 && (
        // Printed in the competition's language (Settings); the controls in the reader's.
        <LocaleScope locale={competition?.language}>
          <div className="invoice-sheets">
            {docs.map((doc) => (
              <div
                key={doc.invoice.id}
                className="invoice-sheet"
                data-paper={paper}
                data-testid="invoice-page"
                data-number={doc.invoice.number}
              >
                <InvoiceView doc={doc} timeZone={competition?.timeZone ?? 'UTC'} toolbar={false} />
              </div>
            ))}
          </div>
        </LocaleScope>
      )}
    </div>
  );
}
