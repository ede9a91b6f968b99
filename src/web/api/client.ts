import { AnsweredError } from '../../domain/answeredError.ts';
import type { ErrorBody } from '../../domain/schemas/common.ts';
import type { AnswerOf, BodyOf, Endpoint, PathParamNames, QueryOf } from '../../domain/schemas/endpoints.ts';

/** An error the API answered with, in the user's words (`message`). */
export class ApiError extends AnsweredError {
  override name = 'ApiError';
}

/** True for the answer to a write someone else's change made stale (409 `stale`). */
export const isStale = (e: unknown): e is ApiError =>
  e instanceof ApiError && e.status === 409 && e.code === 'stale';

/** Sign-in and sign-out paths: the session cookie changes with them. */
const SESSION_PATH = /^\/auth\/(login|logout)$|^\/competitions\/[^/]+\/officials\/\d+\/session$/;
const sessionListeners = new Set<() => void>();

/**
 * Called after every sign-in or sign-out through this client. The live feed listens: a stream opened
 * before signing in was opened as the public, and staff topics (marks) would never reach the screen.
 */
export function onSessionChange(listener: () => void): () => void {
  sessionListeners.add(listener);
  return () => sessionListeners.delete(listener);
}

async function request<T>(
  method: string,
  path: string,
  body?: unknown,
  extraHeaders: Record<string, string> = {},
): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`/api/v1${path}`, {
      method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        ...(body === undefined
          ? {}
          : {
              'content-type':
                body instanceof Blob ? body.type || 'application/octet-stream' : 'application/json',
            }),
        ...extraHeaders,
      },
      body: body === undefined ? undefined : body instanceof Blob ? body : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, 'network', 'Could not reach the server. Check the connection and try again.');
  }
  if (res.ok && method === 'POST' && SESSION_PATH.test(path)) for (const l of sessionListeners) l();
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  const data: unknown = text ? safeJson(text) : undefined;
  if (!res.ok) {
    const err = (data as ErrorBody | undefined)?.error;
    throw new ApiError(
      res.status,
      err?.code ?? 'http_' + res.status,
      err?.message ?? `The server answered ${res.status}. Try again in a moment.`,
      err?.details,
    );
  }
  return data as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * GET of a path built outside the endpoint table (the boot script's reads, src/web/boot.ts, which has
 * no imports): its answer's shape is unknown here; the query it fills names it.
 */
export const readPath = (path: string): Promise<unknown> => request<unknown>('GET', path);

type Scalar = string | number | boolean | undefined;
/** An endpoint's `:name` pieces and its query, by name. */
export type ParamsOf<E extends Endpoint> = { [K in PathParamNames<E['path']>]: string | number } & ([
  QueryOf<E>,
] extends [never]
  ? unknown
  : QueryOf<E>);

const enc = (segment: string | number | boolean) => encodeURIComponent(String(segment));

/**
 * The path (relative to /api/v1) of `endpoint` with its `:name` pieces filled in from `params`,
 * URL-encoded once here so a key with a space or slash still reaches its own route; the other
 * params, when defined (and not false), become the query string.
 */
export function pathOf<E extends Endpoint>(endpoint: E, params: ParamsOf<E>): string {
  const rest: Record<string, Scalar> = { ...(params as Record<string, Scalar>) };
  const path = endpoint.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = rest[name];
    delete rest[name];
    return enc(value ?? '');
  });
  const pairs = Object.entries(rest).filter(([, v]) => v !== undefined && v !== false);
  return pairs.length ? `${path}?${pairs.map(([k, v]) => `${enc(k)}=${enc(v!)}`).join('&')}` : path;
}

/** The full URL (with /api/v1) of an endpoint the browser follows itself: downloads and the stream. */
export const hrefOf = <E extends Endpoint>(endpoint: E, params: ParamsOf<E>) =>
  `/api/v1${pathOf(endpoint, params)}`;

/**
 * Calls one operation of the endpoint table: its answer and body types come from the table.
 * `headers` for the few commands that need them (If-Match, Idempotency-Key); a Blob body is sent as
 * it is (an image upload).
 */
export function call<E extends Endpoint>(
  endpoint: E,
  params: ParamsOf<E>,
  body?: BodyOf<E>,
  headers?: Record<string, string>,
): Promise<AnswerOf<E>> {
  const sent = body === undefined && endpoint.method === 'POST' ? {} : body;
  return request<AnswerOf<E>>(endpoint.method, pathOf(endpoint, params), sent, headers);
}
