import { closeSync, mkdirSync, openSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import SQLite from 'better-sqlite3';

/** A start-up fault the operator must fix: said in one line with the path and what to do, no stack. */
export class StartupError extends Error {
  override name = 'StartupError';
}

export const LOCK_FILE = 'promenade.lock';

function reason(err: unknown): string {
  const e = err as NodeJS.ErrnoException;
  switch (e.code) {
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EROFS':
      return 'the file system is read-only';
    case 'ENOSPC':
      return 'the disk is full';
    case 'ENOTDIR':
      return 'a part of the path is a file, not a folder';
    case 'ENOENT':
      return 'the path cannot be created there';
    default:
      return e.message ?? String(err);
  }
}

/**
 * Makes sure `dir` is a folder Promenade can write, creating it (and missing parents) if needed.
 * Each missing part is made on its own: Node's recursive mkdir spins forever under /proc.
 */
export function prepareDataFolder(dir: string): void {
  const fail = (cause: string) =>
    new StartupError(
      `The data folder ${dir} cannot be used: ${cause}. Set PROMENADE_DATA to a folder this user can write.`,
    );
  const missing: string[] = [];
  let at = dir;
  for (;;) {
    try {
      if (!statSync(at).isDirectory())
        throw fail(at === dir ? 'it is a file, not a folder' : `${at} is a file, not a folder`);
      break;
    } catch (err) {
      if (err instanceof StartupError) throw err;
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw fail(reason(err));
      missing.unshift(at);
      const up = dirname(at);
      if (up === at) throw fail('its root does not exist');
      at = up;
    }
  }
  for (const part of missing) {
    try {
      mkdirSync(part);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST')
        throw fail(`cannot create ${part}: ${reason(err)}`);
    }
  }
  // Permission bits do not tell (a read-only mount, root): write a file to know.
  const probe = join(dir, `.promenade-write-test-${process.pid}`);
  try {
    const fd = openSync(probe, 'w');
    try {
      writeSync(fd, 'ok');
    } finally {
      closeSync(fd);
    }
    unlinkSync(probe);
  } catch (err) {
    throw fail(`cannot write in it: ${reason(err)}`);
  }
}

/**
 * Takes the data folder for this process: an exclusive SQLite lock on `promenade.lock`, held until
 * `release` or the process ends. SQLite's locks are the operating system's (fcntl), so the kernel drops
 * them when the holder dies, even by kill -9: there is never a stale lock to clean up. A second server
 * on the same folder is refused before it migrates or writes anything.
 */
export function lockDataFolder(dir: string): () => void {
  const file = join(dir, LOCK_FILE);
  let lock: SQLite.Database;
  try {
    lock = new SQLite(file, { timeout: 0 });
    lock.pragma('journal_mode = DELETE');
    // EXCLUSIVE mode keeps the write lock after the first write's commit, for as long as the connection lives.
    lock.pragma('locking_mode = EXCLUSIVE');
    lock.exec('CREATE TABLE IF NOT EXISTS holder (pid INTEGER NOT NULL, since TEXT NOT NULL)');
    lock.exec('DELETE FROM holder');
    lock.prepare('INSERT INTO holder (pid, since) VALUES (?, ?)').run(process.pid, new Date().toISOString());
  } catch (err) {
    const code = (err as { code?: string }).code ?? '';
    if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'))
      throw new StartupError(
        `Another Promenade server is already running on the data folder ${dir} (it holds ${file}). Stop it first, or give this one another PROMENADE_DATA: two servers on one folder would lose changes.`,
      );
    throw new StartupError(`The lock file ${file} cannot be used: ${(err as Error).message}.`);
  }
  return () => lock.close();
}
