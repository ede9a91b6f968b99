import { Alert, Anchor, Button, Container, Group, Stack, Title } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Link } from '../../components/Link.tsx';
import { describeError } from '../../components/ApiErrorAlert.tsx';
import { useT } from '../../i18n/locale.ts';
import { adminShellText } from './shell/text.ts';

/** A failure of the guard itself (server unreachable) or of a screen's code. */
export function AdminRouteError() {
  const t = useT(adminShellText);
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? t('routeError.status', { status: error.status })
    : describeError(error);
  return (
    <Container size="sm" py="xl">
      <Stack>
        <Title order={1} size="h2">
          {t('routeError.title')}
        </Title>
        <Alert color="red" role="alert">
          {message}
        </Alert>
        <Group>
          <Button onClick={() => window.location.reload()}>{t('routeError.retry')}</Button>
          <Anchor component={Link} to="/">
            {t('routeError.publicSite')}
          </Anchor>
        </Group>
      </Stack>
    </Container>
  );
}
