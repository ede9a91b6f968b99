import {
  ActionIcon,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { PhotoInput } from '../../../components/PhotoInput.tsx';
import { SetupSection } from './SetupSection.tsx';
import { emptyOrganizer, type SetupValues } from './setupForm.ts';
import { setupText } from './text.ts';
import { useT } from '../../../i18n/locale.ts';

/** The remove button's mark (its name is its aria-label). */
const REMOVE_MARK = '✕';
/** The people who run the competition; removed only when saved. */
export function OrganizersSection({
  form,
  competitionKey,
}: {
  form: UseFormReturnType<SetupValues>;
  competitionKey: string;
}) {
  const t = useT(setupText);
  return (
    <SetupSection
      id="setup-organizers"
      title={t('organizers.title')}
      action={
        <Button variant="light" size="xs" onClick={() => form.insertListItem('organizers', emptyOrganizer())}>
          {t('organizers.add')}
        </Button>
      }
    >
      {form.values.organizers.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('organizers.empty')}
        </Text>
      ) : (
        <Stack gap="sm">
          {form.values.organizers.map((o, i) => (
            <Paper key={o.rowKey} withBorder p="sm" radius="sm" bg="var(--mantine-color-gray-0)">
              <Group justify="space-between" mb="xs">
                <Text fw={600} size="sm">
                  {o.name.trim() || t('organizers.fallback', { n: i + 1 })}
                </Text>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  onClick={() => form.removeListItem('organizers', i)}
                  aria-label={t('organizers.remove', { name: o.name.trim() || String(i + 1) })}
                  title={t('organizers.removeTitle')}
                >
                  <span aria-hidden="true">{REMOVE_MARK}</span>
                </ActionIcon>
              </Group>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <TextInput
                  label={t('organizers.name')}
                  required
                  {...form.getInputProps(`organizers.${i}.name`)}
                />
                <TextInput
                  label={t('organizers.role')}
                  placeholder={t('organizers.rolePlaceholder')}
                  {...form.getInputProps(`organizers.${i}.role`)}
                />
                <TextInput
                  label={t('organizers.email')}
                  type="email"
                  {...form.getInputProps(`organizers.${i}.email`)}
                />
                <PhotoInput
                  competitionKey={competitionKey}
                  value={o.photoURL}
                  onChange={(url) => form.setFieldValue(`organizers.${i}.photoURL`, url)}
                  error={form.errors[`organizers.${i}.photoURL`]}
                />
              </SimpleGrid>
              <Textarea
                label={t('organizers.bio')}
                autosize
                minRows={2}
                maxRows={6}
                mt="sm"
                {...form.getInputProps(`organizers.${i}.bio`)}
              />
            </Paper>
          ))}
        </Stack>
      )}
    </SetupSection>
  );
}
