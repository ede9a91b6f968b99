import { Alert, Anchor, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { ApiError } from '../api/client.ts';
import { loginPathFor } from '../shared/session.ts';

/** A failure in the user's words, with what to do next. */
export function describeError(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return 'Your session has ended. Sign in again to continue.';
    if (error.status === 403)
      return 'Your account may not change this competition. Ask one of its admins for access.';
    return error.message;
  }
  return 'Something went wrong. Reload the page and try again.';
}

/** An inline alert for a failed load or save; on 401 it offers the way back in. */
export function ApiErrorAlert({ error, title }: { error: unknown; title: string }) {
  const location = useLocation();
  const signedOut = error instanceof ApiError && error.status === 401;
  return (
    <Alert color="red" variant="light" title={title} role="alert">
      <Text size="sm">{describeError(error)}</Text>
      {signedOut && (
        <Anchor component={Link} to={loginPathFor(location.pathname + location.search)} size="sm">
          Sign in again
        </Anchor>
      )}
    </Alert>
  );
}
