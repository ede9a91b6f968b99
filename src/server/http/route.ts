/**
 * A route's declaration in one call: its operation in the endpoint table (method and path,
 * src/domain/schemas/endpoints.ts), who may call it (`config.access`, checked by access.ts before the
 * body is read) and its schemas, under its resource's OpenAPI tag. Each routes file makes its own
 * declarer, `const route = routesTagged('events')`, then writes
 * `app.route({ ...route(endpoints.getEvents, 'public', {…}), handler })`; the schema keeps its exact
 * type, so the handler's `req.params`, `req.body` and answer stay typed, and the compiler holds the
 * schemas to the table's answer, body and query types (what the web's client is typed with).
 */
import type { FastifyContextConfig, FastifySchema } from 'fastify';
import type { z } from 'zod';
import type { AnswerOf, BodyOf, Endpoint, QueryOf } from '../../domain/schemas/endpoints.ts';
import type { Access, StaffRole } from './access.ts';

type Output<S> = S extends z.ZodType ? z.output<S> : never;
type Input<S> = S extends z.ZodType ? z.input<S> : never;
/** What a route answers with success: its 2xx schemas (204: nothing). */
type Answers<R> = {
  [C in keyof R]: C extends 204 | '204'
    ? undefined
    : C extends 200 | 201 | 202 | '200' | '201' | '202'
      ? Output<R[C]>
      : never;
}[keyof R];
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/** Nothing when the schema agrees with the table; otherwise a property naming what differs. */
type Agrees<E, S> = (Same<Answers<S extends { response: infer R } ? R : never>, AnswerOf<E>> extends true
  ? unknown
  : { 'the answer schema differs from the endpoint table': AnswerOf<E> }) &
  (S extends { body: infer B }
    ? [BodyOf<E>] extends [Input<B>]
      ? unknown
      : { 'the body schema does not accept the endpoint table body': BodyOf<E> }
    : unknown) &
  (S extends { querystring: infer Q }
    ? [QueryOf<E>] extends [Input<Q>]
      ? unknown
      : { 'the query schema does not accept the endpoint table query': QueryOf<E> }
    : unknown);

export function routesTagged(tag: string) {
  return <E extends Endpoint, S extends FastifySchema>(
    endpoint: E,
    access: Access,
    schema: S & Agrees<E, S>,
    config: Omit<FastifyContextConfig, 'access'> = {},
  ) => ({
    method: endpoint.method,
    url: endpoint.path,
    config: { ...config, access },
    schema: { tags: [tag], ...(schema as S) },
  });
}

/**
 * Staff in these roles only ('admin': the competition's administrators and site admins); `ownOfficial`
 * is the refusal a judge gets for naming another official in `:officialId` (see Access).
 */
export const staff = (roles: readonly StaffRole[], to: string, own?: { ownOfficial: string }): Access => ({
  roles,
  to,
  ...own,
});
/** The competition's administrators only. */
export const organizer = (to: string): Access => staff(['admin'], to);
