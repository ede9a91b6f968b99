/**
 * Entry codes are stored keyed: HMAC-SHA-256 under this installation's secret, a file in the data
 * folder made on first start. A code has 7 characters of 42 (about 2^38): stored as a bare SHA-256,
 * anyone holding the database or an export found every code in minutes on one GPU;
 * without the secret the stored value tells nothing. A keyed hash, not scrypt: a couple's code is
 * still found by one indexed lookup, and a registration (or a 3,000-row import) stays cheap.
 *
 * What is keyed is the old SHA-256 of the code, so the codes stored before are converted without
 * knowing them (`upgradeEntryCodes`, at start-up and on import) and keep working.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { linkSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '../http/db.ts';
import { StartupError } from '../db/dataFolder.ts';

/** The secret's file in the data folder: back it up with the database (README). */
export const SECRET_FILE = 'installation.key';
const PREFIX = 'k1$';

export interface KeyedCodes {
  /** What is stored for a code (and looked up by). */
  hash: (code: string) => string;
  /** What is stored for a code stored before as its bare SHA-256 (hex). */
  fromLegacy: (sha256Hex: string) => string;
}

export interface EntryCodes extends KeyedCodes {
  /**
   * Officials' access codes, under a key of their own. They are random server-made codes like entry
   * codes, so a keyed hash guards them as well as scrypt would, and checking one costs microseconds: a
   * flood of wrong sign-ins cannot tie up the threads that serve files and compression.
   */
  access: KeyedCodes;
  /**
   * Signs a short-lived grant (the registration an emailed link opened, mail/entryLinks.ts) under a key
   * of its own: HMAC-SHA-256, base64url.
   */
  sign: (text: string) => string;
}

function keyed(secret: Buffer, purpose: string): KeyedCodes {
  const key = createHmac('sha256', secret).update(purpose).digest();
  const fromLegacy = (legacy: string) =>
    PREFIX + createHmac('sha256', key).update(legacy).digest('base64url');
  return { fromLegacy, hash: (code) => fromLegacy(createHash('sha256').update(code).digest('hex')) };
}

export function entryCodes(secret: Buffer): EntryCodes {
  // A key per kind of code, so the installation's secret may key other things too.
  const grantKey = createHmac('sha256', secret).update('promenade entry grants').digest();
  return {
    ...keyed(secret, 'promenade entry codes'),
    access: keyed(secret, 'promenade access codes'),
    sign: (text) => createHmac('sha256', grantKey).update(text).digest('base64url'),
  };
}

/** Whether `stored` is a keyed code (not a bare SHA-256, nor an official's scrypt hash of before). */
export const isKeyed = (stored: string): boolean => stored.startsWith(PREFIX);

function readSecret(file: string): Buffer {
  const secret = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  if (secret.length < 32)
    throw new Error(
      `${file} is damaged (it must hold the installation's secret): restore it from a backup of the data folder. Without it no couple's entry code can be checked.`,
    );
  return secret;
}

/**
 * The installation's secret from `dir`, made there on the first start (`created`); `dir` null: one for
 * this process only (tests that keep no data folder).
 */
export function installationSecret(dir: string | null): { secret: Buffer; created: boolean } {
  if (dir === null) return { secret: randomBytes(32), created: true };
  const file = join(dir, SECRET_FILE);
  try {
    return { secret: readSecret(file), created: false };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  // Written whole under another name, then linked into place: a second process starting at the same
  // moment reads either no file or the whole one, never half of it, and both end with the same secret.
  const draft = `${file}.${process.pid}.new`;
  writeFileSync(draft, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600 });
  let created = true;
  try {
    linkSync(draft, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    created = false;
  } finally {
    unlinkSync(draft);
  }
  return { secret: readSecret(file), created };
}

/** Re-stores every entry code still stored as a bare SHA-256 (made before keying, or imported). */
export async function upgradeEntryCodes(db: Db, codes: EntryCodes): Promise<number> {
  const legacy = await db
    .selectFrom('registrations')
    .select(['id', 'entry_code_hash'])
    .where('entry_code_hash', 'not like', `${PREFIX}%`)
    .execute();
  for (const r of legacy)
    await db
      .updateTable('registrations')
      .set({ entry_code_hash: codes.fromLegacy(r.entry_code_hash) })
      .where('id', '=', r.id)
      .execute();
  return legacy.length;
}

/**
 * Re-stores every official's access code still stored as a bare SHA-256 (the demo's seed writes them
 * so, before the app holds the secret). Codes stored as scrypt hashes (before access codes were keyed)
 * cannot be converted without the code: they are re-stored keyed at their official's next sign-in.
 */
export async function upgradeAccessCodes(db: Db, codes: EntryCodes): Promise<number> {
  const bare = await db
    .selectFrom('officials')
    .select(['id', 'access_code_hash'])
    .where('access_code_hash', 'not like', `${PREFIX}%`)
    .where('access_code_hash', 'not like', 'scrypt$%')
    .execute();
  for (const o of bare)
    await db
      .updateTable('officials')
      .set({ access_code_hash: codes.access.fromLegacy(o.access_code_hash) })
      .where('id', '=', o.id)
      .execute();
  return bare.length;
}

/** Whether any entry code is stored keyed (so a new secret would leave it unusable). */
export async function anyKeyedCode(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('registrations')
    .select('id')
    .where('entry_code_hash', 'like', `${PREFIX}%`)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Instances sharing one database must hold the same secret, or a couple's code works on one and not
 * on another. The database keeps a check value of the secret it was first used with (table
 * `installation`); another secret throws, naming the file to copy.
 */
export async function checkSharedSecret(db: Db, secret: Buffer, file: string): Promise<void> {
  const value = createHmac('sha256', secret).update('promenade installation key check').digest('base64url');
  await db
    .insertInto('installation')
    .values({ name: 'installation_key', value })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const kept = await db
    .selectFrom('installation')
    .select('value')
    .where('name', '=', 'installation_key')
    .executeTakeFirstOrThrow();
  if (kept.value !== value)
    throw new StartupError(
      `${file} is not the installation's secret this database's entry codes were stored with: every instance on one database needs the same file. Copy installation.key from an instance that works (or from the backup), then start again.`,
    );
}
