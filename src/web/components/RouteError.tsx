import { isRouteErrorResponse, useRouteError } from 'react-router';
import { isChunkLoadError } from './chunkReload.ts';
import { ButtonRow, ErrorAlert, ShellButton, ShellButtonLink } from './ShellControls.tsx';
import { useT } from '../i18n/locale.ts';
import { componentsText } from './text.ts';

/**
 * The error page of a screen that failed: a screen whose code could not be fetched (offline, or the
 * site was updated and the reload did not help) or a bug. Never a stack trace.
 */
export function RouteError() {
  const t = useT(componentsText);
  const error = useRouteError();
  const chunk = isChunkLoadError(error);
  const title = chunk ? t('routeError.chunk.title') : t('routeError.title');
  const message = chunk
    ? t('routeError.chunk')
    : isRouteErrorResponse(error) && error.status === 404
      ? t('routeError.notFound')
      : t('routeError.other');
  if (!chunk) console.error(error);
  return (
    <div className="page">
      <ErrorAlert title={title}>
        <p className="notice-text">{message}</p>
        <ButtonRow>
          <ShellButton className="tap" onClick={() => window.location.reload()}>
            {t('routeError.reload')}
          </ShellButton>
          <ShellButtonLink className="tap" look="default" to="/" reloadDocument>
            {t('routeError.home')}
          </ShellButtonLink>
        </ButtonRow>
      </ErrorAlert>
    </div>
  );
}
