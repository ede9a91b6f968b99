import { Alert, Anchor, Stack, Title } from '@mantine/core';
import { useLocation } from 'react-router';
import { Link } from '../../components/Link.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';

export function AdminNotFound() {
  usePageTitle('Not found');
  const { pathname } = useLocation();
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        No such admin screen
      </Title>
      <Alert color="yellow" variant="light">
        There is no admin screen at <code>{pathname}</code>. Pick one from the menu, or go back to the
        dashboard.
      </Alert>
      <Anchor component={Link} to="/admin">
        Back to the dashboard
      </Anchor>
    </Stack>
  );
}
