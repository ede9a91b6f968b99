import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { Client, onPostgres, startServerProcess, type SentMarks, type ServerProcess } from './harness.ts';
import { seededShuffle } from '../../domain/random.ts';
import { freePort } from './pgCluster.ts';

/**
 * The server is killed (SIGKILL, no chance to flush or close) while five judges submit
 * marks as fast as they can. After a restart on the same data folder every acknowledged mark is there,
 * every stored mark has its whole history and nothing is half-written; the judges' devices then resend
 * what was not acknowledged with the same idempotency keys and everything lands exactly once.
 */
// One port for the first process and its restart; free now (a fixed range met other tests' sockets).
const PORT = await freePort();
const base = `http://127.0.0.1:${PORT}`;
const KEY = 'demo';
const DANCES = ['Waltz', 'Tango', 'Viennese Waltz', 'Foxtrot', 'Quickstep'];
const ADMIN = { email: 'admin@example.com', password: 'secret123' };

type Server = ServerProcess;

const startProcess = (dir: string): Promise<Server> => startServerProcess(PORT, dir);

/** A deterministic choice of `k` couples for submission `i` of a judge. */
function pick(couples: string[], k: number, seed: number): string[] {
  return seededShuffle(couples, seed).slice(0, k);
}

// SQLite only: it reads the SQLite file after the kill. On PostgreSQL the two-instance test kills an
// instance mid-burst (realtime/instances.test.ts).
describe.skipIf(onPostgres)('durability: SIGKILL while judges submit marks', () => {
  it('keeps every acknowledged mark, writes nothing half-way, and takes the resends exactly once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'promenade-kill-'));
    let server = await startProcess(dir);
    try {
      const codes = [...server.output().matchAll(/Judge\s+.+?\s+id (\d+)\s+code (\S{7})/g)].map((m) => ({
        id: Number(m[1]),
        code: m[2]!,
      }));
      expect(codes).toHaveLength(5);
      const admin = new Client(base);
      expect((await admin.login(ADMIN.email, ADMIN.password)).status).toBe(200);

      // An event of our own: 16 couples, five dances, the five judges; its first round running.
      const api = `/api/v1/competitions/${KEY}`;
      const ev = (
        await admin.post(`${api}/events`, {
          name: 'Durability Standard',
          style: 'Standard',
          level: 'Gold',
          dances: DANCES,
        })
      ).body as { key: string };
      const path = `${api}/events/${ev.key}`;
      for (let i = 0; i < 16; i++) {
        const res = await admin.post(`${path}/entries`, {
          leadName: `Lead ${i}`,
          followName: `Follow ${i}`,
          leadNumber: 900 + i,
        });
        expect(res.status).toBe(201);
      }
      expect((await admin.put(`${path}/panel`, { officialIds: codes.map((c) => c.id) })).status).toBe(200);
      expect((await admin.post(`${path}/rounds/generate`, {})).status).toBe(200);
      const started = await admin.post(`${path}/rounds/1/start`, {});
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      const couples: string[] = started.body.round.couples;
      const recall: number = started.body.round.marksPerDance;
      const marksPath = (judge: number) => `${path}/rounds/1/marks/${judge}`;

      const judges = new Map<number, Client>();
      for (const { id, code } of codes) {
        const c = new Client(base);
        expect((await c.post(`${api}/officials/${id}/session`, { code })).status).toBe(200);
        judges.set(id, c);
      }

      // Every judge submits (and corrects) dance after dance until the server dies under them.
      const log: SentMarks[] = [];
      let acknowledged = 0;
      const send = async (s: SentMarks) => {
        const res = await judges.get(s.judge)!.call(
          'PUT',
          marksPath(s.judge),
          { [s.dance]: s.value },
          {
            'idempotency-key': s.key,
          },
        );
        return res;
      };
      const judgeLoop = async (judge: number) => {
        for (let i = 0; ; i++) {
          const dance = DANCES[i % DANCES.length]!;
          if (i >= DANCES.length && i % DANCES.length === 0) {
            // A submitted dance is locked: the chairman unlocks all five before each round
            // of corrections — one unlock per five submissions, so the kill almost always finds a
            // submission in flight (the resends below need some).
            try {
              const res = await admin.post(`${marksPath(judge)}/unlock`, {
                dances: DANCES,
                reason: 'durability',
              });
              if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
            } catch (err) {
              if (err instanceof Error && /^\d{3} /.test(err.message)) throw err;
              return; // the server died: no submission of this dance was sent
            }
          }
          const s: SentMarks = {
            judge,
            dance,
            value: pick(couples, recall, judge * 1000 + i),
            key: `dur-${judge}-${i}`,
            acknowledged: false,
          };
          log.push(s);
          try {
            const res = await send(s);
            if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
            s.acknowledged = true;
            s.version = res.body.marks[s.dance][String(judge)].version;
            acknowledged++;
          } catch (err) {
            if (err instanceof Error && /^\d{3} /.test(err.message)) throw err;
            return; // the connection died with the server: this one was never acknowledged
          }
        }
      };
      const loops = codes.map((c) => judgeLoop(c.id));
      while (acknowledged < 60) await new Promise((r) => setTimeout(r, 5));
      server.child.kill('SIGKILL');
      await server.exited;
      await Promise.all(loops);
      const lost = log.filter((s) => !s.acknowledged);
      expect(acknowledged).toBeGreaterThanOrEqual(60);

      // Restart on the same folder. Sessions live in the database: the tablets stay signed in.
      server = await startProcess(dir);
      const db = new SQLite(join(dir, 'promenade.sqlite'), { readonly: true });
      try {
        expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
        const stored = (await admin.get(`${path}/rounds/1/marks`)).body as {
          marks: Record<string, Record<string, { value: string[]; version: number }>>;
        };
        for (const judge of judges.keys()) {
          for (const dance of DANCES) {
            const mine = log.filter((s) => s.judge === judge && s.dance === dance);
            const lastAck = mine.filter((s) => s.acknowledged).at(-1);
            const now = stored.marks[dance]?.[String(judge)];
            if (!lastAck) continue;
            // Never behind what the judge was told was saved…
            expect(now, `${judge}/${dance}`).toBeDefined();
            expect(now!.version).toBeGreaterThanOrEqual(lastAck.version!);
            // …and when at that version, exactly that value; beyond it only the one in flight.
            if (now!.version === lastAck.version)
              expect([...now!.value].sort()).toEqual([...lastAck.value].sort());
            else expect(lost.some((s) => s.judge === judge && s.dance === dance)).toBe(true);
          }
        }
        // Nothing half-written: every mark's history runs 1…version and ends at the stored value.
        const marks = db.prepare('SELECT id, value, version FROM marks').all() as {
          id: number;
          value: string;
          version: number;
        }[];
        for (const m of marks) {
          const history = db
            .prepare('SELECT version, value FROM mark_history WHERE mark_id = ? ORDER BY version')
            .all(m.id) as { version: number; value: string }[];
          expect(history.map((h) => h.version)).toEqual(Array.from({ length: m.version }, (_, i) => i + 1));
          expect(history.at(-1)!.value).toBe(m.value);
        }
        // Every acknowledged submission is in the history with the version the judge was told.
        for (const s of log.filter((x) => x.acknowledged)) {
          const row = db
            .prepare(
              `SELECT h.value FROM mark_history h JOIN marks m ON m.id = h.mark_id
               WHERE m.official_id = ? AND m.dance = ? AND h.version = ?`,
            )
            .get(s.judge, s.dance, s.version) as { value: string } | undefined;
          expect(row, s.key).toBeDefined();
          expect([...(JSON.parse(row!.value) as string[])].sort()).toEqual([...s.value].sort());
        }
      } finally {
        db.close();
      }

      // The devices resend what was never acknowledged, with the same keys: each lands once.
      expect(lost.length).toBeGreaterThan(0);
      for (const s of lost) expect((await send(s)).status).toBe(200);
      for (const s of lost) expect((await send(s)).status).toBe(200); // a second resend is a replay
      const final = (await admin.get(`${path}/rounds/1/marks`)).body as {
        marks: Record<string, Record<string, { value: string[]; version: number }>>;
      };
      for (const judge of judges.keys()) {
        for (const dance of DANCES) {
          const last = log.filter((s) => s.judge === judge && s.dance === dance).at(-1);
          if (!last) continue;
          expect([...final.marks[dance]![String(judge)]!.value].sort()).toEqual([...last.value].sort());
        }
      }
      // A replay of an acknowledged submission changes nothing.
      const first = log.find((s) => s.acknowledged)!;
      const before = final.marks[first.dance]![String(first.judge)]!.version;
      expect((await send(first)).status).toBe(200);
      const again = (await admin.get(`${path}/rounds/1/marks`)).body as typeof final;
      expect(again.marks[first.dance]![String(first.judge)]!.version).toBe(before);
    } finally {
      server.child.kill('SIGKILL');
      await server.exited;
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
