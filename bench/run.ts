/**
 * `npm run bench` — every benchmark in one table, written to bench/results.json.
 * `npm run bench -- sse throughput` runs only the named figures:
 *   sse         SSE fan-out to 2,000 live clients (p50/p99 delivery)
 *   throughput  GET …/events at 50 keep-alive connections (requests/s, latency)
 *   print       the demo's whole-day judge sheets: open /print-sheets → page.pdf done (median of 3, Chromium)
 *   staff       each staff screen: navigation → first content, first visit and code cached (Chromium)
 *   scrutineer  judge mark → open scrutineer page (p50/p95 over 50 marks, Chromium)
 *   lighthouse  Lighthouse mobile performance of /, /live, /results/{event}
 *   js          JS shipped (gzip KB) per public route, measured in Chromium
 *   scoring     the scoring engine's two figures (bench/scoring.ts)
 *   bodies      server RSS while 12 anonymous clients post a 63 MB import at once (bench/anonBodies.ts)
 *   flood       public GET p50/p99 during a registration flood from 20 and 100 addresses (bench/flood.ts)
 *   signins     public GET p50/p99/max during 100 concurrent wrong sign-ins from rotating addresses, with a
 *               baseline; wrong codes checked against one official from 675 addresses in 40 s (bench/signIns.ts)
 *   pg          PostgreSQL + two instances beside SQLite: public reads, SSE fan-out over both, judge mark
 *               on one → staff stream on the other (bench/postgres.ts; ports PORT+10, PORT+11)
 *   suggest     "Suggest a schedule" on the generated 1,000-entry, 120-round competition: time and
 *               conflicts before/after (bench/scheduleSuggest.ts, in process)
 *   import      a 3,000-row registration import's dry run while a visitor reads: longest event-loop
 *               block and public GET max, with a baseline (bench/importLoad.ts, in process)
 *   mail        3,000 couples imported: their 6,000 confirmations delivered to a local SMTP server, and
 *               public GET p99 meanwhile (bench/confirmations.ts; its own server on PORT+20)
 *   mirror      a venue mirroring to the public site: lag p50/p95 during a busy hour of posted finals,
 *               catch-up of an hour's backlog after an outage (bench/mirror.ts; PORT+30, PORT+31)
 * The server runs as its own process on 127.0.0.1 (ports 3400–3499) with an empty data folder.
 */
