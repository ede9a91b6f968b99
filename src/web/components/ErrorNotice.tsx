import { ApiError } from '../api/client.ts';
import { ErrorAlert, ShellButton } from './ShellControls.tsx';
import { useT } from '../i18n/locale.ts';
import { componentsText } from './text.ts';

/** What went wrong with loading data, in the visitor's words, and a way to try again. */
export function ErrorNotice({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const t = useT(componentsText);
  const notFound = error instanceof ApiError && error.status === 404;
  const message = notFound
    ? t('error.notFound')
    : error instanceof ApiError && error.status === 0
      ? t('error.offline')
      : t('error.other');
  return (
    <ErrorAlert title={t('error.title')}>
      <p className="notice-text">{message}</p>
      {onRetry && !notFound && (
        <ShellButton look="danger" className="tap" onClick={onRetry}>
          {t('error.retry')}
        </ShellButton>
      )}
    </ErrorAlert>
  );
}
