/**
 * Figure 4: Lighthouse mobile performance (its defaults: Moto G Power emulation,
 * simulated slow 4G and 4× CPU slowdown) of /, /live and /results/{event}, in Debian Chromium,
 * headless. Lighthouse runs as its own process per page (the CLI), loopback only.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { CHROMIUM } from './lib/browser.ts';
import { publicRoutes, ROOT, type RunningServer } from './lib/server.ts';
import { median } from './lib/stats.ts';
import { gzipProxy } from './lib/gzipProxy.ts';
import type { Row } from './lib/report.ts';

const TARGET = 90;
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 1);
const ROUTES = ['/', '/live', '/results/{event}'];

interface Lhr {
  categories: { performance: { score: number | null } };
  audits: Record<
    string,
    {
      title?: string;
      score?: number | null;
      numericValue?: number;
      displayValue?: string;
      details?: { type?: string; overallSavingsMs?: number };
    }
  >;
  runWarnings?: string[];
}

export interface PageScore {
  route: string;
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  /** Lighthouse's opportunities with their estimated saving, largest first: the "why" of a score. */
  opportunities: string[];
}

async function audit(url: string): Promise<Lhr> {
  const dir = mkdtempSync(join(tmpdir(), 'promenade-lh-'));
  const out = join(dir, 'report.json');
  try {
    await promisify(execFile)(
      process.execPath,
      [
        join(ROOT, 'node_modules/lighthouse/cli/index.js'),
        url,
        '--only-categories=performance',
        '--output=json',
        `--output-path=${out}`,
        '--quiet',
        // Screenshots are not part of the score; skipping them keeps the whole bench under five minutes.
        '--disable-full-page-screenshot',
        '--skip-audits=screenshot-thumbnails,final-screenshot',
        `--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage`,
      ],
      { env: { ...process.env, CHROME_PATH: CHROMIUM }, maxBuffer: 16 << 20, timeout: 120_000 },
    );
    return JSON.parse(readFileSync(out, 'utf8')) as Lhr;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function scorePages(server: RunningServer, base = server.url): Promise<PageScore[]> {
  const routes = (await publicRoutes(server)).filter((r) => ROUTES.includes(r.name));
  const out: PageScore[] = [];
  for (const r of routes) {
    const runs: PageScore[] = [];
    for (let i = 0; i < RUNS; i++) {
      const lhr = await audit(base + r.path);
      const n = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      runs.push({
        route: r.name,
        score: Math.round((lhr.categories.performance.score ?? 0) * 100),
        lcpMs: n('largest-contentful-paint'),
        tbtMs: n('total-blocking-time'),
        cls: n('cumulative-layout-shift'),
        fcpMs: n('first-contentful-paint'),
        opportunities: Object.values(lhr.audits)
          .filter((a) => a.details?.type === 'opportunity' && (a.details.overallSavingsMs ?? 0) >= 100)
          .sort((a, b) => (b.details?.overallSavingsMs ?? 0) - (a.details?.overallSavingsMs ?? 0))
          .map((a) => `${a.title} (−${Math.round(a.details?.overallSavingsMs ?? 0)} ms)`),
      });
    }
    const mid = median(runs.map((x) => x.score));
    const chosen = runs.find((x) => x.score === mid) ?? runs[0]!;
    console.error(
      `· Lighthouse ${base === server.url ? '' : '(gzip proxy) '}${r.name}: ${JSON.stringify(chosen)}`,
    );
    out.push(chosen);
  }
  return out;
}

export async function lighthouseScores(server: RunningServer): Promise<Row[]> {
  const pages = await scorePages(server);
  const rows: Row[] = pages.map((p) => ({
    figure: `Lighthouse mobile performance ${p.route}`,
    value: summary(p),
    target: `≥ ${TARGET}`,
    pass: p.score >= TARGET,
    data: { ...p },
    note: p.opportunities.length ? p.opportunities.join('; ') : undefined,
  }));
  // The server sends JS uncompressed; production would sit behind a compressing proxy. Measure that too.
  if (process.env.BENCH_LIGHTHOUSE_PROXY !== '0') {
    const proxy = await gzipProxy(server.port + 1, server);
    try {
      for (const p of await scorePages(server, proxy.url))
        rows.push({
          figure: `Lighthouse ${p.route} behind a gzip proxy`,
          value: summary(p),
          target: `≥ ${TARGET}`,
          pass: p.score >= TARGET,
          data: { ...p },
          note: p.opportunities.length ? p.opportunities.join('; ') : undefined,
        });
    } finally {
      await proxy.close();
    }
  }
  return rows;
}

const summary = (p: PageScore) =>
  `${p.score} (LCP ${(p.lcpMs / 1000).toFixed(1)} s, TBT ${Math.round(p.tbtMs)} ms, CLS ${p.cls.toFixed(2)})`;
