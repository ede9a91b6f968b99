/**
 * 3,000 couples imported at once: their 6,000 confirmations (one per dancer's address) are delivered to a
 * local SMTP server while visitors read the public pages. A server process of its own (it needs
 * PROMENADE_SMTP_URL) and an SMTP server in a process of its own that accepts everything and counts
 * what arrives, by recipient. Measured: the import's own time (the confirmations are written in its
 * transaction), the time from the import's answer until every recipient got its message (and whether any
 * got two), and the p99 of public GETs (`…/{key}`, `/events`, `/competitors`, one after another) during
 * the delivery.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { API, Api, startServer } from './lib/server.ts';
import { percentile } from './lib/stats.ts';
import { ms, type Row } from './lib/report.ts';
import { importFile } from '../src/server/test/importUnderReads.ts';
import { MAX_IMPORT_ROWS } from '../src/domain/schemas/registration.ts';

/** Each imported couple has two addresses of its own. */
const EXPECTED = MAX_IMPORT_ROWS * 2;
const TARGET_MS = 60_000;
/** How long to wait for the last message before giving up (the figure fails). */
const GIVE_UP_MS = Number(process.env.BENCH_MAIL_GIVE_UP_MS ?? 120_000);
/** With nothing at all delivered by then, no sender runs: stop waiting. */
const NOTHING_YET_MS = 20_000;
const GETS = [API, `${API}/events`, `${API}/competitors`];

/**
 * An SMTP server on a free port of 127.0.0.1 that takes any message and counts it per recipient, in a
 * process of its own (countingSmtp.mjs): taking 6,000 messages in this process held up the GETs it
 * times, a cost of the bench, not of the server.
 */
async function countingSmtp() {
  const child = fork(fileURLToPath(new URL('./countingSmtp.mjs', import.meta.url)), [], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let latest = { size: 0, twice: 0, firstAt: 0, lastAt: 0 };
  const port = await new Promise<number>((resolve, reject) => {
    child.once('error', reject);
    child.on('message', (m: { type: string; port?: number } & typeof latest) => {
      if (m.type === 'port') resolve(m.port!);
      else if (m.type === 'count') latest = m;
    });
  });
  return {
    port,
    /** Recipients that got mail so far (as last told, at most 50 ms ago). */
    delivered: () => latest.size,
    /** The final count, asked for: recipients, those that got two, first and last arrival (epoch ms). */
    final: () =>
      new Promise<typeof latest>((resolve) => {
        child.on('message', (m: { type: string } & typeof latest) => {
          if (m.type === 'count') resolve(m);
        });
        child.send('report');
      }),
    close: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.send('close');
      }),
  };
}

/** `nodeArgs`: for the server process (`npm run bench:profile -- mail` passes --cpu-prof). */
export async function confirmationDelivery(port: number, nodeArgs: string[] = []): Promise<Row[]> {
  const smtp = await countingSmtp();
  const data = mkdtempSync(join(tmpdir(), 'promenade-bench-mail-'));
  const server = await startServer(port, nodeArgs, undefined, undefined, {
    data,
    env: {
      PROMENADE_SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      PROMENADE_MAIL_FROM: 'Promenade bench <bench@example.org>',
    },
  });
  try {
    const admin = await Api.admin(server.url);
    // Phones have the pages open before the import: the server keeps them from then on.
    for (const path of GETS) await (await fetch(server.url + path)).arrayBuffer();

    const t0 = performance.now();
    const answer = await admin.post<{ created: number }>(`${API}/registrations/import`, {
      csv: importFile(),
      dryRun: false,
    });
    const importMs = performance.now() - t0;
    if (answer.created !== MAX_IMPORT_ROWS) throw new Error(`the import created ${answer.created} couples`);
    const queuedAt = performance.now();
    const queuedAtEpoch = Date.now();

    const reads: number[] = [];
    for (let i = 0; ; i++) {
      const waited = performance.now() - queuedAt;
      if (smtp.delivered() >= EXPECTED || waited > GIVE_UP_MS) break;
      if (smtp.delivered() === 0 && waited > NOTHING_YET_MS) break;
      const t = performance.now();
      await (await fetch(server.url + GETS[i % GETS.length]!)).arrayBuffer();
      reads.push(performance.now() - t);
    }
    const { size: delivered, twice, lastAt } = await smtp.final();
    const deliveryMs = delivered ? lastAt - queuedAtEpoch : NaN;
    const all = delivered >= EXPECTED;
    reads.sort((a, b) => a - b);
    const p99 = percentile(reads, 99);
    const figures = { importMs, deliveryMs, delivered, expected: EXPECTED, twice, reads: reads.length, p99 };
    return [
      {
        figure: `Import of ${MAX_IMPORT_ROWS.toLocaleString('en-US')} couples with their confirmations: time`,
        value: ms(importMs),
        target: '',
        pass: null,
        data: figures,
      },
      {
        figure: `${EXPECTED.toLocaleString('en-US')} confirmations from the import → delivered to a local SMTP server`,
        value: all ? ms(deliveryMs) : `${delivered} of ${EXPECTED} delivered`,
        target: `all in < ${TARGET_MS / 1000} s, none twice`,
        pass: all && deliveryMs < TARGET_MS && twice === 0,
        note:
          delivered === 0
            ? `nothing arrived within ${NOTHING_YET_MS / 1000} s: no sender delivers the outbox`
            : `${twice} recipients got a message twice`,
      },
      {
        figure: 'Public GET during the delivery (p50 / p99)',
        value: `${percentile(reads, 50).toFixed(1)} / ${p99.toFixed(1)} ms`,
        target: 'p99 < 100 ms',
        pass: reads.length > 0 && p99 < 100,
        note: `${reads.length} GETs of …/{key}, /events, /competitors one after another`,
      },
    ];
  } finally {
    await server.stop();
    await smtp.close();
    rmSync(data, { recursive: true, force: true });
  }
}
