import type { DB } from './db/index.ts';
import type { ChangeFeed } from './realtime/feed.ts';

export interface ServerConfig {
  /** Competition served at `/` (PROMENADE_COMPETITION); null = the demo, or the only one. */
  defaultCompetition: string | null;
  /** Set Secure on cookies (behind HTTPS). */
  secureCookies: boolean;
  /** Built SPA; null when not serving the web app (API-only tests). */
  webRoot: string | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: DB;
    feed: ChangeFeed;
    config: ServerConfig;
  }
}
