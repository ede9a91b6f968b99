import { SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { SetupSection } from './SetupSection.tsx';
import type { SetupValues } from './setupForm.ts';
import { setupText } from './text.ts';
import { useT } from '../../../i18n/locale.ts';

/** The links the public pages show, each a field of `socials`. */
const SOCIAL_FIELDS = [
  { name: 'website', label: 'socials.website', type: 'url', placeholder: null },
  { name: 'facebook', label: 'socials.facebook', type: 'url', placeholder: null },
  {
    name: 'instagram',
    label: 'socials.instagram',
    type: undefined,
    placeholder: 'socials.instagramPlaceholder',
  },
] as const;
const URL_PLACEHOLDERS = { website: 'https://', facebook: 'https://facebook.com/…' } as const;

/** Website and social links. */
export function SocialsSection({ form }: { form: UseFormReturnType<SetupValues> }) {
  const t = useT(setupText);
  return (
    <SetupSection id="setup-socials" title={t('socials.title')}>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {SOCIAL_FIELDS.map(({ name, label, type, placeholder }) => (
          <TextInput
            key={name}
            label={t(label)}
            type={type}
            placeholder={
              placeholder ? t(placeholder) : URL_PLACEHOLDERS[name as keyof typeof URL_PLACEHOLDERS]
            }
            {...form.getInputProps(`socials.${name}`)}
          />
        ))}
      </SimpleGrid>
    </SetupSection>
  );
}
