/**
 * `npm run bench:profile [-- path | flood | mail]`: where does the server's time go under the public read
 * load? Starts the server with `--cpu-prof`, drives GET `path` (default …/events) at 50 connections for
 * 8 s — or, with `flood`, a registration flood from 100 addresses with public reads meanwhile
 * (flood.ts); with `mail`, the `mail` figure (confirmations.ts: 6,000 confirmations delivered while
 * public GETs are timed) — stops it, and prints the self time per function and per source file / package.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API, startServer } from './lib/server.ts';
import { load } from './throughput.ts';
import { duringFlood } from './flood.ts';
import { confirmationDelivery } from './confirmations.ts';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

const path = process.argv[2] ?? `${API}/events`;
const flood = path === 'flood';
const mail = path === 'mail';
// The flood names its client addresses in X-Forwarded-For, as a proxy in front of the server would.
if (flood) process.env.PROMENADE_TRUST_PROXY ??= '1';
const dir = mkdtempSync(join(tmpdir(), 'promenade-prof-'));
const port = Number(process.env.BENCH_PORT ?? 3412);
const profiled = ['--cpu-prof', `--cpu-prof-dir=${dir}`];
if (mail) {
  for (const row of await confirmationDelivery(port, profiled)) console.log(`${row.figure}: ${row.value}`);
} else if (flood) {
  const server = await startServer(port, profiled);
  const r = await duringFlood(server, 100);
  await server.stop();
  console.log(
    `public GETs during a 100-address flood: p50 ${r.p50.toFixed(0)} ms, p99 ${r.p99.toFixed(0)} ms (${r.gets} GETs, flood ${JSON.stringify(r.flood)})`,
  );
} else {
  const server = await startServer(port, profiled);
  const r = await load(server, path, 50, 8);
  await server.stop();
  console.log(
    `${path}: ${Math.round(r.rps)} requests/s, p50 ${r.p50.toFixed(1)} ms, ${r.bytesPerResponse} bytes/response`,
  );
}

const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
if (!file) throw new Error(`no profile written in ${dir}`);
const prof = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Profile;
const byId = new Map(prof.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

const self = new Map<number, number>();
prof.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (prof.timeDeltas[i] ?? 0)));
const total = [...self.values()].reduce((a, b) => a + b, 0);

/** A short place name: the package for node_modules, the path under src/ for ours. */
const place = (url: string): string => {
  if (!url) return '(native/runtime)';
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (nm) return nm[1]!;
  const src = /\/(src\/.*)$/.exec(url);
  return src ? src[1]! : url.replace(/^node:/, 'node:');
};
const label = (n: Node) =>
  `${n.callFrame.functionName || '(anonymous)'} ${place(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;

const fnSelf = new Map<string, number>();
const fileSelf = new Map<string, number>();
// Inclusive time per source file of ours: a sample counts once for every distinct src/ file on its stack.
const srcInclusive = new Map<string, number>();
for (const [id, t] of self) {
  const n = byId.get(id)!;
  fnSelf.set(label(n), (fnSelf.get(label(n)) ?? 0) + t);
  fileSelf.set(place(n.callFrame.url), (fileSelf.get(place(n.callFrame.url)) ?? 0) + t);
  const seen = new Set<string>();
  for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
    const p = place(byId.get(cur)!.callFrame.url);
    if (p.startsWith('src/') && !seen.has(p)) {
      seen.add(p);
      srcInclusive.set(p, (srcInclusive.get(p) ?? 0) + t);
    }
  }
}
const top = (m: Map<string, number>, n: number, title: string) => {
  console.log(`\n${title}`);
  for (const [k, v] of [...m].sort((a, b) => b[1] - a[1]).slice(0, n))
    console.log(`${((100 * v) / total).toFixed(1).padStart(5)} %  ${k}`);
};
top(fileSelf, 15, 'Self time by package / file');
top(fnSelf, 20, 'Self time by function');
top(srcInclusive, 12, 'Inclusive time by our source file');
console.log(`\nProfile: ${join(dir, file)}`);
