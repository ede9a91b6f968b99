/**
 * The JavaScript a public route ships, read from a build folder instead of a browser: the same bytes
 * `npm run bench -- js` counts in Chromium (gzip level 6 of each script), so a test can hold the figure
 * without timing. A public route loads index.html's scripts (the boot script, the app and the app's
 * static imports, preloaded by index.html) and the files the boot script preloads for that route
 * (its table, written into it by the build: see bootScript() in vite.config.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** What a dancer's phone may download for a public page before the first paint (gzip KB). */
export const PUBLIC_JS_TARGET_KB = 120;

/** The public routes, as the boot script's table names them (`/results/*`: one event's results). */
export const PUBLIC_ROUTES = ['/', '/live', '/results', '/results/*'] as const;
export type PublicRoute = (typeof PUBLIC_ROUTES)[number];

/** Zod's core type, present in any bundle that holds a Zod schema. */
const ZOD_MARK = '$ZodType';

export interface RouteScripts {
  route: PublicRoute;
  /** File names under assets/, each with its gzip size in KB. */
  files: { file: string; gzipKB: number; zod: boolean }[];
  gzipKB: number;
}

/** Each public route's scripts in `webRoot` (a built dist/web). */
export function publicRouteScripts(webRoot: string): RouteScripts[] {
  const html = readFileSync(join(webRoot, 'index.html'), 'utf8');
  const fromHtml = [
    ...html.matchAll(/<script type="module"[^>]*\ssrc="\/assets\/([^"]+)"/g),
    ...html.matchAll(/<link rel="modulepreload"[^>]*\shref="\/assets\/([^"]+)"/g),
  ].map((m) => m[1]!);
  const boot = fromHtml.find((f) => f.startsWith('boot-'));
  if (!boot) throw new Error(`no boot script in ${webRoot}/index.html`);
  const table = routeTable(readFileSync(join(webRoot, 'assets', boot), 'utf8'));
  const sizes = new Map<string, { gzipKB: number; zod: boolean }>();
  const measure = (file: string) => {
    let size = sizes.get(file);
    if (!size) {
      const code = readFileSync(join(webRoot, 'assets', file));
      size = { gzipKB: gzipSync(code, { level: 6 }).length / 1024, zod: code.includes(ZOD_MARK) };
      sizes.set(file, size);
    }
    return { file, ...size };
  };
  return PUBLIC_ROUTES.map((route) => {
    const screen = table.get(route);
    if (!screen) throw new Error(`the boot script's table has no ${route}`);
    const files = [...new Set([...fromHtml, ...screen.filter((f) => f.endsWith('.js'))])].map(measure);
    return { route, files, gzipKB: files.reduce((n, f) => n + f.gzipKB, 0) };
  });
}

/** The boot script's route table (`/:a.css|b.js;/live:…`) as route → files. */
function routeTable(bootCode: string): Map<string, string[]> {
  const literal = /(["'`])(\/:[^"'`]*)\1/.exec(bootCode);
  if (!literal) throw new Error('the boot script holds no route table (was it built?)');
  return new Map(
    literal[2]!.split(';').map((entry) => {
      const at = entry.indexOf(':');
      return [entry.slice(0, at), entry.slice(at + 1).split('|')];
    }),
  );
}

/** The built web folder the server serves (what the e2e run uses). */
export function webRoot(): string {
  return process.env.PROMENADE_WEB_ROOT ?? join(import.meta.dirname, '..', 'dist', 'web');
}

/** For a message: the largest scripts of a route. */
export function largest(r: RouteScripts, n = 4): string {
  return [...r.files]
    .sort((a, b) => b.gzipKB - a.gzipKB)
    .slice(0, n)
    .map((f) => `${f.file} ${f.gzipKB.toFixed(1)} KB`)
    .join(', ');
}
