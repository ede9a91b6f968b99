import { Paper, SimpleGrid, TextInput, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { SetupValues } from './setupForm.ts';

/** Website and social links. */
export function SocialsSection({ form }: { form: UseFormReturnType<SetupValues> }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="setup-socials">
      <Title order={2} size="h4" id="setup-socials" mb="sm">
        Socials
      </Title>
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
    </Paper>
  );
}
