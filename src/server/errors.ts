import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { AnsweredError } from '../domain/answeredError.ts';
import { isStorageFull, isStorageReadOnly, isUnstorableText } from './db/dialect.ts';

/** An error a person caused, answered as `{error: {code, message, details?}}` with a 4xx status. */
export class HttpError extends AnsweredError {}

export const notFound = (what: string) => new HttpError(404, 'not_found', `${what} was not found.`);
export const unauthorized = (message = 'Sign in to do this.') => new HttpError(401, 'unauthorized', message);
export const forbidden = (message = 'Your account may not do this.') =>
  new HttpError(403, 'forbidden', message);
/**
 * The one 409 `stale` answer (optimistic concurrency): `what` names the data in the usual sentence, or
 * `{ message }` words it whole where the usual sentence would mislead (several dances, a dancer's own
 * entries). The current data goes in `details.current` so the client can show it.
 */
export const stale = (what: string | { message: string }, current: unknown) =>
  new HttpError(
    409,
    'stale',
    typeof what === 'string'
      ? `Someone else changed ${what} after you loaded it. Your change was not saved; the current version is attached.`
      : what.message,
    { current },
  );

/**
 * One problem of a refused request: where (`path`), what in English (`message`), and for a reader in
 * another language Zod's `code` with the limits it names (`maximum`, `minimum`, `origin`, `format`,
 * `expected`, `values`, `keys`): the web words it in the reader's language.
 */
interface Issue {
  path: (string | number)[];
  message: string;
  code?: string;
  [param: string]: unknown;
}

/** The parts of a Zod issue a reader's language needs; nothing that echoes what was sent. */
const ISSUE_PARAMS = [
  'origin',
  'maximum',
  'minimum',
  'inclusive',
  'format',
  'expected',
  'values',
  'keys',
  // A custom rule's reason as data (a display text's problem: which kind, the code point, the limit).
  'params',
];

export function issueParams(issue: object): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of ISSUE_PARAMS) {
    const v = (issue as Record<string, unknown>)[name];
    // Limits travel as numbers (a bigint limit as its digits); the rest as JSON has them.
    if (typeof v === 'bigint') out[name] = Number(v);
    else if (v !== undefined && typeof v !== 'function') out[name] = v;
  }
  return out;
}

function zodIssues(err: ZodError): Issue[] {
  return err.issues.map((i) => ({
    path: i.path.map((p) => (typeof p === 'symbol' ? String(p) : p)),
    message: i.message,
    code: i.code,
    ...issueParams(i),
  }));
}

function describe(issues: Issue[]): string {
  const first = issues[0];
  if (!first) return 'The request is not valid.';
  const where = first.path.length ? `${first.path.join('.')}: ` : '';
  const more =
    issues.length > 1 ? ` (and ${issues.length - 1} more problem${issues.length > 2 ? 's' : ''})` : '';
  return `${where}${first.message}${more}`;
}

/** One error shape for every failure; never a stack trace in a response. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | HttpError | ZodError, req, reply) => {
    if (err instanceof HttpError) {
      return reply
        .status(err.status)
        .send({ error: { code: err.code, message: err.message, details: err.details } });
    }
    if (err instanceof ZodError) {
      const issues = zodIssues(err);
      return reply
        .status(400)
        .send({ error: { code: 'invalid', message: describe(issues), details: issues } });
    }
    const fe = err as FastifyError & {
      validation?: { instancePath?: string; message?: string; keyword?: unknown; params?: object }[];
    };
    if (fe.validation) {
      // fastify-type-provider-zod puts each Zod issue in `validation`, its path as `/a/b`.
      const issues: Issue[] = fe.validation.map((v) => ({
        path: (v.instancePath ?? '').split('/').filter(Boolean),
        message: v.message ?? 'is not valid',
        ...(typeof v.keyword === 'string' ? { code: v.keyword } : {}),
        ...(v.params ? issueParams(v.params) : {}),
      }));
      return reply
        .status(400)
        .send({ error: { code: 'invalid', message: describe(issues), details: issues } });
    }
    const status = fe.statusCode ?? 500;
    if (status === 413) {
      return reply.status(413).send({ error: { code: 'too_large', message: 'The request is too large.' } });
    }
    if (fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(415).send({
        error: { code: 'unsupported_media_type', message: 'Send JSON (Content-Type: application/json).' },
      });
    }
    if (status === 429) {
      // How long to wait, as the Retry-After header says it: the web words it in the reader's language.
      const seconds = Number(reply.getHeader('retry-after'));
      return reply.status(429).send({
        error: {
          code: 'rate_limited',
          message: fe.message,
          ...(Number.isFinite(seconds) && seconds > 0 ? { details: { seconds } } : {}),
        },
      });
    }
    if (status >= 400 && status < 500) {
      const message =
        fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || fe.name === 'SyntaxError'
          ? 'The request body is not valid JSON.'
          : fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
            ? 'The request body is empty; send a JSON object.'
            : fe.message;
      return reply.status(status).send({ error: { code: 'bad_request', message } });
    }
    if ((err as Error).name === 'ResponseContractError') {
      // Only with response validation on (tests): say which answer broke its schema.
      return reply
        .status(500)
        .send({ error: { code: 'response_contract', message: (err as Error).message } });
    }
    if (isUnstorableText(err)) {
      return reply.status(400).send({
        error: { code: 'invalid', message: 'The request holds a NUL character, which cannot be stored.' },
      });
    }
    if (isStorageFull(err)) {
      app.storage.failed(err);
      // Nothing of the request was kept; the database goes on by itself once there is room again.
      req.log.error(
        { err },
        'storage full: the disk (or the database size limit) has no room for this write',
      );
      return reply
        .status(503)
        .header('retry-after', '60')
        .send({
          error: {
            code: 'storage_full',
            message:
              'The server has run out of storage space and could not save this. Nothing was changed; try again in a few minutes.',
          },
        });
    }
    if (isStorageReadOnly(err)) {
      app.storage.failed(err);
      req.log.error({ err }, 'storage read-only: the database refuses writes');
      return reply
        .status(503)
        .header('retry-after', '60')
        .send({
          error: {
            code: 'storage_read_only',
            message:
              'The server cannot save anything at the moment (its storage is read-only). Nothing was changed; tell the organizer.',
          },
        });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send({
      error: {
        code: 'internal',
        message: 'Something went wrong on the server. Try again; if it keeps happening, tell the organizer.',
      },
    });
  });
}
