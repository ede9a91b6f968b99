import { NumberInput, SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { SetupSection } from './SetupSection.tsx';
import type { SetupValues } from './setupForm.ts';

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
          Times are in the competition&apos;s time zone ({zone}). Leave a date empty if that tier is not used.
        </>
      }
    >
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <TextInput
          label="Early registration opens"
          type="datetime-local"
          {...form.getInputProps('dateRegistrationEarly')}
        />
        <TextInput
          label="Open registration starts"
          type="datetime-local"
          {...form.getInputProps('dateRegistrationOpen')}
        />
        <TextInput
          label="Registration closes"
          type="datetime-local"
          {...form.getInputProps('dateRegistrationClosed')}
        />
        <NumberInput
          label={`Early fee (${currency})`}
          min={0}
          decimalScale={2}
          {...form.getInputProps('paymentTierEarly')}
        />
        <NumberInput
          label={`Open fee (${currency})`}
          min={0}
          decimalScale={2}
          {...form.getInputProps('paymentTierOpen')}
        />
        <NumberInput
          label={`Late fee (${currency})`}
          min={0}
          decimalScale={2}
          {...form.getInputProps('paymentTierLate')}
        />
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
