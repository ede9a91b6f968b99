import { Alert, Button } from '@mantine/core';
import { ApiError } from '../api/client.ts';

/** What went wrong with loading data, in the visitor's words, and a way to try again. */
export function ErrorNotice({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const notFound = error instanceof ApiError && error.status === 404;
  const message = notFound
    ? 'This competition could not be found. It may have been removed or renamed.'
    : error instanceof ApiError && error.status === 0
      ? 'Could not reach the server. Check your connection and try again.'
      : 'The competition information could not be loaded. Try again in a moment.';
  return (
    <Alert color="red" variant="light" title="Could not load this page" role="alert">
      <p className="notice-text">{message}</p>
      {onRetry && !notFound && (
        <Button variant="filled" color="red" className="tap" onClick={onRetry}>
          Try again
        </Button>
      )}
    </Alert>
  );
}
