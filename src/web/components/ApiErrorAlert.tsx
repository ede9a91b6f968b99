import { Alert, Anchor, Text } from '@mantine/core';
import { useLocation } from 'react-router';
import { Link } from './Link.tsx';
import { ApiError, isStale } from '../api/client.ts';
import { loginPathFor } from '../shared/session.ts';
import { currentLocale, tNow, useT } from '../i18n/locale.ts';
import type { Locale } from '../../domain/i18n/locales.ts';
import { errorsText } from '../shared/errors/text.ts';
import { errorWords } from '../shared/errors/lazy.ts';

/**
 * Who reads the failure: staff (an admin or an official, who may sign in again), or the public (a
 * couple registering, a visitor), to whom a 401/403 is the server's own explanation, not a session.
 */
export type Audience = 'staff' | 'public';

/**
 * The server's refusal in the reader's language: the message for its code, with the details filled
 * in (shared/errors/codes/words.ts). In English, for a code without words of its own, and for the
 * moment another language's words take to load, the server's own (English) message.
 */
export function errorMessage(error: ApiError, locale: Locale = currentLocale()): string {
  return errorWords(locale)?.codeMessage(error.code, error.details, locale) ?? error.message;
}

/** A failure in the user's words, with what to do next. */
export function describeError(error: unknown, audience: Audience = 'staff'): string {
  const t = tNow(errorsText);
  if (error instanceof ApiError) {
    if (audience === 'public') {
      // As the public pages say a failed load (ErrorNotice); a 401/403 is the server's own reason.
      if (error.status === 0) return t('network');
      return errorMessage(error);
    }
    if (error.status === 401) return t('sessionEnded');
    if (error.status === 403) return t('noAccess');
    return errorMessage(error);
  }
  return t('unknown');
}

/**
 * The one way the app shows a failed load or save: an inline alert in the user's words; on 401 it
 * offers staff the way back in. `message` replaces the error's own words (a stale write's explanation).
 */
export function ApiErrorAlert({
  error,
  title,
  message,
  audience = 'staff',
}: {
  error: unknown;
  title?: string | undefined;
  message?: string | null | undefined;
  audience?: Audience;
}) {
  const location = useLocation();
  // Re-renders in the reader's language when it changes or its words arrive.
  const t = useT(errorsText);
  const signedOut = audience === 'staff' && error instanceof ApiError && error.status === 401;
  return (
    <Alert color="red" variant="light" title={title} role="alert">
      <Text size="sm">{message ?? describeError(error, audience)}</Text>
      {signedOut && (
        <Anchor component={Link} to={loginPathFor(location.pathname + location.search)} size="sm">
          {t('signInAgain')}
        </Anchor>
      )}
    </Alert>
  );
}

/**
 * A command's failure (useCommand), shown as every failure is; nothing while it has none. A write
 * someone else's change made stale is a warning the user closes: nothing is lost, the screen already
 * shows the current version.
 */
export function CommandError({
  command,
  title,
  staleTitle,
  audience,
}: {
  command: { error: unknown; message: string | null; title: string | null; reset: () => void };
  title?: string;
  /** The title when someone else's change made the command stale (default: `title`). */
  staleTitle?: string;
  audience?: Audience;
}) {
  const t = useT(errorsText);
  if (command.error === null) return null;
  if (isStale(command.error))
    return (
      <Alert
        color="orange"
        variant="light"
        title={command.title ?? staleTitle ?? title}
        role="alert"
        withCloseButton
        closeButtonLabel={t('dismiss')}
        onClose={command.reset}
      >
        <Text size="sm">{command.message ?? describeError(command.error, audience)}</Text>
      </Alert>
    );
  return (
    <ApiErrorAlert
      error={command.error}
      title={command.title ?? title}
      message={command.message}
      audience={audience}
    />
  );
}
