import { ApiError } from '../api/client.ts';
import { ErrorAlert, ShellButton } from './ShellControls.tsx';

/** What went wrong with loading data, in the visitor's words, and a way to try again. */
export function ErrorNotice({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const notFound = error instanceof ApiError && error.status === 404;
  const message = notFound
    ? 'This competition could not be found. It may have been removed or renamed.'
    : error instanceof ApiError && error.status === 0
      ? 'Could not reach the server. Check your connection and try again.'
      : 'The competition information could not be loaded. Try again in a moment.';
  return (
    <ErrorAlert title="Could not load this page">
      <p className="notice-text">{message}</p>
      {onRetry && !notFound && (
        <ShellButton look="danger" className="tap" onClick={onRetry}>
          Try again
        </ShellButton>
      )}
    </ErrorAlert>
  );
}
