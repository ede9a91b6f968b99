import { Alert, Anchor, Text } from '@mantine/core';
import { useLocation } from 'react-router';
import { Link } from './Link.tsx';
import { ApiError, isStale } from '../api/client.ts';
import { loginPathFor } from '../shared/session.ts';
import { currentLocale, tNow, useT } from '../i18n/locale.ts';
import { formatMoney } from '../../domain/format.ts';
import { loadCatalog, translator } from '../../domain/i18n/catalog.ts';
import type { Locale } from '../../domain/i18n/locales.ts';
import { roundLabel, sportText } from '../../domain/i18n/sport.ts';
import { errorsText, hasErrorText, type ErrorsKey } from '../shared/errors/text.ts';
import { describeIssues, detailIssues, speaks, type Issue } from '../shared/formErrors.ts';

/**
 * Who reads the failure: staff (an admin or an official, who may sign in again), or the public (a
 * couple registering, a visitor), to whom a 401/403 is the server's own explanation, not a session.
 */
export type Audience = 'staff' | 'public';

type Details = Record<string, unknown>;
const text = (v: unknown): string | undefined =>
  typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : undefined;

/**
 * A message of a code and the values it fills in from the error's details; null when one it needs is
 * missing (the next, plainer message then). Round names in the sport's words of the reader's language.
 */
type Variant = [
  key: ErrorsKey,
  values: (d: Details, locale: Locale) => Record<string, string | number> | null,
];

const need =
  (...names: string[]) =>
  (d: Details) => {
    const out: Record<string, string> = {};
    for (const name of names) {
      const v = text(d[name]);
      if (v === undefined) return null;
      out[name] = v;
    }
    return out;
  };
const always = () => ({});
const round = (d: Details, locale: Locale) => {
  const values = need('round', 'event')(d);
  void loadCatalog(sportText, locale)?.catch(() => undefined);
  return values && { ...values, round: roundLabel(translator(sportText, locale), values.round!) };
};

/** Each code's messages, the most specific first; the reason-less one last. */
const MESSAGES: Record<string, Variant[]> = {
  stale: [['code.stale', always]],
  not_found: [['code.not_found', always]],
  forbidden: [['code.forbidden', always]],
  unauthorized: [['code.unauthorized', always]],
  rate_limited: [
    [
      'code.rate_limited.seconds',
      (d) => (typeof d.seconds === 'number' && d.seconds > 0 ? { seconds: d.seconds } : null),
    ],
    ['code.rate_limited', always],
  ],
  busy: [
    ['code.busy.signins', (d) => (d.reason === 'signins' ? {} : null)],
    ['code.busy.writes', (d) => (d.reason === 'writes' ? {} : null)],
    ['code.busy.registering', (d) => (d.reason === 'registering' ? {} : null)],
    ['code.busy', always],
  ],
  duplicate: [
    ['code.duplicate.email', (d) => (d.reason === 'email' ? need('email')(d) : null)],
    ['code.duplicate.event', (d) => (d.reason === 'event' ? need('name')(d) : null)],
    ['code.duplicate', always],
  ],
  duplicate_entry: [
    ['code.duplicate_entry.couple', need('lead', 'follow', 'event')],
    ['code.duplicate_entry', always],
  ],
  number_taken: [
    ['code.number_taken.by', need('number', 'by')],
    ['code.number_taken.number', need('number')],
    ['code.number_taken', always],
  ],
  has_marks: [
    ['code.has_marks.scoring', (d, locale) => (d.reason === 'scoring' ? round(d, locale) : null)],
    ['code.has_marks.official', (d) => (d.reason === 'official' ? need('name')(d) : null)],
    ['code.has_marks', always],
  ],
  round_started: [
    ['code.round_started.round', round],
    ['code.round_started', always],
  ],
  posted: [['code.posted', always]],
  unpaid: [
    [
      'code.unpaid.amount',
      (d, locale) =>
        typeof d.amountCents === 'number' && typeof d.currency === 'string'
          ? { amount: formatMoney(d.amountCents / 100, d.currency, locale) }
          : null,
    ],
    ['code.unpaid', always],
  ],
  archived: [
    ['code.archived.serve', (d) => (d.reason === 'serve' ? need('key')(d) : null)],
    ['code.archived.competition', need('competition')],
    ['code.archived', always],
  ],
  too_large: [['code.too_large', always]],
  bad_request: [['code.bad_request', always]],
  internal: [['code.internal', always]],
  storage_full: [['code.storage_full', always]],
  storage_read_only: [['code.storage_read_only', always]],
  registration_closed: [
    ['code.registration_closed.register', (d) => (d.reason === 'register' ? {} : null)],
    ['code.registration_closed.entries', (d) => (d.reason === 'entries' ? {} : null)],
    ['code.registration_closed', always],
  ],
  grant_ended: [['code.grant_ended', always]],
  link_expired: [['code.link_expired', always]],
  link_used: [['code.link_used', always]],
  link_unknown: [['code.link_unknown', always]],
};

/**
 * The server's refusal in the reader's language: the message for its code, with the details filled
 * in. In English, and for a code without words of its own, the server's own (English) message.
 */
export function errorMessage(error: ApiError, locale: Locale = currentLocale()): string {
  if (!speaks(locale)) return error.message;
  const t = tNow(errorsText);
  if (error.code === 'invalid') return describeIssues(issuesOf(error.details), locale) ?? error.message;
  const details: Details =
    typeof error.details === 'object' && error.details !== null && !Array.isArray(error.details)
      ? (error.details as Details)
      : {};
  for (const [key, values] of MESSAGES[error.code] ?? []) {
    const filled = hasErrorText(key) ? values(details, locale) : null;
    if (filled) return t(key, filled);
  }
  return error.message;
}

/** A 400's issues as sent (with Zod's codes), for wording them in the reader's language. */
function issuesOf(details: unknown): Issue[] {
  if (!detailIssues(details).length) return [];
  return (details as { path: unknown[]; message: string; code?: unknown }[]).map((d) => ({
    ...d,
    path: d.path.map(String),
    code: typeof d.code === 'string' ? d.code : undefined,
  }));
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
