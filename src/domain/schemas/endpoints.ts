/**
 * Every operation of the API in one table: its method, its path (relative to /api/v1, Fastify's
 * `:param` syntax) and, as types only, its body, query and answer. The server registers each route
 * from its entry (src/server/http/route.ts checks the route's schemas agree with the types here); the
 * web calls it through `call(endpoints.x, params, body)` (src/web/api/client.ts), whose answer type
 * comes from here. The schemas are imported as types only: Zod stays out of the public bundles.
 *
 * Each operation is its own export, read through `import * as endpoints from '…/endpoints.ts'`, so the
 * bundler keeps only the operations the app calls. The reads (endpointReads.ts) and the writes
 * (endpointWrites.ts) are separate modules because a module goes whole into one chunk: the public
 * pages, which only read, do not carry the writes' paths.
 */
export * from './endpointReads.ts';
export * from './endpointWrites.ts';
export type { AnswerOf, BodyOf, Endpoint, Method, PathParamNames, QueryOf } from './endpoint.ts';
