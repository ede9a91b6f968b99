import { Button, Group, Input, Paper, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { centsFromText, type AmountProblem } from '../../../../domain/money/amountText.ts';
import { MAX_AMOUNT_CENTS } from '../../../../domain/money/feeRules.ts';
import type { Translate } from '../../../../domain/i18n/catalog.ts';
import * as endpoints from '../../../../domain/schemas/endpoints.ts';
import { paymentMethods, type Invoice, type PaymentMethod } from '../../../../domain/schemas/money.ts';
import { ApiError, call } from '../../../api/client.ts';
import { useCommand } from '../../../api/useCommand.ts';
import { CommandError } from '../../../components/ApiErrorAlert.tsx';
import { textValue } from '../../../components/textValue.ts';
import { detailIssues } from '../../../shared/formErrors.ts';
import { methodInline, methodWords, moneyRefresh, useMoney } from './moneyWords.tsx';
import { moneyText, type MoneyKey } from './text.ts';
import { useT } from '../../../i18n/locale.ts';

type Direction = 'payment' | 'refund';
type Field = 'amountCents' | 'method' | 'reference';
type FieldProblems = Partial<Record<Field, string>>;

/** What the amount reader says (domain/money/amountText.ts), by its code. */
const AMOUNT_PROBLEMS: Record<AmountProblem, MoneyKey> = {
  empty: 'amount.empty',
  sign: 'amount.sign',
  figures: 'amount.figures',
  cents: 'amount.cents',
  tooLarge: 'amount.tooLarge',
};

/**
 * The server's refusal, on the field it names: a 400's details are Zod's issues (`[{path, code, …}]`)
 * or the account's own rule (`{problems: [{path: 'amountCents', code: 'refund_over_paid', paidCents}]}`).
 * Worded by field and code in the reader's language, never by the server's English sentence: the
 * amount's own rules (not zero, not too large) say nothing but `custom`, so the amount sent words them.
 */
function fieldProblems(
  error: unknown,
  sentCents: number,
  t: Translate<MoneyKey>,
  /** An amount as the reader writes money. */
  paid: (cents: number) => string,
): FieldProblems | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const details = error.details as { problems?: unknown } | undefined;
  const out: FieldProblems = {};
  if (Array.isArray(details?.problems)) {
    for (const p of details.problems as {
      path?: unknown;
      code?: unknown;
      paidCents?: unknown;
      message?: unknown;
    }[]) {
      if (p.path !== 'amountCents') continue;
      if (p.code === 'refund_over_paid' && typeof p.paidCents === 'number')
        out.amountCents ??=
          p.paidCents > 0 ? t('amount.refundOverPaid', { paid: paid(p.paidCents) }) : t('amount.nothingPaid');
      // A rule this screen has no words for: the server's own.
      else if (typeof p.message === 'string') out.amountCents ??= p.message;
    }
  }
  for (const i of detailIssues(error.details)) {
    const field = i.path[0] as Field;
    if (field === 'amountCents' && i.issueCode === 'custom')
      out.amountCents ??=
        sentCents === 0 ? t('amount.zero') : t('amount.overMax', { max: paid(MAX_AMOUNT_CENTS) });
    else if ((['amountCents', 'method', 'reference'] as string[]).includes(field)) out[field] ??= i.message;
  }
  return Object.keys(out).length ? out : null;
}

/**
 * The desk takes money for an invoice, or gives some back. The amount is typed as a person says it
 * ("12.5") and sent as exact cents (1250); Payment or Refund gives its sign. Whether it may be
 * recorded (not zero, not absurd, a refund within what was paid) is the server's answer, shown on the
 * field it is about.
 */