import { writeFileSync } from 'node:fs';
import { cpus, loadavg, platform, release, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { buildWeb, startServer, type RunningServer } from './lib/server.ts';
import type { Row } from './lib/report.ts';

// Throughput and print first: they read the demo as seeded, before the other figures add their events.
const ALL = [
  'throughput',
  'print',
  'staff',
  'sse',
  'scrutineer',
  'lighthouse',
  'js',
  'scoring',
  'bodies',
  'flood',
  'signins',
  'pg',
  'suggest',
  'import',
  'mail',
  'mirror',
] as const;
type FigureName = (typeof ALL)[number];
const BROWSER: ReadonlySet<FigureName> = new Set(['print', 'staff', 'scrutineer', 'lighthouse', 'js']);
const PORT = Number(process.env.BENCH_PORT ?? 3411);

const asked = process.argv.slice(2).filter((a) => !a.startsWith('-'));
for (const a of asked)
  if (!(ALL as readonly string[]).includes(a)) {
    console.error(`Unknown figure "${a}". Known: ${ALL.join(', ')}`);
    process.exit(2);
  }
const figures: FigureName[] = asked.length ? (asked as FigureName[]) : [...ALL];

const machine = {
  cpu: `${cpus()[0]?.model.trim() ?? 'unknown CPU'} × ${cpus().length}`,
  ramGiB: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
  node: process.version,
  os: `${platform()} ${release()}`,
  /** 1-minute load average before and after: other work on a shared machine skews every figure. */
  loadBefore: Math.round((loadavg()[0] ?? 0) * 10) / 10,
  loadAfter: 0,
};

async function runFigure(name: FigureName, server: () => Promise<RunningServer>): Promise<Row[]> {
  switch (name) {
    case 'staff':
      return (await import('./staffScreens.ts')).staffScreens(await server());
    case 'sse':
      return (await import('./sse.ts')).sseFanout(await server());
    case 'throughput':
      return (await import('./throughput.ts')).publicReads(await server());
    case 'print':
      return (await import('./print.ts')).wholeDayJudgeSheets(await server());
    case 'scrutineer':
      return (await import('./scrutineer.ts')).markToScrutineer(await server());
    case 'lighthouse':
      return (await import('./lighthouse.ts')).lighthouseScores(await server());
    case 'js':
      return (await import('./jsShipped.ts')).jsShipped(await server());
    case 'scoring':
      return (await import('./scoringFigures.ts')).scoringFigures();
    case 'bodies':
      return (await import('./anonBodies.ts')).anonymousImports(await server());
    case 'flood':
      return (await import('./flood.ts')).registrationFlood(await server());
    case 'signins': {
      const signIns = await import('./signIns.ts');
      const s = await server();
      // The guessing first: the flood's misses would fill the official's minute before it starts.
      const guessed = await signIns.guessOneOfficial(s);
      return [...(await signIns.signInFlood(s)), ...guessed];
    }
    case 'pg':
      return (await import('./postgres.ts')).postgresTwoInstances(await server(), PORT + 10);
    case 'suggest':
      return (await import('./scheduleSuggest.ts')).scheduleSuggestFigures();
    case 'import':
      return (await import('./importLoad.ts')).importFigures();
    case 'mail':
      return (await import('./confirmations.ts')).confirmationDelivery(PORT + 20);
    case 'mirror':
      return (await import('./mirror.ts')).mirrorFigures(PORT + 30);
  }
}

function table(rows: Row[]): string {
  const head = ['figure', 'value', 'target', 'result'];
  const body = rows.map((r) => [
    r.figure,
    r.value,
    r.target || '—',
    r.pass === null ? '' : r.pass ? 'pass' : 'FAIL',
  ]);
  const widths = head.map((_, i) => Math.max(...[head, ...body].map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) =>
    r
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [line(head), widths.map((w) => '─'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}

// Ctrl-C or a timeout: exit normally so the servers' exit guards stop them.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));

// The flood names its client addresses in X-Forwarded-For, as a proxy in front of the server would.
if (figures.includes('flood') || figures.includes('signins')) process.env.PROMENADE_TRUST_PROXY ??= '1';
const started = Date.now();
if (figures.some((f) => BROWSER.has(f))) buildWeb();
let running: RunningServer | null = null;
const server = async () => (running ??= await startServer(PORT));
const rows: Row[] = [];
const failures: string[] = [];
try {
  for (const f of figures) {
    const t0 = Date.now();
    try {
      rows.push(...(await runFigure(f, server)));
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      failures.push(`${f}: ${message}`);
      rows.push({
        figure: `${f} (did not run)`,
        value: (message.split('\n')[0] ?? '').slice(0, 60),
        target: '',
        pass: false,
      });
    }
    console.error(`· ${f} took ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  }
} finally {
  await (running as RunningServer | null)?.stop();
}

machine.loadAfter = Math.round((loadavg()[0] ?? 0) * 10) / 10;
console.log(`\nPromenade benchmarks — ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`);
console.log(
  `Machine: ${machine.cpu}, ${machine.ramGiB} GiB RAM, Node ${machine.node}, ${machine.os}; ` +
    `load average ${machine.loadBefore} before, ${machine.loadAfter} after\n`,
);
console.log(table(rows));
const notes = rows.filter((r) => r.note);
if (notes.length) {
  console.log('');
  for (const r of notes) console.log(`· ${r.figure}: ${r.note}`);
}
for (const f of failures) console.error(`\n${f}`);
console.log(`\n(${((Date.now() - started) / 1000).toFixed(0)} s)`);

// A full run replaces the committed latest figures; a partial run must not, so it goes to the temp folder.
const file = asked.length ? join(tmpdir(), 'promenade-bench-partial.json') : 'bench/results.json';
writeFileSync(
  asked.length ? file : new URL(`../${file}`, import.meta.url),
  JSON.stringify({ at: new Date().toISOString(), machine, figures, rows }, null, 2) + '\n',
);
console.log(`Written to ${file}`);
process.exitCode = failures.length ? 1 : 0;
