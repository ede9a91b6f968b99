import { Alert, Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { screenLabel } from './adminScreens.ts';

/**
 * The one panel for staff screens a later version builds. Says so plainly instead of pretending.
 * `standalone` screens (deck captain, chairman, MC) have no admin shell around them.
 */
export function NotYetAvailable({ path, standalone }: { path: string; standalone: boolean }) {
  const label = screenLabel(path);
  usePageTitle(label);
  const panel = (
    <Stack gap="md">
      <Title order={1} size="h2">
        {label}
      </Title>
      <Alert color="gray" variant="light" title="Not available yet in this version">
        <Text>
          The {label} screen is part of a later version of Promenade. Everything else in the admin area works
          today.
        </Text>
      </Alert>
      <Anchor component={Link} to={standalone ? '/' : '/admin'}>
        {standalone ? 'Back to the competition home page' : 'Back to the dashboard'}
      </Anchor>
    </Stack>
  );
  if (!standalone) return panel;
  return (
    <Container size="sm" py="xl">
      {panel}
    </Container>
  );
}
