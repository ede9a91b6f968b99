import { Button, Modal, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import * as endpoints from '../../../../domain/schemas/endpoints.ts';
import type { Invoice, InvoicePayment } from '../../../../domain/schemas/money.ts';
import { ApiError, call } from '../../../api/client.ts';
import { useCompetition } from '../../../api/queries/competition.ts';
import { invoiceQuery } from '../../../api/queries/money.ts';
import { useCommand } from '../../../api/useCommand.ts';
import { ApiErrorAlert, CommandError } from '../../../components/ApiErrorAlert.tsx';
import { DialogActions } from '../../../components/DialogActions.tsx';
import { InvoiceView } from '../../../components/invoice/InvoiceView.tsx';
import { textValue } from '../../../components/textValue.ts';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { PageHeader } from '../PageHeader.tsx';
import { balanceIn, dayIn, methodInline, moneyRefresh, useMoney } from './moneyWords.tsx';
import { PaymentForm } from './PaymentForm.tsx';
import { moneyText } from './text.ts';
import { useLocale, useT } from '../../../i18n/locale.ts';

/**
 * /admin/money/invoices/{id}: one invoice at the desk — take a payment or give a refund, reverse a
 * payment recorded by mistake, print it or download it.
 */
export function InvoicePage() {
  const t = useT(moneyText);
  const money = useMoney();
  const locale = useLocale();
  const back = { to: '/admin/money', label: t('title') };
  const { invoiceId: param } = useParams();
  const invoiceId = param && /^[1-9]\d{0,9}$/.test(param) ? Number(param) : undefined;
  const { key, competition } = useCompetition();
  const read = useQuery(invoiceQuery(key, invoiceId));
  const doc = read.data;
  usePageTitle(doc ? t('invoiceNumber', { number: doc.invoice.number }) : t('invoice.title'));
  const [reversing, setReversing] = useState<InvoicePayment | null>(null);

  if (invoiceId === undefined || (read.error instanceof ApiError && read.error.status === 404))
    return (
      <Stack gap="md">
        <PageHeader title={t('invoice.notFound')} back={back} />
        <Text>{param ? t('invoice.noSuchNumber', { number: param }) : t('invoice.noSuch')}</Text>
      </Stack>
    );
  if (read.isError)
    return (
      <Stack gap="md">
        <PageHeader title={t('invoice.title')} back={back} />
        <ApiErrorAlert error={read.error} title={t('invoice.loadError')} />
      </Stack>
    );
  if (!doc || !key)
    return (
      <Stack gap="md" aria-busy="true">
        <PageHeader title={t('invoice.title')} back={back} />
        <Skeleton h={120} />
        <Skeleton h={420} />
      </Stack>
    );
  const inv = doc.invoice;
  const timeZone = competition?.timeZone ?? 'UTC';
  const balance = balanceIn(t, money, inv.balanceCents, doc.currency);
  return (
    <Stack gap="md">
      <PageHeader
        title={t('invoice.heading', { number: inv.number, name: inv.name })}
        back={back}
        description={`${inv.kind === 'team' ? t('invoice.team') : `${t('invoice.couple')}${inv.team ? ` · ${inv.team}` : ''}`} · ${balance.inline} ${balance.amount}`}
      />
      <PaymentForm competitionKey={key} invoice={inv} currency={doc.currency} />
      <InvoiceView
        doc={doc}
        timeZone={timeZone}
        printTo={`/print-sheets/invoices/${inv.id}`}
        paymentAction={(p) =>
          p.reverses === null && !p.reversed ? (
            <Button
              size="compact-sm"
              variant="subtle"
              color="red"
              onClick={() => setReversing(p)}
              aria-label={t('reverse.label', {
                method: methodInline(t, p.method),
                amount: money(p.amountCents, doc.currency),
                day: dayIn(p.createdAt, timeZone, locale),
              })}
            >
              {t('reverse.button')}
            </Button>
          ) : null
        }
      />
      <ReverseDialog
        competitionKey={key}
        invoice={inv}
        currency={doc.currency}
        timeZone={timeZone}
        payment={reversing}
        onClose={() => setReversing(null)}
      />
    </Stack>
  );
}

/**
 * A payment recorded by mistake is never edited: a correcting row of the opposite amount goes on the
 * invoice, the payment stays, marked reversed. Asks first, says what the balance becomes, takes a reason.
 */
function ReverseDialog({
  competitionKey,
  invoice,
  currency,
  timeZone,
  payment,
  onClose,
}: {
  competitionKey: string;
  invoice: Invoice;
  currency: string;
  timeZone: string;
  payment: InvoicePayment | null;
  onClose: () => void;
}) {
  const t = useT(moneyText);
  const money = useMoney();
  const locale = useLocale();
  const [reason, setReason] = useState('');
  const reverse = useCommand({
    run: (p: InvoicePayment) =>
      call(
        endpoints.postPaymentsReverse,
        { key: competitionKey, paymentId: p.id },
        reason.trim() ? { reason: reason.trim() } : {},
      ),
    refresh: moneyRefresh(competitionKey),
    success: ({ payment: row }) => ({
      message: t('reverse.done', { amount: money(row.amountCents, currency), number: invoice.number }),
    }),
    onSuccess: () => close(),
  });
  const close = () => {
    setReason('');
    reverse.reset();
    onClose();
  };
  const after = payment ? balanceIn(t, money, invoice.balanceCents + payment.amountCents, currency) : null;
  const refund = (payment?.amountCents ?? 0) < 0;
  const amount = payment ? money(Math.abs(payment.amountCents), currency) : '';
  return (
    <Modal
      opened={payment !== null}
      onClose={close}
      title={payment ? t(refund ? 'reverse.titleRefund' : 'reverse.titlePayment', { amount }) : ''}
    >
      {payment && after && (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void reverse.run(payment);
          }}
        >
          <Stack>
            <Text>
              {t(refund ? 'reverse.explainRefund' : 'reverse.explainPayment', {
                method: methodInline(t, payment.method),
                amount,
                day: dayIn(payment.createdAt, timeZone, locale),
                reference: payment.reference ? ` (${payment.reference})` : '',
                correction: money(-payment.amountCents, currency),
              })}{' '}
              {after.label}: <strong>{after.amount}</strong>.
            </Text>
            <TextInput
              label={t('reverse.reason')}
              description={t('reverse.reasonDescription')}
              placeholder={t('reverse.reasonPlaceholder')}
              maxLength={200}
              data-autofocus
              {...textValue(reason, setReason)}
            />
            <CommandError command={reverse} title={t('reverse.failed')} />
            <DialogActions onCancel={close}>
              <Button type="submit" color="red" loading={reverse.busy}>
                {t(refund ? 'reverse.submitRefund' : 'reverse.submitPayment')}
              </Button>
            </DialogActions>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
