import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres, startServerProcess, type ServerProcess } from '../test/harness.ts';
import { freePort } from '../test/pgCluster.ts';
import { startSmtp, type TestSmtp } from '../test/kits/smtp.ts';

/**
 * The server is killed (SIGKILL: no chance to finish or close) while the mail server is still taking
 * messages in, its answer to DATA held back. After a restart on the same data folder every message
 * arrives, and each exactly once (counted by Message-ID): those the mail server had answered are not
 * sent again, those it had not are.
 */
const PORT = await freePort();
const FIRST = 5;
const SECOND = 10;

let smtp: TestSmtp;
const dir = mkdtempSync(join(tmpdir(), 'promenade-mailkill-'));
beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(async () => {
  await smtp.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** Messages written straight into the server's SQLite file, as a command's transaction would. */
function enqueue(file: string, from: number, count: number): void {
  const db = new SQLite(file);
  db.pragma('busy_timeout = 5000');
  try {
    const at = new Date().toISOString();
    const insert = db.prepare(
      `insert into messages (competition_id, kind, to_address, to_name, subject, text_body, next_attempt_at, created_at)
       values ((select min(id) from competitions), 'confirmation', ?, '', ?, 'Hello', ?, ?)`,
    );
    db.transaction(() => {
      for (let i = from; i < from + count; i++) insert.run(`dancer${i}@example.org`, `Entry ${i}`, at, at);
    })();
  } finally {
    db.close();
  }
}

function statuses(file: string): Record<string, number> {
  const db = new SQLite(file, { readonly: true });
  try {
    const rows = db.prepare('select status, count(*) as n from messages group by status').all() as {
      status: string;
      n: number;
    }[];
    return Object.fromEntries(rows.map((r) => [r.status, r.n]));
  } finally {
    db.close();
  }
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(onPostgres)('the sender killed mid-send', () => {
  it('loses no message and sends none twice', async () => {
    const file = join(dir, 'promenade.sqlite');
    const env = { PROMENADE_SMTP_URL: smtp.url };
    let server: ServerProcess = await startServerProcess(PORT, dir, env);
    try {
      // Some go through at once and are recorded sent.
      enqueue(file, 0, FIRST);
      await smtp.waitForCount(FIRST, () => true, 15_000);
      for (let i = 0; i < 100 && (statuses(file).sent ?? 0) < FIRST; i++) await wait(100);
      expect(statuses(file).sent).toBe(FIRST);

      // Then the mail server is slow to answer, and the server dies while messages are in its hands.
      smtp.delayData(4_000);
      const before = smtp.dataStarted;
      enqueue(file, FIRST, SECOND);
      for (let i = 0; i < 200 && smtp.dataStarted < before + 3; i++) await wait(50);
      expect(smtp.dataStarted).toBeGreaterThanOrEqual(before + 3);
      server.child.kill('SIGKILL');
      await server.exited;
      expect(smtp.mails).toHaveLength(FIRST);
      const left = statuses(file);
      expect(left.pending).toBe(SECOND);

      // Back up: what was in flight goes again, once.
      smtp.delayData(0);
      server = await startServerProcess(PORT, dir, env);
      await smtp.waitForCount(FIRST + SECOND, () => true, 30_000);
      for (let i = 0; i < 100 && (statuses(file).sent ?? 0) < FIRST + SECOND; i++) await wait(100);
      // A moment more: nothing else arrives.
      await wait(1_500);
      const byId = new Map<string, number>();
      for (const m of smtp.mails) byId.set(m.messageId, (byId.get(m.messageId) ?? 0) + 1);
      expect(byId.size).toBe(FIRST + SECOND);
      expect([...byId.values()].every((n) => n === 1)).toBe(true);
      expect(new Set(smtp.mails.map((m) => m.to[0])).size).toBe(FIRST + SECOND);
      expect(statuses(file)).toEqual({ sent: FIRST + SECOND });
    } finally {
      server.child.kill('SIGKILL');
      await server.exited;
    }
  }, 120_000);
});
