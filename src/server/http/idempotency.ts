/**
 * Idempotency-Key: a device that resends a command (an offline tablet's outbox) gets the answer of
 * the first time and nothing is written twice. Keys live in their own table, scoped per competition
 * and per command target, so finding a resend is one indexed lookup.
 */
import { HttpError } from '../errors.ts';
import type { Tx } from './db.ts';

const KEY = /^[\w.:-]{1,128}$/;

/** Validates an Idempotency-Key header value (undefined: the client sent none). */
export function idempotencyKey(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (!KEY.test(header))
    throw new HttpError(
      400,
      'invalid',
      'Idempotency-Key must be 1–128 letters, digits, ".", ":", "_" or "-".',
    );
  return header;
}

export interface IdempotentRequest {
  competitionId: number;
  /** What the command targets, e.g. `marks:waltz-R2/7`: the same key on another target is another request. */
  scope: string;
  /** The client's key; undefined runs the command plainly. */
  key: string | undefined;
  /** A canonical form of what was asked: the same key with a different body is refused. */
  fingerprint: string;
  /** What the request sends, for the refusal ("different marks"); default "a different request". */
  what?: string;
}

export type IdempotentOutcome<T> = { replayed: false; response: T } | { replayed: true; response: T };

/**
 * Inside the command's transaction: a stored answer for (competition, scope, key) is returned as
 * `replayed` without running `run`; otherwise `run` executes and its answer is stored with the key.
 */
export async function withIdempotency<T>(
  trx: Tx,
  request: IdempotentRequest,
  run: () => Promise<T>,
): Promise<IdempotentOutcome<T>> {
  const { competitionId, scope, key, fingerprint, what = 'a different request' } = request;
  if (key === undefined) return { replayed: false, response: await run() };
  const earlier = await trx
    .selectFrom('idempotency_keys')
    .select(['fingerprint', 'response'])
    .where('competition_id', '=', competitionId)
    .where('scope', '=', scope)
    .where('key', '=', key)
    .executeTakeFirst();
  if (earlier) {
    if (earlier.fingerprint !== fingerprint)
      throw new HttpError(
        409,
        'idempotency_conflict',
        `This Idempotency-Key was already used for ${what}; send it with a new key.`,
      );
    return { replayed: true, response: JSON.parse(earlier.response) as T };
  }
  const response = await run();
  await trx
    .insertInto('idempotency_keys')
    .values({
      competition_id: competitionId,
      scope,
      key,
      fingerprint,
      response: JSON.stringify(response),
      created_at: new Date().toISOString(),
    })
    .execute();
  return { replayed: false, response };
}
