import { Alert, Anchor, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link } from '../../../components/Link.tsx';
import { useCompetition } from '../../../api/queries/competition.ts';
import { useEvents } from '../../../api/queries/events.ts';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { Confirmation, type Registered } from '../../register/Confirmation.tsx';
import { RegistrationForm } from '../../register/RegistrationForm.tsx';
import { ApiErrorAlert } from '../../../components/ApiErrorAlert.tsx';
import { useQueryClient } from '@tanstack/react-query';
import { entriesKey } from './entriesKey.ts';

/** Admin → add competitor: the registration form at the desk, without the date rules. */
export function AddCompetitorPage() {
  usePageTitle('Add competitor');
  const { competition, key, error } = useCompetition();
  const { events } = useEvents();
  const [created, setCreated] = useState<Registered | null>(null);
  const queryClient = useQueryClient();
  if (error) return <ApiErrorAlert error={error} title="The competition could not load" />;
  if (!competition || !events || !key) return <Skeleton h={400} />;
  const { tier, isOpen } = competition.registration;
  return (
    <Stack gap="md" maw={720}>
      <Title order={1} size="h2">
        Add competitor
      </Title>
      <Text c="dimmed" size="sm">
        Register a couple at the desk. Registration dates do not apply here; the fee is the one in force now
        {isOpen ? '' : ' (the late fee, since registration has closed)'}.{' '}
        <Anchor component={Link} to="/admin/competitors">
          Back to competitors
        </Anchor>
      </Text>
      {!isOpen && (
        <Alert color="yellow" variant="light">
          Public registration is closed ({tier}); couples added here pay the late fee.
        </Alert>
      )}
      <Paper withBorder radius="md" p="md">
        {created ? (
          <Confirmation
            created={created.answer}
            emails={created.emails}
            onAnother={() => setCreated(null)}
            showLinks={false}
          />
        ) : (
          <RegistrationForm
            competitionKey={key}
            events={events}
            competition={competition}
            mode="desk"
            onRegistered={(registered) => {
              const c = registered.answer;
              setCreated(registered);
              void queryClient.invalidateQueries({ queryKey: entriesKey(key) });
              notifications.show({
                color: 'green',
                message: `Registered ${c.lead.name} & ${c.follow.name}, number ${c.leadNumber}.`,
              });
            }}
          />
        )}
      </Paper>
    </Stack>
  );
}
