import type { DB } from './db/index.ts';
import type { StorageWatch } from './storage.ts';
import type { ChangeFeed } from './realtime/feed.ts';
import type { EntryCodes } from './auth/entryCodes.ts';
import type { NetLimits } from './http/limits.ts';
import type { RefusalLog } from './http/refusals.ts';
import type { Sender } from './mail/sender.ts';
import type { MirrorTarget, VenueMirror } from './mirror/venue.ts';

export interface ServerConfig {
  /** Competition served at `/` (PROMENADE_COMPETITION); null = the demo, or the only one. */
  defaultCompetition: string | null;
  /** Set Secure on cookies (behind HTTPS). */
  secureCookies: boolean;
  /** Built SPA; null when not serving the web app (API-only tests). */
  webRoot: string | null;
  /**
   * The data folder (PROMENADE_DATA): the installation's secret is kept there. Null only in tests that
   * keep no folder: a secret for this process.
   */
  dataDir: string | null;
  /**
   * The site's public address (PROMENADE_PUBLIC_URL, e.g. `https://comp.example.org`), for links in
   * emails; unset: the address the request that caused the message came to.
   */
  publicUrl?: string | null;
  /**
   * Where email goes (PROMENADE_SMTP_URL: `smtp://user:password@host:port` or `smtps://…`); unset:
   * nothing is sent and messages show as "not sent: no mail server configured" (mail/config.ts).
   */
  smtpUrl?: string | null;
  /** Who messages come from (PROMENADE_MAIL_FROM: `address` or `Name <address>`); unset: see mail/config.ts. */
  mailFrom?: string | null;
  /** Messages a second at most (PROMENADE_MAIL_RATE); unset: mail/config.ts DEFAULT_MAIL_RATE. */
  mailRate?: string | null;
  /**
   * The public site this venue mirrors its competitions to (PROMENADE_MIRROR_URL, _TOKEN,
   * _COMPETITIONS; docs/mirror.md); unset: none.
   */
  mirrorTo?: MirrorTarget | null;
  /** The secrets venues may mirror here with (PROMENADE_MIRROR_ACCEPT_TOKEN); none: no venue may. */
  mirrorAcceptTokens?: string[];
}

declare module 'fastify' {
  interface FastifyInstance {
    db: DB;
    /** Reads in one snapshot over several turns of the event loop (db/index.ts). */
    snapshots: DB;
    feed: ChangeFeed;
    config: ServerConfig;
    /** Proxy hops, stream caps, request timeout (http/limits.ts). */
    limits: NetLimits;
    /** Warnings of repeated refusals, summed up once a minute (http/refusals.ts). */
    refusals: RefusalLog;
    /** How entry codes are stored and looked up (keyed by the installation's secret). */
    entryCodes: EntryCodes;
    /** Whether writes can be stored (storage.ts), for /api/health. */
    storage: StorageWatch;
    /** Delivers the outbox (mail/sender.ts); `wake()` after a command that wrote a message. */
    mail: Sender;
    /** Sends this venue's competitions to the public site; null when it mirrors nothing. */
    mirror: VenueMirror | null;
  }
}
