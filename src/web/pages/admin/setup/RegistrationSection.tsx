import { NumberInput, SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { SetupSection } from './SetupSection.tsx';
import type { SetupValues } from './setupForm.ts';
import { setupText } from './text.ts';
import { useT } from '../../../i18n/locale.ts';

/** Deadlines (domain/registration.ts): each fee applies until its date; late entries until the close. */
const DATES = [
  ['registration.early', 'dateRegistrationEarly'],
  ['registration.open', 'dateRegistrationOpen'],
  ['registration.closes', 'dateRegistrationClosed'],
] as const;

const FEES = [
  ['registration.feeEarly', 'paymentTierEarly'],
  ['registration.feeOpen', 'paymentTierOpen'],
  ['registration.feeLate', 'paymentTierLate'],
] as const;

/** Registration dates (in the competition's zone) and the fee of each tier. */
export function RegistrationSection({
  form,
  zone,
  currency,
}: {
  form: UseFormReturnType<SetupValues>;
  zone: string;
  currency: string;
}) {
  const t = useT(setupText);
  return (
    <SetupSection
      id="setup-registration"
      title={t('registration.title')}
      lead={t('registration.lead', { zone })}
    >
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {DATES.map(([label, field]) => (
          <TextInput key={field} label={t(label)} type="datetime-local" {...form.getInputProps(field)} />
        ))}
        {FEES.map(([label, field]) => (
          <NumberInput
            key={field}
            label={t(label, { currency })}
            min={0}
            decimalScale={2}
            {...form.getInputProps(field)}
          />
        ))}
        <TextInput
          label={t('registration.currency')}
          description={t('registration.currencyHelp')}
          maxLength={3}
          {...form.getInputProps('currency')}
          onChange={(e) => form.setFieldValue('currency', e.currentTarget.value.toUpperCase())}
        />
      </SimpleGrid>
    </SetupSection>
  );
}
