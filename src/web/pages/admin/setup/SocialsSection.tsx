import { SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { SetupSection } from './SetupSection.tsx';
import type { SetupValues } from './setupForm.ts';

/** The links the public pages show, each a field of `socials`. */
const SOCIAL_FIELDS = [
  { name: 'website', label: 'Website', type: 'url', placeholder: 'https://' },
  { name: 'facebook', label: 'Facebook link', type: 'url', placeholder: 'https://facebook.com/…' },
  { name: 'instagram', label: 'Instagram handle', type: undefined, placeholder: '@your_team' },
] as const;

/** Website and social links. */
export function SocialsSection({ form }: { form: UseFormReturnType<SetupValues> }) {
  return (
    <SetupSection id="setup-socials" title="Socials">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {SOCIAL_FIELDS.map(({ name, ...field }) => (
          <TextInput key={name} {...field} {...form.getInputProps(`socials.${name}`)} />
        ))}
      </SimpleGrid>
    </SetupSection>
  );
}
