/**
 * One invoice as every reader sees it — the desk (Admin → Money), its printed copy, a team captain's
 * private link and a couple's /entries: the competition, the invoice's number and date, who it bills,
 * its lines, its payments and what is still due or in credit, with Print and Download CSV. Plain
 * elements and the shell's buttons, no Mantine JavaScript, so the public pages that show it stay light.
 * Printing prints the invoice alone (a copy put at the end of the page for paper, invoice.css), on A4
 * or Letter alike.
 */
import { useEffect, useId, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import type { LineKind } from '../../../domain/money/billing.ts';
import { invoiceCsv, invoiceCsvName } from '../../../domain/money/invoiceCsv.ts';
import type {
  Invoice,
  InvoiceDocument,
  InvoiceLine,
  InvoicePayment,
  RecordedMethod,
} from '../../../domain/schemas/money.ts';
import { dateFormat, formatMoney, safeZone } from '../format.ts';
import { signedBy } from '../signedBy.ts';
import { ShellButton, ShellButtonLink } from '../ShellControls.tsx';
import { translator } from '../../../domain/i18n/catalog.ts';
import type { Locale } from '../../../domain/i18n/locales.ts';
import { useLocale, useT } from '../../i18n/locale.ts';
import { invoiceText, type InvoiceKey } from './text.ts';
import './invoice.css';

/** How a payment was made, in words (English: the staff screens' own wording). */
export const METHOD_WORDS: Record<RecordedMethod, string> = {
  cash: 'Cash',
  card: 'Card',
  cheque: 'Cheque',
  transfer: 'Bank transfer',
  carried_over: 'Carried over',
  online: 'Online',
  unspecified: 'Payment',
};

/** What a line is, beside its description; an entry's fee needs no tag. */
const LINE_TAGS: Partial<Record<LineKind, InvoiceKey>> = {
  discount: 'tag.discount',
  admission: 'tag.admission',
  credit: 'tag.credit',
  transfer: 'tag.transfer',
  carried_over: 'tag.carried_over',
};

/** "7 Dec 2026", in the competition's time zone ("7. Dez. 2026" in German). */
export function invoiceDay(instant: string, timeZone: string, locale: Locale = 'en'): string {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return '';
  const options = { day: 'numeric', month: 'short', year: 'numeric', timeZone: safeZone(timeZone) } as const;
  if (locale !== 'en') return dateFormat(options, locale).format(date);
  const parts = dateFormat(options)
    .formatToParts(date)
    .reduce<Record<string, string>>((all, p) => ({ ...all, [p.type]: p.value }), {});
  return `${parts.day} ${parts.month} ${parts.year}`;
}

/** An amount in cents as the app words money: "$25", "$27.50", "−$12.50". */
export const money = (cents: number, currency: string, locale: Locale = 'en') =>
  formatMoney(cents / 100, currency, locale).replace(/^-/, '−');

/** What the account still owes, or is owed: "Balance due $40", "Credit $12.50", "Paid in full". */
export function balanceWords(
  cents: number,
  currency: string,
  locale: Locale = 'en',
): { label: string; amount: string } {
  const t = translator(invoiceText, locale);
  if (cents > 0) return { label: t('balance.due'), amount: money(cents, currency, locale) };
  if (cents < 0) return { label: t('balance.credit'), amount: money(-cents, currency, locale) };
  return { label: t('balance.settled'), amount: t('balance.paidInFull') };
}

export interface InvoiceViewProps {
  doc: InvoiceDocument;
  /** The competition's time zone: dates are the competition's days. */
  timeZone: string;
  /** 1 where the invoice is the page (a captain's link, the printed copy); 2 or 3 inside another page. */
  titleLevel?: 1 | 2 | 3;
  /** Print by opening this page (the staff's print page, with its paper choice) instead of from here. */
  printTo?: string;
  /** More buttons after Print and Download CSV. */
  tools?: ReactNode;
  /** A payment's own button (the desk's Reverse): on screen only, never on paper. */
  paymentAction?: (payment: InvoicePayment) => ReactNode;
  /** False where the page prints many invoices with one button of its own: no Print or CSV here. */
  toolbar?: boolean;
}

export function InvoiceView({
  doc,
  timeZone,
  titleLevel = 2,
  printTo,
  tools,
  paymentAction,
  toolbar = true,
}: InvoiceViewProps) {
  const t = useT(invoiceText);
  const [printing, print] = usePrintOnly();
  return (
    <div className="invoice-view">
      {toolbar && (
        <div className="invoice-tools" role="group" aria-label={t('tools', { number: doc.invoice.number })}>
          {printTo ? (
            <ShellButtonLink to={printTo} look="default" className="tap">
              {t('print')}
            </ShellButtonLink>
          ) : (
            <ShellButton look="default" className="tap" onClick={print}>
              {t('print')}
            </ShellButton>
          )}
          <ShellButton look="default" className="tap" onClick={() => downloadCsv(doc)}>
            {t('csv')}
          </ShellButton>
          {tools}
        </div>
      )}
      <InvoicePaper doc={doc} timeZone={timeZone} titleLevel={titleLevel} paymentAction={paymentAction} />
      {printing &&
        createPortal(
          <div className="invoice-print-copy">
            <InvoicePaper doc={doc} timeZone={timeZone} titleLevel={titleLevel} copy />
          </div>,
          document.body,
        )}
    </div>
  );
}

/**
 * `[printing, print]`: while printing, paper shows only the invoice's print copy (invoice.css,
 * `.invoice-printing`) and the browser's print dialog is open; it ends when the dialog closes.
 */
function usePrintOnly(): [boolean, () => void] {
  const [printing, setPrinting] = useState(false);
  useEffect(() => {
    if (!printing) return;
    const root = document.documentElement;
    const done = () => setPrinting(false);
    root.classList.add('invoice-printing');
    window.addEventListener('afterprint', done, { once: true });
    window.print();
    return () => {
      window.removeEventListener('afterprint', done);
      root.classList.remove('invoice-printing');
    };
  }, [printing]);
  // A browser that never said the last dialog closed: the copy is still there, print it again.
  return [printing, () => (printing ? window.print() : setPrinting(true))];
}

function downloadCsv(doc: InvoiceDocument) {
  const url = URL.createObjectURL(new Blob([invoiceCsv(doc)], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = invoiceCsvName(doc);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

const HEADINGS = ['h1', 'h2', 'h3', 'h4'] as const;

/** The invoice itself: on screen, and (`copy`, without ids or buttons) as the copy that prints. */
function InvoicePaper({
  doc,
  timeZone,
  titleLevel,
  paymentAction,
  copy = false,
}: {
  doc: InvoiceDocument;
  timeZone: string;
  titleLevel: 1 | 2 | 3;
  paymentAction?: ((payment: InvoicePayment) => ReactNode) | undefined;
  copy?: boolean;
}) {
  const t = useT(invoiceText);
  const locale = useLocale();
  const { invoice: inv, currency, competition } = doc;
  const id = useId();
  const Title = HEADINGS[titleLevel - 1]!;
  const Part = HEADINGS[titleLevel]!;
  const today = invoiceDay(new Date().toISOString(), timeZone, locale);
  return (
    <article
      className="invoice"
      aria-labelledby={copy ? undefined : `${id}-title`}
      data-testid={copy ? undefined : 'invoice'}
    >
      <header className="invoice-head">
        <div>
          <p className="invoice-competition">{competition.fullName}</p>
          <Title className="invoice-title" id={copy ? undefined : `${id}-title`}>
            {t('title', { number: inv.number })}
          </Title>
        </div>
        <dl className="invoice-facts">
          <Fact label={t('date')}>{today}</Fact>
          <Fact label={t('opened')}>{invoiceDay(inv.createdAt, timeZone, locale)}</Fact>
          <BalanceFact cents={inv.balanceCents} currency={currency} />
        </dl>
      </header>
      <dl className="invoice-to">
        <Fact label={inv.kind === 'team' ? t('team') : t('couple')} valueClass="invoice-name">
          {inv.name}
        </Fact>
        {inv.kind === 'couple' && inv.team && <Fact label={t('team')}>{inv.team}</Fact>}
      </dl>

      <section aria-label={copy ? undefined : t('charges')}>
        <Part className="invoice-part">{t('charges')}</Part>
        <Lines lines={inv.lines} invoice={inv} currency={currency} timeZone={timeZone} />
      </section>

      <section aria-label={copy ? undefined : t('payments')}>
        <Part className="invoice-part">{t('payments')}</Part>
        <Payments
          invoice={inv}
          currency={currency}
          timeZone={timeZone}
          action={copy ? undefined : paymentAction}
        />
      </section>

      <dl className="invoice-totals" data-testid={copy ? undefined : 'invoice-totals'}>
        <Fact label={t('charged')}>{money(inv.chargedCents, currency, locale)}</Fact>
        <Fact label={t('paid')}>{money(inv.paidCents, currency, locale)}</Fact>
        <BalanceFact cents={inv.balanceCents} currency={currency} />
      </dl>
      {inv.balanceCents < 0 && (
        <p className="invoice-note">{t('owed', { amount: money(-inv.balanceCents, currency, locale) })}</p>
      )}
    </article>
  );
}

/** One fact of a description list: its label, then its value. */
function Fact({
  label,
  valueClass,
  className,
  state,
  children,
}: {
  label: string;
  valueClass?: string;
  className?: string;
  state?: string;
  children: ReactNode;
}) {
  return (
    <div className={className} data-state={state}>
      <dt>{label}</dt>
      <dd className={valueClass}>{children}</dd>
    </div>
  );
}

/** What is due, in credit, or paid in full: at the top of the invoice and under its totals. */
function BalanceFact({ cents, currency }: { cents: number; currency: string }) {
  const { label, amount } = balanceWords(cents, currency, useLocale());
  const state = cents > 0 ? 'due' : cents < 0 ? 'credit' : 'settled';
  return (
    <Fact label={label} className="invoice-balance" state={state}>
      {amount}
    </Fact>
  );
}

function Lines({
  lines,
  invoice,
  currency,
  timeZone,
}: {
  lines: readonly InvoiceLine[];
  invoice: Invoice;
  currency: string;
  timeZone: string;
}) {
  const t = useT(invoiceText);
  const locale = useLocale();
  if (!lines.length) return <p className="invoice-empty">{t('noCharges')}</p>;
  const total = { label: t('charged'), amount: money(invoice.chargedCents, currency, locale) };
  return (
    <InvoiceTable head={t('item')} total={total}>
      {lines.map((l) => (
        <tr key={l.id} data-kind={l.kind}>
          <td>
            <span className="invoice-what">{l.description}</span>
            <span className="invoice-meta">
              {invoiceDay(l.createdAt, timeZone, locale)}
              {LINE_TAGS[l.kind] && <span className="invoice-tag">{t(LINE_TAGS[l.kind]!)}</span>}
            </span>
          </td>
          <td className="invoice-amount">{money(l.amountCents, currency, locale)}</td>
        </tr>
      ))}
    </InvoiceTable>
  );
}

/** A table of an invoice: what, then the amount (and a column of buttons on screen), then its total. */
function InvoiceTable({
  head,
  total,
  withActions = false,
  children,
}: {
  head: string;
  total: { label: string; amount: string };
  withActions?: boolean;
  children: ReactNode;
}) {
  const t = useT(invoiceText);
  return (
    <table className="invoice-table">
      <thead>
        <tr>
          <th scope="col">{head}</th>
          <th scope="col" className="invoice-amount">
            {t('amount')}
          </th>
          {withActions && (
            <th scope="col" className="invoice-action">
              <span className="invoice-hidden">{t('actions')}</span>
            </th>
          )}
        </tr>
      </thead>
      <tbody>{children}</tbody>
      <tfoot>
        <tr>
          <th scope="row">{total.label}</th>
          <td className="invoice-amount">{total.amount}</td>
          {withActions && <td />}
        </tr>
      </tfoot>
    </table>
  );
}

function Payments({
  invoice,
  currency,
  timeZone,
  action,
}: {
  invoice: Invoice;
  currency: string;
  timeZone: string;
  action: ((payment: InvoicePayment) => ReactNode) | undefined;
}) {
  const t = useT(invoiceText);
  const locale = useLocale();
  const { payments } = invoice;
  if (!payments.length) return <p className="invoice-empty">{t('noPayments')}</p>;
  const day = new Map(payments.map((p) => [p.id, invoiceDay(p.createdAt, timeZone, locale)]));
  return (
    <InvoiceTable
      head={t('payment')}
      total={{ label: t('paid'), amount: money(invoice.paidCents, currency, locale) }}
      withActions={action !== undefined}
    >
      {payments.map((p) => (
        <tr key={p.id} data-testid={`payment-${p.id}`} data-reversed={p.reversed || undefined}>
          <td>
            <span className="invoice-what">
              {t(`method.${p.method}`)}
              {p.reference && <span className="invoice-reference"> · {p.reference}</span>}
              {p.reverses !== null ? (
                <span className="invoice-tag">{t('correction', { date: day.get(p.reverses) })}</span>
              ) : p.amountCents < 0 ? (
                <span className="invoice-tag">{t('refund')}</span>
              ) : null}
              {p.reversed && <span className="invoice-tag invoice-tag-strong">{t('reversed')}</span>}
            </span>
            <span className="invoice-meta">
              {day.get(p.id)}
              {p.recordedBy && <> · {t('recordedBy', { who: signedBy(p.recordedBy) })}</>}
            </span>
          </td>
          <td className="invoice-amount">{money(p.amountCents, currency, locale)}</td>
          {action && <td className="invoice-action">{action(p)}</td>}
        </tr>
      ))}
    </InvoiceTable>
  );
}
