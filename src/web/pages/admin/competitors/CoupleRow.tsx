import * as endpoints from '../../../../domain/schemas/endpoints.ts';
import { Anchor, Badge, Button, Group, Menu, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { memo, useEffect, useState } from 'react';
import { Link } from '../../../components/Link.tsx';
import { call } from '../../../api/client.ts';
import { useCommand } from '../../../api/useCommand.ts';
import { CommandError, describeError } from '../../../components/ApiErrorAlert.tsx';
import { formatMoney } from '../../../components/format.ts';
import type { AdminCompetitor, AdminRegistration } from '../../../../domain/schemas/registration.ts';
import { entriesKey } from './entriesKey.ts';
import { WholeNumberInput } from '../../../components/WholeNumberInput.tsx';
import { paymentMethods, type PaymentMethod } from '../../../../domain/schemas/money.ts';
import en from './locales/en.json' with { type: 'json' };
import { competitorsText, type CompetitorsKey } from './text.ts';
import { useLocale, useT } from '../../../i18n/locale.ts';
import type { Translate } from '../../../../domain/i18n/catalog.ts';

/** Paid up (or in credit), part paid, or nothing paid, by the account that bills the couple. */
export function feeStatus(r: AdminRegistration): 'paid' | 'part' | 'owes' {
  const balance = r.account?.balanceCents ?? 0;
  if (balance <= 0) return 'paid';
  return r.amountPaid > 0 || r.account?.kind === 'team' ? 'part' : 'owes';
}

/** A registration's fee tier in the reader's language ("Early", "Regular", "Late"); another as stored. */
function tierName(t: Translate<CompetitorsKey>, tier: string): string {
  const key = `tier.${tier}`;
  return Object.hasOwn(en, key) ? t(key as CompetitorsKey) : tier;
}

/** One couple; memoised so typing in the search box does not re-render every row of a big table. */
export const CoupleRow = memo(function CoupleRow({
  r,
  competitionKey,
  currency,
  onEdit,
}: {
  r: AdminRegistration;
  competitionKey: string;
  currency: string;
  onEdit: (r: AdminRegistration) => void;
}) {
  const t = useT(competitorsText);
  const locale = useLocale();
  const money = (amount: number) => formatMoney(amount, currency, locale);
  const refresh = [entriesKey(competitionKey)];
  const [number, setNumber] = useState<number | string>(r.lead.number ?? '');
  const [numberError, setNumberError] = useState<string | null>(null);
  // A number changed elsewhere (another admin, the live feed) replaces what the field shows.
  useEffect(() => setNumber(r.lead.number ?? ''), [r.lead.number]);
  const saveNumber = useCommand({
    run: (n: number) =>
      call(
        endpoints.patchCompetitorsOne,
        { key: competitionKey, id: r.lead.id },
        { number: n, version: r.lead.version },
      ),
    refresh,
    success: (_d, n) => ({ message: t('row.numberSaved', { name: r.lead.name, number: n }) }),
    onSuccess: () => setNumberError(null),
    // The field says what is wrong with the number it holds.
    onError: (e) => {
      setNumberError(describeError(e));
      return true;
    },
  });
  const scratch = useCommand({
    run: (v: { id: number; scratched: boolean; version: number }) =>
      call(
        endpoints.patchEntriesOne,
        { key: competitionKey, entryId: v.id },
        { scratched: v.scratched, version: v.version },
      ),
    refresh,
    success: (_d, v) => ({ message: v.scratched ? t('row.scratched') : t('row.reinstated') }),
  });
  // The desk's quick way: what the couple's own invoice still owes, paid in full by one method.
  const pay = useCommand({
    run: (v: { invoiceId: number; amountCents: number; method: PaymentMethod }) =>
      call(endpoints.postPayments, { key: competitionKey }, v),
    refresh,
    success: (_d, v) => ({
      message: t('row.paidMessage', {
        amount: money(v.amountCents / 100),
        method: t(`methodInline.${v.method}`),
        lead: r.lead.name,
        follow: r.follow.name,
      }),
    }),
  });
  const status = feeStatus(r);
  const owing = r.account?.kind === 'couple' && r.account.balanceCents > 0 ? r.account : null;
  const dirty = number !== '' && Number(number) !== r.lead.number;
  return (
    <Table.Tr>
      <Table.Td>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (dirty) void saveNumber.run(Number(number));
          }}
        >
          <WholeNumberInput
            size="xs"
            value={number}
            onChange={setNumber}
            min={1}
            max={99999}
            hideControls
            aria-label={t('row.numberOf', { name: r.lead.name })}
            error={numberError}
            rightSection={
              dirty ? (
                <Button type="submit" size="compact-xs" variant="subtle" loading={saveNumber.busy}>
                  {t('row.save')}
                </Button>
              ) : undefined
            }
            rightSectionWidth={dirty ? 48 : undefined}
          />
        </form>
      </Table.Td>
      <Table.Td>
        <Person p={r.lead} />
      </Table.Td>
      <Table.Td>
        <Person p={r.follow} />
      </Table.Td>
      <Table.Td>{r.affiliation}</Table.Td>
      <Table.Td>
        <Stack gap={0} align="flex-start">
          {r.entries.map((e) => (
            <Menu key={e.id} position="bottom-start">
              <Menu.Target>
                <UnstyledButton
                  fz="sm"
                  c={e.scratched ? 'dimmed' : undefined}
                  td={e.scratched ? 'line-through' : undefined}
                  aria-label={e.scratched ? t('row.scratchedLabel', { event: e.eventName }) : e.eventName}
                  className="competitors-event"
                >
                  {e.eventName}
                </UnstyledButton>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Label>{e.eventName}</Menu.Label>
                <Menu.Item
                  onClick={() => void scratch.run({ id: e.id, scratched: !e.scratched, version: e.version })}
                >
                  {e.scratched ? t('row.unscratch') : t('row.scratch')}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          ))}
          <CommandError command={scratch} title={t('row.notSaved')} />
        </Stack>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Stack gap={2} align="flex-start">
          <Text size="sm">
            {money(r.amountDue)} · {tierName(t, r.tier)}
          </Text>
          {/* Whole, never "OWES $…": a squeezed column cannot shrink the amount owed. */}
          {status === 'paid' ? (
            <Badge color="green" variant="light" miw="max-content">
              {t('row.paidBadge')}
            </Badge>
          ) : (
            <Badge color={status === 'part' ? 'yellow' : 'red'} variant="light" miw="max-content">
              {t('row.owes', { amount: money((r.account?.balanceCents ?? 0) / 100) })}
            </Badge>
          )}
        </Stack>
      </Table.Td>
      <Table.Td className="row-actions">
        <Group gap={4} wrap="nowrap" justify="flex-end">
          {r.account && (
            <Button
              component={Link}
              to={`../money/invoices/${r.account.invoiceId}`}
              size="compact-sm"
              variant="light"
            >
              {r.account.kind === 'team'
                ? t('row.teamInvoice', { number: r.account.number })
                : t('row.invoice', { number: r.account.number })}
            </Button>
          )}
          {owing && (
            <Menu position="bottom-end">
              <Menu.Target>
                <Button size="compact-sm" variant="light" loading={pay.busy}>
                  {t('row.markPaid')}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Label>{t('row.paidBy', { amount: money(owing.balanceCents / 100) })}</Menu.Label>
                {paymentMethods.map((method) => (
                  <Menu.Item
                    key={method}
                    onClick={() =>
                      void pay.run({ invoiceId: owing.invoiceId, amountCents: owing.balanceCents, method })
                    }
                  >
                    {t(`method.${method}`)}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
          )}
          <Button size="compact-sm" variant="default" onClick={() => onEdit(r)}>
            {t('row.edit')}
          </Button>
        </Group>
        <CommandError command={pay} title={t('row.notSaved')} />
      </Table.Td>
    </Table.Tr>
  );
});

function Person({ p }: { p: AdminCompetitor }) {
  return (
    <div>
      <Anchor component={Link} to={`/competitors/${p.id}`} size="sm" fw={500}>
        {p.name}
      </Anchor>
      <Text size="xs" c="dimmed">
        {p.email}
      </Text>
    </div>
  );
}
