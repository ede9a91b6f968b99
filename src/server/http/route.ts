/**
 * A route's declaration in one call: its operation in the endpoint table (method and path,
 * src/domain/schemas/endpoints.ts), who may call it (`config.access`, checked by access.ts before the
 * body is read) and its schemas, under its resource's OpenAPI tag. Each routes plugin makes its own
 * declarer, `const route = routesFor(app, 'events')`, then declares each operation in a few lines:
 *
 * - a read answers with what `answer` returns:
 *   `route.read(endpoints.getEvents, 'public', { schema: {…}, answer: (req) => … })`;
 * - a write runs one command (command.ts) and answers with its result, under the schema's one success
 *   status (201: created, 204: nothing):
 *   `route.command(endpoints.postEvents, organizer('create events'), { schema: {…}, topics, run: (ctx, req) => … })`,
 *   with `answer: (result, req) => …` when the answer is not the command's result (e.g. the row re-read);
 * - a route that needs more of Fastify (a body limit, two success statuses, a raw body) writes
 *   `app.route({ ...route.options(endpoint, access, schema, config), handler })`.
 *
 * The schema keeps its exact type, so `req.params`, `req.body` and the answer stay typed, and the
 * compiler holds the schemas to the table's answer, body and query types (what the web's client is
 * typed with).
 */
import type {
  FastifyBaseLogger,
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { FeedTopic } from '../../domain/schemas/competition.ts';
import { runCommand, type CommandContext } from './command.ts';
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

/** The app as a routes plugin (`FastifyPluginAsyncZod`) receives it. */
export type RoutesApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;
/** A request to a route with schema S: its params, body and query typed from S. */
export type RequestOf<S extends FastifySchema> = FastifyRequest<
  RouteGenericInterface,
  RawServerDefault,
  RawRequestDefaultExpression,
  S,
  ZodTypeProvider
>;
type ResponseOf<S> = S extends { response: infer R } ? R : never;
/** What a route with schema S answers with success. */
type AnswerFor<S> = Answers<ResponseOf<S>>;
/** What a command's result must be to be the answer: a 204 route sends nothing, whatever it returns. */
type Sent<S> = 204 extends keyof ResponseOf<S> ? unknown : AnswerFor<S>;

interface Declared<S> {
  /** The operation's summary in the OpenAPI document. */
  summary?: string;
  /** Params, body, querystring, response (and `produces`): as Fastify's route schema. */
  schema: S;
  config?: Omit<FastifyContextConfig, 'access'>;
}

export interface ReadRoute<S extends FastifySchema> extends Declared<S> {
  /** The answer (or the reply, for a download that sets its own headers). */
  answer: (req: RequestOf<S>, reply: FastifyReply) => Promise<AnswerFor<S> | FastifyReply>;
}

interface CommandOf<S extends FastifySchema, T> extends Declared<S> {
  /** Topics published after the commit (more may be added through `ctx.publish`). */
  topics?: readonly FeedTopic[];
  /** Staff streams only (see CommandSpec). */
  staffOnly?: boolean;
  run: (ctx: CommandContext, req: RequestOf<S>) => Promise<T>;
}
/** A command whose result is the answer. */
export interface CommandRoute<S extends FastifySchema> extends CommandOf<S, Sent<S>> {
  answer?: undefined;
}
/** A command answered with something else, e.g. the changed row read again after the commit. */
export interface CommandThenRead<S extends FastifySchema, T> extends CommandOf<S, T> {
  answer: (result: T, req: RequestOf<S>) => Promise<AnswerFor<S>> | AnswerFor<S>;
}

/** The one 2xx status of a command's response schema: the status it answers with. */
function successStatus(endpoint: Endpoint, schema: FastifySchema): number {
  const codes = Object.keys((schema.response ?? {}) as object)
    .map(Number)
    .filter((code) => code >= 200 && code < 300);
  if (codes.length !== 1) {
    throw new Error(`${endpoint.method} ${endpoint.path}: a command route declares exactly one 2xx answer`);
  }
  return codes[0]!;
}

/**
 * The declarer of one routes plugin's operations under `tag` (see the top of this file). Routes are
 * registered in the order they are declared.
 */
export function routesFor(app: RoutesApp, tag: string) {
  const options = optionsTagged(tag);
  const register = <S extends FastifySchema>(
    endpoint: Endpoint,
    access: Access,
    { summary, schema, config }: Declared<S>,
    handler: (req: RequestOf<S>, reply: FastifyReply) => Promise<unknown>,
  ) => {
    const withSummary = summary === undefined ? schema : { summary, ...schema };
    // The handler's types were checked against S where it was declared; Fastify's own inference of
    // them stops at this generic boundary.
    app.route({ ...options(endpoint, access, withSummary as never, config), handler: handler as never });
  };
  function command<E extends Endpoint, S extends FastifySchema>(
    endpoint: E,
    access: Access,
    route: CommandRoute<S> & { schema: Agrees<E, S> },
  ): void;
  function command<E extends Endpoint, S extends FastifySchema, T>(
    endpoint: E,
    access: Access,
    route: CommandThenRead<S, T> & { schema: Agrees<E, S> },
  ): void;
  /** The command's own result, or what `answer` makes of it, under the schema's success status. */
  function command(
    endpoint: Endpoint,
    access: Access,
    route: CommandOf<FastifySchema, unknown> & {
      answer?: (result: unknown, req: RequestOf<FastifySchema>) => Promise<unknown> | unknown;
    },
  ) {
    const status = successStatus(endpoint, route.schema);
    const { topics, staffOnly, run, answer } = route;
    register(endpoint, access, route, async (req, reply) => {
      const result = await runCommand(app, req, {
        ...(topics && { topics }),
        ...(staffOnly && { staffOnly }),
        run: (ctx) => run(ctx, req),
      });
      if (status === 204) return reply.status(204).send(null);
      return reply.status(status).send(answer ? await answer(result, req) : result);
    });
  }

  return {
    options,
    read<E extends Endpoint, S extends FastifySchema>(
      endpoint: E,
      access: Access,
      route: ReadRoute<S> & { schema: Agrees<E, S> },
    ) {
      register(endpoint, access, route, route.answer);
    },
    command,
  };
}

/** Fastify's route options for one operation under `tag`: method, path, access and tagged schema. */
function optionsTagged(tag: string) {
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
