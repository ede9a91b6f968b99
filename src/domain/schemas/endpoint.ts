/**
 * The shape of one entry of the endpoint table (endpoints.ts) and the helper that declares one: its
 * method and path at run time, its answer, body and query as types only.
 */
import type { z } from 'zod';

export type Out<S extends z.ZodType> = z.output<S>;
export type In<S extends z.ZodType> = z.input<S>;
/** The version the client last saw, for commands without a body (DELETE). */
export type VersionQuery = { version?: number };
/** A body that carries only the version the client last saw. */
export type VersionBody = { version?: number };

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One operation: `method` and `path` at run time; its answer, body and query as types. */
export interface Endpoint<
  M extends Method = Method,
  P extends string = string,
  A = unknown,
  B = unknown,
  Q = unknown,
> {
  readonly method: M;
  readonly path: P;
  /** Types only (never set): the answer, the body and the query string. */
  readonly types?: { answer: A; body: B; query: Q };
}

export type AnswerOf<E> = E extends Endpoint<Method, string, infer A> ? A : never;
export type BodyOf<E> = E extends Endpoint<Method, string, unknown, infer B> ? B : never;
export type QueryOf<E> = E extends Endpoint<Method, string, unknown, unknown, infer Q> ? Q : never;

/** The `:name` pieces of a path. */
export type PathParamNames<P extends string> = P extends `${string}:${infer N}/${infer Rest}`
  ? N | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer N}`
    ? N
    : never;

export const endpoint =
  <A, B = never, Q = never>() =>
  <M extends Method, P extends string>(method: M, path: P): Endpoint<M, P, A, B, Q> => ({ method, path });
