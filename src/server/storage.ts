/**
 * Whether this server can store writes, for /api/health: `full` (no room on the disk, or the
 * database's size limit reached), `read-only` (the database or its folder refuses writes) or `ok`.
 * Two witnesses: the last write's own outcome (a write refused for want of room or as read-only marks
 * the state until a write commits again), and the data folder itself (free space and write permission,
 * looked at once a second at most), which tells before any write has failed.
 */
import { accessSync, constants, statfsSync } from 'node:fs';
import { isStorageFull, isStorageReadOnly } from './db/dialect.ts';

export type StorageState = 'ok' | 'full' | 'read-only';

/** Below this much free space SQLite cannot be counted on to grow its file or its write-ahead log. */
export const MIN_FREE_BYTES = 8 * 1024 * 1024;
const LOOK_EVERY_MS = 1000;

export class StorageWatch {
  private lastWrite: StorageState = 'ok';
  private folder: StorageState = 'ok';
  private lookedAt = 0;

  constructor(private readonly dataDir: string | null) {}

  /** A write committed: there was room and permission for it. */
  stored(): void {
    this.lastWrite = 'ok';
  }

  /** A write failed: remember it when the storage was the cause. */
  failed(err: unknown): void {
    if (isStorageFull(err)) this.lastWrite = 'full';
    else if (isStorageReadOnly(err)) this.lastWrite = 'read-only';
  }

  state(now = Date.now()): StorageState {
    if (this.dataDir !== null && now - this.lookedAt >= LOOK_EVERY_MS) {
      this.lookedAt = now;
      this.folder = lookAtFolder(this.dataDir);
    }
    if (this.folder !== 'ok') return this.folder;
    return this.lastWrite;
  }
}

function lookAtFolder(dir: string): StorageState {
  try {
    accessSync(dir, constants.W_OK);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EROFS' || code === 'EACCES' || code === 'EPERM') return 'read-only';
    return 'ok';
  }
  try {
    const fs = statfsSync(dir);
    return fs.bavail * fs.bsize < MIN_FREE_BYTES ? 'full' : 'ok';
  } catch {
    return 'ok';
  }
}
