/**
 * A route's declaration in one call: who may call it (`config.access`, checked by access.ts before the
 * body is read) and its schemas, under its resource's OpenAPI tag. Each routes file makes its own
 * declarer, `const route = routesTagged('events')`, then writes `app.get(url, route('public', {…}), handler)`;
 * the schema keeps its exact type, so the handler's `req.params`, `req.body` and answer stay typed.
 */
import type { FastifyContextConfig, FastifySchema } from 'fastify';
import type { Access, StaffRole } from './access.ts';

export function routesTagged(tag: string) {
  return <S extends FastifySchema>(
    access: Access,
    schema: S,
    config: Omit<FastifyContextConfig, 'access'> = {},
  ) => ({ config: { ...config, access }, schema: { tags: [tag], ...schema } });
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
