import { SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { SetupSection } from './SetupSection.tsx';
import type { SetupValues } from './setupForm.ts';

/** Website and social links. */
export function SocialsSection({ form }: { form: UseFormReturnType<SetupValues> }) {
  return (
    <SetupSection id="setup-socials" title="Socials">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <TextInput
          label="Website"
          type="url"
          placeholder="https://"
          {...form.getInputProps('socials.website')}
        />
        <TextInput
          label="Facebook link"
          type="url"
          placeholder="https://facebook.com/…"
          {...form.getInputProps('socials.facebook')}
        />
        <TextInput
          label="Instagram handle"
          placeholder="@your_team"
          {...form.getInputProps('socials.instagram')}
        />
      </SimpleGrid>
    </SetupSection>
  );
}
