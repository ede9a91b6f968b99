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
import { formatShortDay } from '../../../components/format.ts';
import { currentLocale } from '../../../i18n/locale.ts';
import { WholeNumberInput } from '../../../components/WholeNumberInput.tsx';
import { emptyDiscount, MAX_DISCOUNTS } from './discounts.ts';
import { SetupSection } from './SetupSection.tsx';
import type { SetupValues } from './setupForm.ts';

/** Handing out numbers to couples who still owe, as the deck captain's check-in applies it. */
const CHECK_IN_RULES: { value: CheckInPaymentRule; label: string; description: string }[] = [
  {
    value: 'none',
    label: 'Check in whatever is owed',
    description: 'The deck captain sees what each couple owes beside its name, and nothing more.',
  },
  {
    value: 'warn',
    label: 'Warn before checking in a couple who owes',
    description: 'The deck captain is asked to confirm; the couple can still dance and pay later.',
  },
  {
    value: 'block',
    label: 'Block check-in until paid',
    description:
      'A couple (or its paying team) that owes anything cannot be checked in until the desk takes the payment.',
  },
];

/** What an empty refund deadline means, in the organizer's words. */
function closeDateWords(values: SetupValues, zone: string): string {
  const close = zonedInputToUtc(values.dateRegistrationClosed, zone);
  return close
    ? `the registration close date (${formatShortDay(close, zone, undefined, currentLocale())})`
    : 'no deadline: every entry removed is credited';
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
  const discounts = form.values.discounts;
  return (
    <SetupSection
      id="setup-fees"
      title="Fees, discounts and payment"
      lead={
        <>
          A change applies to what is billed from then on: lines already on an invoice stay as they were
          charged.
        </>
      }
    >
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <NumberInput
            label={`Admission fee (${currency})`}
            description="Per dancer, once per competition, on top of the entry fees; 0 for none"
            min={0}
            decimalScale={2}
            {...form.getInputProps('admissionFee')}
          />
          <TextInput
            label="Refund deadline"
            description={`Entries removed until the end of this day are credited; after it, nothing is. Empty = ${closeDateWords(form.values, zone)}.`}
            type="date"
            {...form.getInputProps('refundDeadline')}
          />
        </SimpleGrid>

        <Stack gap="xs" component="section" aria-labelledby="setup-discounts">
          <Group justify="space-between" align="flex-end">
            <div>
              <Title order={3} size="h5" id="setup-discounts">
                Discount categories
              </Title>
              <Text size="sm" c="dimmed">
                Percent off each entry fee (not admission) for the dancers you give the category, in
                Competitors → Edit. A new percent, or a category removed, reaches a dancer&apos;s invoice the
                next time their entries or discount change.
              </Text>
            </div>
            <Button
              variant="light"
              size="xs"
              disabled={discounts.length >= MAX_DISCOUNTS}
              title={discounts.length >= MAX_DISCOUNTS ? `At most ${MAX_DISCOUNTS} categories` : undefined}
              onClick={() => form.insertListItem('discounts', emptyDiscount())}
            >
              Add discount category
            </Button>
          </Group>
          {discounts.length === 0 ? (
            <Text size="sm" c="dimmed">
              No discount categories — add one (e.g. Student, 50%) to offer it to dancers.
            </Text>
          ) : (
            <Stack gap="xs">
              {discounts.map((d, i) => {
                const name = d.name.trim() || `category ${i + 1}`;
                return (
                  <Group key={d.rowKey} align="flex-start" gap="sm" wrap="nowrap">
                    <TextInput
                      label="Category name"
                      placeholder="e.g. Student"
                      style={{ flex: 1 }}
                      maxLength={200}
                      {...form.getInputProps(`discounts.${i}.name`)}
                    />
                    <WholeNumberInput
                      label="Percent off"
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
                      aria-label={`Remove discount category ${name}`}
                      title="Remove (takes effect when you save)"
                    >
                      <span aria-hidden="true">✕</span>
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
          label="Checking in couples who owe"
          description="How the deck captain's check-in treats a couple whose invoice (or whose paying team's) is not paid"
          {...form.getInputProps('checkInPayment')}
        >
          <Stack gap="sm" mt="xs">
            {CHECK_IN_RULES.map((r) => (
              <Radio key={r.value} value={r.value} label={r.label} description={r.description} />
            ))}
          </Stack>
        </Radio.Group>
      </Stack>
    </SetupSection>
  );
}
