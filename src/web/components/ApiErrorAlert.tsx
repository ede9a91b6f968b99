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

/**
 * The one way the app shows a failed load or save: an inline alert in the user's words; on 401 it
 * offers the way back in. `message` replaces the error's own words (a stale write's explanation).
 */
export function ApiErrorAlert({
  error,
  title,
  message,
}: {
  error: unknown;
  title?: string;
  message?: string | null | undefined;
}) {
  const location = useLocation();
  const signedOut = error instanceof ApiError && error.status === 401;
  return (
    <Alert color="red" variant="light" title={title} role="alert">
      <Text size="sm">{message ?? describeError(error)}</Text>
      {signedOut && (
        <Anchor component={Link} to={loginPathFor(location.pathname + location.search)} size="sm">
          Sign in again
        </Anchor>
      )}
    </Alert>
  );
}

/** A command's failure (useCommand), shown as every failure is; nothing while it has none. */
export function CommandError({
  command,
  title,
  staleTitle,
}: {
  command: { error: unknown; message: string | null };
  title?: string;
  /** The title when someone else's change made the command stale (default: `title`). */
  staleTitle?: string;
}) {
  if (command.error === null) return null;
  const stale = command.error instanceof ApiError && command.error.code === 'stale';
  return (
    <ApiErrorAlert
      error={command.error}
      title={stale ? (staleTitle ?? title) : title}
      message={command.message}
    />
  );
}
