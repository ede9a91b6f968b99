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
import {
  balanceWords,
  invoiceDay,
  InvoiceView,
  METHOD_WORDS,
  money,
} from '../../../components/invoice/InvoiceView.tsx';
import { textValue } from '../../../components/textValue.ts';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { PageHeader } from '../PageHeader.tsx';
import { moneyRefresh } from './moneyWords.tsx';
import { PaymentForm } from './PaymentForm.tsx';

const back = { to: '/admin/money', label: 'Money' };

/**
 * /admin/money/invoices/{id}: one invoice at the desk — take a payment or give a refund, reverse a
 * payment recorded by mistake, print it or download it.
 */
export function InvoicePage() {
  const { invoiceId: param } = useParams();
  const invoiceId = param && /^[1-9]\d{0,9}$/.test(param) ? Number(param) : undefined;
  const { key, competition } = useCompetition();
  const read = useQuery(invoiceQuery(key, invoiceId));
  const doc = read.data;
  usePageTitle(doc ? `Invoice ${doc.invoice.number}` : 'Invoice');
  const [reversing, setReversing] = useState<InvoicePayment | null>(null);

  if (invoiceId === undefined || (read.error instanceof ApiError && read.error.status === 404))
    return (
      <Stack gap="md">
        <PageHeader title="Invoice not found" back={back} />
        <Text>
          There is no invoice {param ? `#${param} ` : ''}in this competition. Find it by name or number under
          Money.
        </Text>
      </Stack>
    );
  if (read.isError)
    return (
      <Stack gap="md">
        <PageHeader title="Invoice" back={back} />
        <ApiErrorAlert error={read.error} title="The invoice could not load" />
      </Stack>
    );
  if (!doc || !key)
    return (
      <Stack gap="md" aria-busy="true">
        <PageHeader title="Invoice" back={back} />
        <Skeleton h={120} />
        <Skeleton h={420} />
      </Stack>
    );
  const inv = doc.invoice;
  const timeZone = competition?.timeZone ?? 'UTC';
  const balance = balanceWords(inv.balanceCents, doc.currency);
  return (
    <Stack gap="md">
      <PageHeader
        title={`Invoice ${inv.number} — ${inv.name}`}
        back={back}
        description={`${inv.kind === 'team' ? 'Team invoice' : `Couple${inv.team ? ` · ${inv.team}` : ''}`} · ${balance.label.toLowerCase()} ${balance.amount}`}
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
              aria-label={`Reverse the ${METHOD_WORDS[p.method].toLowerCase()} payment of ${money(p.amountCents, doc.currency)} on ${invoiceDay(p.createdAt, timeZone)}`}
            >
              Reverse
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
      message: `Reversed: a correction of ${money(row.amountCents, currency)} is on invoice ${invoice.number}.`,
    }),
    onSuccess: () => close(),
  });
  const close = () => {
    setReason('');
    reverse.reset();
    onClose();
  };
  const after = payment ? balanceWords(invoice.balanceCents + payment.amountCents, currency) : null;
  const what = payment
    ? `${payment.amountCents < 0 ? 'refund' : 'payment'} of ${money(Math.abs(payment.amountCents), currency)}`
    : '';
  return (
    <Modal opened={payment !== null} onClose={close} title={`Reverse the ${what}?`}>
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
              The {METHOD_WORDS[payment.method].toLowerCase()} {what} of{' '}
              {invoiceDay(payment.createdAt, timeZone)}
              {payment.reference ? ` (${payment.reference})` : ''} stays on the invoice, marked reversed, and
              a correction of {money(-payment.amountCents, currency)} is added. {after.label}:{' '}
              <strong>{after.amount}</strong>.
            </Text>
            <TextInput
              label="Reason"
              description="Kept with the correction: why the payment was wrong."
              placeholder="Typed twice, wrong invoice…"
              maxLength={200}
              data-autofocus
              {...textValue(reason, setReason)}
            />
            <CommandError command={reverse} title="Not reversed" />
            <DialogActions onCancel={close}>
              <Button type="submit" color="red" loading={reverse.busy}>
                Reverse {payment.amountCents < 0 ? 'refund' : 'payment'}
              </Button>
            </DialogActions>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
