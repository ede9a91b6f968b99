import type { FastifyRequest } from 'fastify';

/**
 * The origin links in an email start with: PROMENADE_PUBLIC_URL when set, else the address the
 * request that caused the message came to (behind trusted proxies, their X-Forwarded-Proto/Host).
 */
export function siteOrigin(req: FastifyRequest): string {
  const configured = req.server.config.publicUrl;
  if (configured) return configured.replace(/\/+$/, '');
  return `${req.protocol}://${req.host}`;
}
