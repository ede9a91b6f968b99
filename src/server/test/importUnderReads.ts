/**
 * A 3,000-row registration import while a visitor reads, measured from inside the server's process:
 * the longest event-loop block and the visitor's reads, with a baseline of the same visitor and no
 * import just before. Shared by `importLoad.test.ts` (a wide bound) and `npm run bench -- import`
 * (the exact figures).
 */
import { MAX_IMPORT_ROWS } from '../../domain/schemas/registration.ts';
import { Client, type Res } from './harness.ts';

const COMPETITORS = '/api/v1/competitions/demo/competitors?limit=20';

/**
 * The longest event-loop block while it runs. The server must run in this process: its event loop is
 * this one. A block is a gap between two ticks of a 1 ms timer, counted as the CPU time this process
 * used in it: on a shared 2-core machine the OS also pauses the process, and that is not the server
 * holding its event loop.
 */
export function blockProbe(): { stop: () => number } {
  let longest = 0;
  let lastWall = performance.now();
  let lastCpu = process.cpuUsage();
  const probe = setInterval(() => {
    const wall = performance.now();
    const cpu = process.cpuUsage(lastCpu);
    longest = Math.max(longest, Math.min(wall - lastWall, (cpu.user + cpu.system) / 1000));
    lastWall = wall;
    lastCpu = process.cpuUsage();
  }, 1);
  return {
    stop: () => {
      clearInterval(probe);
      return longest;
    },
  };
}

/** A visitor reading a page of competitors at a visitor's pace until `done()`: each read's time, sorted. */
async function visit(url: string, done: () => boolean): Promise<number[]> {
  const visitor = new Client(url);
  const reads: number[] = [];
  while (!done()) {
    const t = performance.now();
    const res = await visitor.get(COMPETITORS);
    if (res.status !== 200) throw new Error(`a visitor's read answered ${res.status}`);
    reads.push(performance.now() - t);
    // A visitor's pace, not a flood: back to back, 4,644 reads slowed PostgreSQL's import past 30 s.
    await new Promise((r) => setTimeout(r, 50));
  }
  return reads.sort((a, b) => a - b);
}

/** The largest file allowed: new couples in two events of the demo. */
export function importFile(): string {
  const lines = ['lead_name,lead_email,follow_name,follow_email,affiliation,events'];
  for (let i = 1; i <= MAX_IMPORT_ROWS; i++)
    lines.push(
      `Bulk Lead${i},bl${i}@example.com,Bulk Follow${i},bf${i}@example.com,Team ${i % 40},bronze-latin-c-r-s;newcomer-latin-c-r`,
    );
  return lines.join('\n');
}

export interface ImportUnderReads {
  baseline: { reads: number[]; longestBlockMs: number };
  import: { reads: number[]; longestBlockMs: number; ms: number; answer: Res };
}

/** `admin` signed in on the server at `url`, which runs in this process. */
export async function importUnderReads(url: string, admin: Client, dryRun = true): Promise<ImportUnderReads> {
  const csv = importFile();
  // The baseline, in this run on this machine: the same visitor with no import for about a second,
  // once its first reads have warmed the server up.
  let warm = 0;
  await visit(url, () => warm++ >= 3);
  const idle = blockProbe();
  const quietUntil = performance.now() + 1_000;
  const baselineReads = await visit(url, () => performance.now() > quietUntil);
  const baselineBlockMs = idle.stop();

  const probe = blockProbe();
  const started = performance.now();
  const importing = admin.post('/api/v1/competitions/demo/registrations/import', { csv, dryRun });
  // The import holds the writing connection for seconds; reads run beside it (db/sqliteDriver.ts).
  let done = false;
  void importing.finally(() => (done = true));
  const reads = await visit(url, () => done);
  const answer = await importing;
  const ms = performance.now() - started;
  const longestBlockMs = probe.stop();
  return {
    baseline: { reads: baselineReads, longestBlockMs: baselineBlockMs },
    import: { reads, longestBlockMs, ms, answer },
  };
}

/** The figures as one line, for a test's output and the bench's note. */
export function describeRun(r: ImportUnderReads): string {
  const f = (n: number | undefined) => (n === undefined ? '?' : n.toFixed(0));
  const { baseline: b, import: i } = r;
  return (
    `baseline: ${b.reads.length} reads, max ${f(b.reads.at(-1))} ms, longest block ${f(b.longestBlockMs)} ms; ` +
    `import of ${MAX_IMPORT_ROWS} rows in ${f(i.ms)} ms: ${i.reads.length} reads, median ${f(i.reads[i.reads.length >> 1])} ms, ` +
    `max ${f(i.reads.at(-1))} ms, longest block ${f(i.longestBlockMs)} ms`
  );
}
