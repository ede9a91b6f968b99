import { NumberInput, SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { SetupSection } from './SetupSection.tsx';
import type { SetupValues } from './setupForm.ts';

/** Deadlines (domain/registration.ts): each fee applies until its date; late entries until the close. */
const DATES = [
  ['Early registration until', 'dateRegistrationEarly'],
  ['Open registration until', 'dateRegistrationOpen'],
  ['Registration closes', 'dateRegistrationClosed'],
] as const;

const FEES = [
  ['Early', 'paymentTierEarly'],
  ['Open', 'paymentTierOpen'],
  ['Late', 'paymentTierLate'],
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
  return (
    <SetupSection
      id="setup-registration"
      title="Registration and fees"
      lead={
        <>
          Times are in the competition&apos;s time zone ({zone}). Each fee is per dancer per event (an event
          may have its own fee, set under Events) and applies until its date; after the open fee&apos;s date
          the site shows registration as closed and takes late entries at the late fee until registration
          closes. Leave a date empty if that tier is not used.
        </>
      }
    >
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {DATES.map(([label, field]) => (
          <TextInput key={field} label={label} type="datetime-local" {...form.getInputProps(field)} />
        ))}
        {FEES.map(([tier, field]) => (
          <NumberInput
            key={field}
            label={`${tier} fee (${currency})`}
            min={0}
            decimalScale={2}
            {...form.getInputProps(field)}
          />
        ))}
        <TextInput
          label="Currency"
          description="3-letter code, e.g. USD"
          maxLength={3}
          {...form.getInputProps('currency')}
          onChange={(e) => form.setFieldValue('currency', e.currentTarget.value.toUpperCase())}
        />
      </SimpleGrid>
    </SetupSection>
  );
}
