import { formatShortDay } from '../../../components/format.ts';
import {
  ActionIcon,
  Button,
  Group,
  NumberInput,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { CheckInPaymentRule } from '../../../../domain/schemas/money.ts';
import { zonedInputToUtc } from '../../../../domain/time.ts';
import type { Locale } from '../../../../domain/i18n/locales.ts';
import { WholeNumberInput } from '../../../components/WholeNumberInput.tsx';
import { emptyDiscount, MAX_DISCOUNTS } from './discounts.ts';
import { SetupSection } from './SetupSection.tsx';
import type { SetupValues } from './setupForm.ts';
import { setupText } from './text.ts';
import { useLocale, useT } from '../../../i18n/locale.ts';
import type { SetupKey } from './text.ts';
import type { Translate } from '../../../../domain/i18n/catalog.ts';

/** The remove button's mark (its name is its aria-label). */
const REMOVE_MARK = '✕';
/** Handing out numbers to couples who still owe, as the deck captain's check-in applies it. */
const CHECK_IN_RULES = [
  { value: 'none', label: 'checkIn.none', description: 'checkIn.noneHelp' },
  { value: 'warn', label: 'checkIn.warn', description: 'checkIn.warnHelp' },
  { value: 'block', label: 'checkIn.block', description: 'checkIn.blockHelp' },
] as const satisfies readonly { value: CheckInPaymentRule; label: SetupKey; description: SetupKey }[];

/** What an empty refund deadline means, in the organizer's words. */
function closeDateWords(
  values: SetupValues,
  zone: string,
  t: Translate<'fees.refundClose' | 'fees.refundNone'>,
  locale: Locale,
): string {
  const close = zonedInputToUtc(values.dateRegistrationClosed, zone);
  return close
    ? t('fees.refundClose', { date: formatShortDay(close, zone, undefined, locale) })
    : t('fees.refundNone');
}

/** Admission, the refund deadline, discount categories and the check-in rule (entry fees are per tier above). */
export function FeesSection({
  form,
  zone,
  currency,
}: {
  form: UseFormReturnType<SetupValues>;
  zone: string;
  currency: string;
}) {
  const t = useT(setupText);
  const locale = useLocale();
  const discounts = form.values.discounts;
  return (
    <SetupSection id="setup-fees" title={t('fees.title')} lead={t('fees.lead')}>
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <NumberInput
            label={t('fees.admission', { currency })}
            description={t('fees.admissionHelp')}
            min={0}
            decimalScale={2}
            {...form.getInputProps('admissionFee')}
          />
          <TextInput
            label={t('fees.refund')}
            description={t('fees.refundHelp', { empty: closeDateWords(form.values, zone, t, locale) })}
            type="date"
            {...form.getInputProps('refundDeadline')}
          />
        </SimpleGrid>

        <Stack gap="xs" component="section" aria-labelledby="setup-discounts">
          <Group justify="space-between" align="flex-end">
            <div>
              <Title order={3} size="h5" id="setup-discounts">
                {t('discounts.title')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('discounts.lead')}
              </Text>
            </div>
            <Button
              variant="light"
              size="xs"
              disabled={discounts.length >= MAX_DISCOUNTS}
              title={
                discounts.length >= MAX_DISCOUNTS ? t('discounts.max', { max: MAX_DISCOUNTS }) : undefined
              }
              onClick={() => form.insertListItem('discounts', emptyDiscount())}
            >
              {t('discounts.add')}
            </Button>
          </Group>
          {discounts.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('discounts.empty')}
            </Text>
          ) : (
            <Stack gap="xs">
              {discounts.map((d, i) => {
                const name = d.name.trim() || t('discounts.fallbackName', { n: i + 1 });
                return (
                  <Group key={d.rowKey} align="flex-start" gap="sm" wrap="nowrap">
                    <TextInput
                      label={t('discounts.name')}
                      placeholder={t('discounts.namePlaceholder')}
                      style={{ flex: 1 }}
                      maxLength={200}
                      {...form.getInputProps(`discounts.${i}.name`)}
                    />
                    <WholeNumberInput
                      label={t('discounts.percent')}
                      suffix="%"
                      w={120}
                      // Out-of-range values stay as typed so the form says what is wrong with them.
                      clampBehavior="none"
                      {...form.getInputProps(`discounts.${i}.percent`)}
                    />
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size={36}
                      mt={25}
                      onClick={() => form.removeListItem('discounts', i)}
                      aria-label={t('discounts.remove', { name })}
                      title={t('discounts.removeTitle')}
                    >
                      <span aria-hidden="true">{REMOVE_MARK}</span>
                    </ActionIcon>
                  </Group>
                );
              })}
            </Stack>
          )}
          {typeof form.errors.discounts === 'string' && (
            <Text c="red" size="sm" role="alert">
              {form.errors.discounts}
            </Text>
          )}
        </Stack>

        <Radio.Group
          label={t('checkIn.label')}
          description={t('checkIn.help')}
          {...form.getInputProps('checkInPayment')}
        >
          <Stack gap="sm" mt="xs">
            {CHECK_IN_RULES.map((r) => (
              <Radio key={r.value} value={r.value} label={t(r.label)} description={t(r.description)} />
            ))}
          </Stack>
        </Radio.Group>
      </Stack>
    </SetupSection>
  );
}
