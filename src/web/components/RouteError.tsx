import { isRouteErrorResponse, useRouteError } from 'react-router';
import { isChunkLoadError } from './chunkReload.ts';
import { ButtonRow, ErrorAlert, ShellButton, ShellButtonLink } from './ShellControls.tsx';

/**
 * The error page of a screen that failed: a screen whose code could not be fetched (offline, or the
 * site was updated and the reload did not help) or a bug. Never a stack trace.
 */
export function RouteError() {
  const error = useRouteError();
  const chunk = isChunkLoadError(error);
  const title = chunk ? 'This page could not be loaded' : 'Something went wrong on this page';
  const message = chunk
    ? 'The site may have just been updated, or the connection dropped. Check your connection and reload the page.'
    : isRouteErrorResponse(error) && error.status === 404
      ? 'There is no such page.'
      : 'Reload the page to try again. If it keeps happening, tell the organizers what you were doing.';
  if (!chunk) console.error(error);
  return (
    <div className="page">
      <ErrorAlert title={title}>
        <p className="notice-text">{message}</p>
        <ButtonRow>
          <ShellButton className="tap" onClick={() => window.location.reload()}>
            Reload
          </ShellButton>
          <ShellButtonLink className="tap" look="default" to="/" reloadDocument>
            Go to the home page
          </ShellButtonLink>
        </ButtonRow>
      </ErrorAlert>
    </div>
  );
}
