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
import { competitorsText } from './text.ts';
import { useT } from '../../../i18n/locale.ts';
import { richText } from './richText.tsx';

/** Admin → add competitor: the registration form at the desk, without the date rules. */
export function AddCompetitorPage() {
  const t = useT(competitorsText);
  usePageTitle(t('add.title'));
  const { competition, key, error } = useCompetition();
  const { events } = useEvents();
  const [created, setCreated] = useState<Registered | null>(null);
  const queryClient = useQueryClient();
  if (error) return <ApiErrorAlert error={error} title={t('add.loadError')} />;
  if (!competition || !events || !key) return <Skeleton h={400} />;
  const { tier, isOpen } = competition.registration;
  return (
    <Stack gap="md" maw={720}>
      <Title order={1} size="h2">
        {t('add.title')}
      </Title>
      <Text c="dimmed" size="sm">
        {richText((v) => (isOpen ? t('add.leadOpen', v) : t('add.leadClosed', v)), {
          back: (
            <Anchor component={Link} to="/admin/competitors">
              {t('add.back')}
            </Anchor>
          ),
        })}
      </Text>
      {!isOpen && (
        <Alert color="yellow" variant="light">
          {t('add.closed', { tier })}
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
                message: t('add.registered', {
                  lead: c.lead.name,
                  follow: c.follow.name,
                  number: c.leadNumber,
                }),
              });
            }}
          />
        )}
      </Paper>
    </Stack>
  );
}
