/**
 * What the sender does after a try that did not deliver: pure, so the rules are tested without a mail
 * server. Three kinds of failure:
 * - the server refused the message for good (a 5xx answer: mailbox unknown, message refused): failed at
 *   once, with the server's answer, never tried again;
 * - the server answered "not now" (a 4xx answer: greylisting, mailbox full, too many connections): tried
 *   again with backoff, at most `maxAttempts` times in all, then failed;
 * - the server could not be reached or did not answer (refused connection, timeout, TLS or sign-in
 *   trouble): nothing is wrong with the message, so it is tried again with backoff for as long as
 *   `giveUpAfterMs` from when it was written (a mail server down for an afternoon delays mail, it does
 *   not lose it).
 */
export interface RetryPolicy {
  /** The first wait after a failed try; each next one doubles. */
  firstBackoffMs: number;
  /** No wait is longer than this (plus jitter): a message arrives soon after the server is back. */
  maxBackoffMs: number;
  /** Up to this much is added at random, so messages that failed together do not retry together. */
  jitterMs: number;
  /** Tries in all while the server keeps answering 4xx. */
  maxAttempts: number;
  /** How long after it was written a message is still tried while the server cannot be reached. */
  giveUpAfterMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = {
  firstBackoffMs: 1_000,
  // 30 s + at most 2 s of jitter + the 0.5 s poll: within 60 s of the server being back, as promised.
  maxBackoffMs: 30_000,
  jitterMs: 2_000,
  maxAttempts: 10,
  giveUpAfterMs: 24 * 60 * 60 * 1000,
};

export type FailureKind = 'refused' | 'later' | 'unreachable';

/** What nodemailer's error tells about a failed try. */
export interface SendFailure {
  code?: string;
  responseCode?: number;
  response?: string;
  message: string;
}

export function failureKind(err: SendFailure): FailureKind {
  // A refused sign-in (535) is the installation's setting, not the message: keep it until it is fixed.
  if (err.code === 'EAUTH') return 'unreachable';
  const status = err.responseCode;
  if (typeof status === 'number' && status >= 500 && status < 600) return 'refused';
  if (typeof status === 'number' && status >= 400 && status < 500) return 'later';
  return 'unreachable';
}

/** The server's own words when it answered, else what went wrong; one line, at most 500 characters. */
export function failureText(err: SendFailure): string {
  const text = (err.response || err.message || 'unknown error').replace(/\s+/g, ' ').trim();
  return text.length > 500 ? `${text.slice(0, 497)}...` : text;
}

export type Outcome =
  { status: 'failed'; lastError: string } | { status: 'pending'; lastError: string; nextAttemptAt: string };

/**
 * After failed try number `attempts` (1 for the first) of a message written at `createdAt`: failed
 * for good, or when to try again.
 */
export function afterFailure(
  err: SendFailure,
  attempts: number,
  createdAt: string,
  now: Date,
  policy: RetryPolicy,
  random: () => number = Math.random,
): Outcome {
  const kind = failureKind(err);
  const said = failureText(err);
  if (kind === 'refused') return { status: 'failed', lastError: said };
  if (kind === 'later' && attempts >= policy.maxAttempts)
    return { status: 'failed', lastError: `gave up after ${attempts} tries: ${said}` };
  if (kind === 'unreachable' && now.getTime() - Date.parse(createdAt) >= policy.giveUpAfterMs)
    return { status: 'failed', lastError: `gave up: the mail server could not be reached (${said})` };
  return { status: 'pending', lastError: said, nextAttemptAt: nextTry(attempts, now, policy, random) };
}

/** When to try again after `attempts` failed tries: doubling from the first backoff, capped, plus jitter. */
export function nextTry(
  attempts: number,
  now: Date,
  policy: RetryPolicy,
  random: () => number = Math.random,
): string {
  const doubled = policy.firstBackoffMs * 2 ** Math.min(Math.max(attempts - 1, 0), 30);
  const wait = Math.min(doubled, policy.maxBackoffMs) + Math.floor(random() * policy.jitterMs);
  return new Date(now.getTime() + wait).toISOString();
}
