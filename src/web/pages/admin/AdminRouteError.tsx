import { Alert, Anchor, Button, Container, Group, Stack, Title } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Link } from '../../components/Link.tsx';
import { describeError } from '../../components/ApiErrorAlert.tsx';

/** A failure of the guard itself (server unreachable) or of a screen's code. */
export function AdminRouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `The server answered ${error.status}. Try again in a moment.`
    : describeError(error);
  return (
    <Container size="sm" py="xl">
      <Stack>
        <Title order={1} size="h2">
          The admin area could not open
        </Title>
        <Alert color="red" role="alert">
          {message}
        </Alert>
        <Group>
          <Button onClick={() => window.location.reload()}>Try again</Button>
          <Anchor component={Link} to="/">
            Go to the public site
          </Anchor>
        </Group>
      </Stack>
    </Container>
  );
}
