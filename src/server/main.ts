import { resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { exclusively, openConfigured, redactUrl } from './db/index.ts';
import { StartupError } from './db/dataFolder.ts';
import { buildApp } from './app.ts';
import { parseMailFrom, parseMailRate, parseSmtpUrl } from './mail/config.ts';
import { fileDescriptorLimit } from './http/limits.ts';
import { seedDemo } from './demo/seed.ts';
import { mirrorSettings } from './mirror/config.ts';
import { FULL_SCRYPT_N, hashSecret, scryptCost } from './auth/passwords.ts';

const env = process.env;
const port = Number(env.PORT ?? 3000);
const host = env.HOST ?? '0.0.0.0';
const dataDir = resolve(env.PROMENADE_DATA ?? './data');
const webRoot = env.PROMENADE_WEB_ROOT
  ? resolve(env.PROMENADE_WEB_ROOT)
  : resolve(dirname(fileURLToPath(import.meta.url)), '../../dist/web');

// Mail settings are checked before anything is opened (buildApp reads them again).
try {
  parseMailFrom(env.PROMENADE_MAIL_FROM, {
    publicUrl: env.PROMENADE_PUBLIC_URL,
    smtp: parseSmtpUrl(env.PROMENADE_SMTP_URL),
  });
  parseMailRate(env.PROMENADE_MAIL_RATE);
  mirrorSettings(env);
} catch (err) {
  if (!(err instanceof StartupError)) throw err;
  console.error(`Promenade cannot start: ${err.message}`);
  process.exit(1);
}

// A fault the operator must fix (the folder, its lock, its disk, the database's address) is one line
// with the path, then exit 1. PROMENADE_DATABASE_URL=postgres://… selects PostgreSQL; unset: SQLite.
const opened = await openConfigured({ dataDir, databaseUrl: env.PROMENADE_DATABASE_URL }).catch(
  (err: unknown) => {
    if (!(err instanceof StartupError)) throw err;
    console.error(`Promenade cannot start: ${err.message}`);
    process.exit(1);
  },
);
const { db, snapshots, close } = opened;
const notices: string[] = [];

// First start on an empty database: the demo competition and an administrator. Instances starting
// together on one PostgreSQL take turns, so only the first one seeds.
await exclusively(opened, async (db) => {
  const anyCompetition = await db.selectFrom('competitions').select('id').executeTakeFirst();
  if (!anyCompetition && env.PROMENADE_DEMO !== '0') {
    const demo = await seedDemo(db);
    notices.push(`Demo competition "${demo.key}" created. Officials' access codes (shown only now):`);
    for (const c of demo.codes)
      notices.push(
        `  ${c.role.padEnd(13)} ${c.name.padEnd(22)} id ${String(c.id).padEnd(4)} code ${c.accessCode}`,
      );
  }
  const anyUser = await db.selectFrom('users').select('id').executeTakeFirst();
  if (!anyUser) {
    const email = (env.PROMENADE_ADMIN_EMAIL ?? 'admin@promenade.local').trim().toLowerCase();
    const given = env.PROMENADE_ADMIN_PASSWORD;
    if (given !== undefined && given.length < 6)
      throw new Error('PROMENADE_ADMIN_PASSWORD must be at least 6 characters.');
    const password = given ?? randomBytes(9).toString('base64url');
    await db
      .insertInto('users')
      .values({ email, name: 'Administrator', password_hash: await hashSecret(password), is_super_admin: 1 })
      .execute();
    notices.push(
      `Administrator account: ${email}  password: ${given ? '(from PROMENADE_ADMIN_PASSWORD)' : password}`,
    );
  }
});

if (env.PROMENADE_COMPETITION) {
  const found = await db
    .selectFrom('competitions')
    .select('id')
    .where('key', '=', env.PROMENADE_COMPETITION)
    .executeTakeFirst();
  if (!found)
    notices.push(
      `Warning: PROMENADE_COMPETITION="${env.PROMENADE_COMPETITION}" does not exist yet; the site shows "not found" until it is created.`,
    );
}

// An operator who copied a test setting must not weaken password hashing without being told.
if (scryptCost() < FULL_SCRYPT_N) {
  notices.push(
    `Warning: PROMENADE_TEST_SCRYPT_N lowers password hashing to N=${scryptCost()} (tests only); unset it in production.`,
  );
}

const app = await buildApp({
  db,
  snapshots,
  database: { kind: opened.kind, url: opened.url },
  config: {
    defaultCompetition: env.PROMENADE_COMPETITION ?? null,
    secureCookies: env.PROMENADE_SECURE_COOKIES === '1',
    webRoot,
    dataDir,
    publicUrl: env.PROMENADE_PUBLIC_URL?.trim() || null,
    smtpUrl: env.PROMENADE_SMTP_URL?.trim() || null,
    mailFrom: env.PROMENADE_MAIL_FROM?.trim() || null,
    mailRate: env.PROMENADE_MAIL_RATE?.trim() || null,
    ...mirrorSettings(env),
  },
  logger: { level: env.LOG_LEVEL ?? 'info' },
  // A burst of public changes (a registration flood) is announced once a second (README: Load limits).
  publicPulseMs: Number(env.PROMENADE_PUBLIC_PULSE_MS ?? 1000),
}).catch((err: unknown) => {
  if (!(err instanceof StartupError)) throw err;
  console.error(`Promenade cannot start: ${err.message}`);
  process.exit(1);
});

notices.push(
  app.mail.configured
    ? `Mail: through ${redactUrl(env.PROMENADE_SMTP_URL ?? '')}, from ${app.mail.from}`
    : 'Mail: no mail server configured (PROMENADE_SMTP_URL): messages are kept and shown as not sent',
);

// What a flood meets (README "Configuration"): worth seeing when a venue's phones share one address.
const lim = app.limits;
notices.push(
  `Live streams: ${lim.streamsPerAddress} per address, ${lim.streamsTotal} in all (open-file limit ${fileDescriptorLimit()}); proxies trusted: ${lim.trustProxyHops}`,
);

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'shutting down: finishing requests in flight');
  // Keep-alive connections that go idle after close() began would hold it open: close them as they idle,
  // and give requests in flight at most ten seconds.
  const idle = setInterval(() => app.server.closeIdleConnections(), 100);
  const hard = setTimeout(() => app.server.closeAllConnections(), 10_000);
  try {
    await app.close();
    clearInterval(idle);
    clearTimeout(hard);
    await close();
  } finally {
    process.exit(0);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port, host });
// PORT=0 takes any free port: say the one taken.
const bound = app.server.address();
const listening = typeof bound === 'object' && bound ? bound.port : port;
const line = '─'.repeat(72);
console.log(
  `\n${line}\n Promenade is running at http://localhost:${listening}\n Data: ${dataDir}${opened.url ? `\n Database: ${redactUrl(opened.url)}` : ''}`,
);
for (const n of notices) console.log(` ${n}`);
console.log(`${line}\n`);