export function PaymentForm({
  competitionKey,
  invoice,
  currency,
}: {
  competitionKey: string;
  invoice: Invoice;
  currency: string;
}) {
  const t = useT(moneyText);
  const money = useMoney();
  const [direction, setDirection] = useState<Direction>('payment');
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<PaymentMethod>('cash');
  const [reference, setReference] = useState('');
  const [problems, setProblems] = useState<FieldProblems>({});
  const reading = centsFromText(amount);
  const cents = 'cents' in reading ? reading.cents : null;

  const record = useCommand({
    run: (body: { amountCents: number; method: PaymentMethod; reference: string }) =>
      call(
        endpoints.postPayments,
        { key: competitionKey },
        {
          invoiceId: invoice.id,
          amountCents: body.amountCents,
          method: body.method,
          ...(body.reference ? { reference: body.reference } : {}),
        },
      ),
    refresh: moneyRefresh(competitionKey),
    success: ({ payment }) => ({
      message: t(payment.amountCents < 0 ? 'payment.refundRecorded' : 'payment.paymentRecorded', {
        amount: money(Math.abs(payment.amountCents), currency),
        method: methodInline(t, payment.method),
        number: invoice.number,
      }),
    }),
    onSuccess: () => {
      setAmount('');
      setReference('');
      setProblems({});
    },
    onError: (error, body) => {
      const found = fieldProblems(error, body.amountCents, t, (c) => money(c, currency));
      if (!found) return false;
      setProblems(found);
      return true;
    },
  });

  const submit = () => {
    setProblems({});
    record.reset();
    if (cents === null) {
      if ('problem' in reading) setProblems({ amountCents: t(AMOUNT_PROBLEMS[reading.problem]) });
      return;
    }

    void record.run({
      amountCents: direction === 'refund' ? -cents : cents,
      method,
      reference: reference.trim(),
    });
  };

  const refund = direction === 'refund';
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="record-payment">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <Group justify="space-between" align="baseline">
            <Title order={2} size="h4" id="record-payment">
              {t('payment.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('payment.paidSoFar', { amount: money(invoice.paidCents, currency) })}
            </Text>
          </Group>
          <Group gap="sm" align="flex-start" wrap="wrap">
            <Input.Wrapper label={t('payment.kind')} labelElement="div" labelProps={{ id: 'payment-kind' }}>
              <SegmentedControl
                aria-labelledby="payment-kind"
                value={direction}
                onChange={(v) => setDirection(v as Direction)}
                data={[
                  { value: 'payment', label: t('payment.payment') },
                  { value: 'refund', label: t('payment.refund') },
                ]}
                display="flex"
              />
            </Input.Wrapper>
            <TextInput
              label={t('payment.amount', { currency })}
              inputMode="decimal"
              autoComplete="off"
              w={150}
              error={problems.amountCents}
              {...textValue(amount, (v) => {
                setAmount(v);
                if (problems.amountCents) setProblems((p) => ({ ...p, amountCents: undefined }));
              })}
            />
            <Input.Wrapper
              label={t('payment.method')}
              labelElement="div"
              labelProps={{ id: 'payment-method' }}
              error={problems.method}
            >
              <SegmentedControl
                aria-labelledby="payment-method"
                value={method}
                onChange={(v) => setMethod(v as PaymentMethod)}
                data={paymentMethods.map((m) => ({ value: m, label: methodWords(t, m) }))}
                display="flex"
              />
            </Input.Wrapper>
            <TextInput
              label={t('payment.reference')}
              placeholder={t('payment.referencePlaceholder')}
              w={240}
              maxLength={200}
              error={problems.reference}
              {...textValue(reference, setReference)}
            />
          </Group>
          <Group gap="sm">
            <Button type="submit" loading={record.busy} color={refund ? 'orange' : undefined}>
              {cents
                ? t(refund ? 'payment.recordRefundOf' : 'payment.recordPaymentOf', {
                    amount: money(cents, currency),
                  })
                : t(refund ? 'payment.recordRefund' : 'payment.recordPayment')}
            </Button>
            {refund && (
              <Text size="sm" c="dimmed">
                {t('payment.refundHint')}
              </Text>
            )}
          </Group>
          <CommandError
            command={record}
            title={t(refund ? 'payment.refundFailed' : 'payment.paymentFailed')}
          />
        </Stack>
      </form>
    </Paper>
  );
}
