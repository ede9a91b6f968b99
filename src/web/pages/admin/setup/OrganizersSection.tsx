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

/** The people who run the competition; removed only when saved. */
export function OrganizersSection({
  form,
  competitionKey,
}: {
  form: UseFormReturnType<SetupValues>;
  competitionKey: string;
}) {
  return (
    <SetupSection
      id="setup-organizers"
      title="Organizers"
      action={
        <Button variant="light" size="xs" onClick={() => form.insertListItem('organizers', emptyOrganizer())}>
          Add organizer
        </Button>
      }
    >
      {form.values.organizers.length === 0 ? (
        <Text c="dimmed" size="sm">
          No organizers listed yet — add the people who run the competition so competitors know whom to ask.
        </Text>
      ) : (
        <Stack gap="sm">
          {form.values.organizers.map((o, i) => (
            <Paper key={o.rowKey} withBorder p="sm" radius="sm" bg="var(--mantine-color-gray-0)">
              <Group justify="space-between" mb="xs">
                <Text fw={600} size="sm">
                  {o.name.trim() || `Organizer ${i + 1}`}
                </Text>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  onClick={() => form.removeListItem('organizers', i)}
                  aria-label={`Remove organizer ${o.name.trim() || i + 1}`}
                  title="Remove (takes effect when you save)"
                >
                  <span aria-hidden="true">✕</span>
                </ActionIcon>
              </Group>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <TextInput label="Name" required {...form.getInputProps(`organizers.${i}.name`)} />
                <TextInput
                  label="Role"
                  placeholder="e.g. Chair"
                  {...form.getInputProps(`organizers.${i}.role`)}
                />
                <TextInput label="Email" type="email" {...form.getInputProps(`organizers.${i}.email`)} />
                <PhotoInput
                  competitionKey={competitionKey}
                  value={o.photoURL}
                  onChange={(url) => form.setFieldValue(`organizers.${i}.photoURL`, url)}
                  error={form.errors[`organizers.${i}.photoURL`]}
                />
              </SimpleGrid>
              <Textarea
                label="Bio"
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
