import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compressDir } from './scripts/compress.ts';
import { messageCatalogs } from './scripts/messageCatalogs.ts';

/**
 * After every build (npm run build, the e2e and bench builds alike), brotli and gzip copies of the
 * text files go next to them; the server sends those precompressed (see scripts/compress.ts).
 */
function precompress(): Plugin {
  let outDir = '';
  let write = true;
  return {
    name: 'promenade-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      write = config.build.write;
    },
    // closeBundle: after the public folder (judge-sw.js) and index.html are written too.
    async closeBundle() {
      if (write) await compressDir(outDir);
    },
  };
}

/** Lazy modules around every staff screen: the staff area (Mantine's styles) and the admin guard's error page. */
const STAFF = ['layout/StaffArea.tsx', 'pages/admin/AdminRouteError.tsx'];
/** …and the admin shell (navigation) around the screens inside it. */
const SHELL = [...STAFF, 'pages/admin/AdminLayout.tsx'];

/** The first screens boot.ts preloads, by route, and their lazy modules (the route's chain). */
const FIRST_SCREENS: Record<string, string[]> = {
  '/': ['pages/public/HomePage.tsx'],
  '/live': ['pages/live/LivePage.tsx'],
  '/results': ['pages/results/ResultsPage.tsx'],
  '/results/*': ['pages/results/EventResultsPage.tsx'],
};
/**
 * The same for the staff screens: their table is a file of its own, which boot.ts fetches only on a
 * staff screen, so the public pages' boot script stays small.
 */
const STAFF_SCREENS: Record<string, string[]> = {
  '/print-sheets': ['pages/print/PrintSheetsPage.tsx'],
  '/print-sheets/invoices': ['pages/print/InvoicesSheet.tsx'],
  '/admin': [...SHELL, 'pages/admin/DashboardPage.tsx'],
  '/admin/setup': [...SHELL, 'pages/admin/SetupPage.tsx'],
  '/admin/setup/events': [...SHELL, 'pages/admin/events/EventsPage.tsx'],
  '/admin/settings': [...SHELL, 'pages/admin/SettingsPage.tsx'],
  '/admin/eventschedule': [...SHELL, 'pages/admin/schedule/SchedulePage.tsx'],
  '/admin/results': [...SHELL, 'pages/admin/mc/McResultsPage.tsx'],
  '/admin/competitors': [...SHELL, 'pages/admin/competitors/CompetitorsAdminPage.tsx'],
  '/admin/competitors/add-competitor': [...SHELL, 'pages/admin/competitors/AddCompetitorPage.tsx'],
  '/admin/officials': [...SHELL, 'pages/admin/officials/OfficialsPage.tsx'],
  '/admin/money': [...SHELL, 'pages/admin/money/MoneyPage.tsx'],
  '/admin/scrutineer': [...STAFF, 'pages/admin/scrutineer/ScrutineerPage.tsx'],
  '/admin/deckcaptain': [STAFF[0]!, 'pages/admin/deckcaptain/DeckCaptainPage.tsx'],
  '/admin/chairman': [STAFF[0]!, 'pages/admin/chairman/ChairmanPage.tsx'],
  '/admin/mc': [STAFF[0]!, 'pages/admin/mc/McPage.tsx'],
};
const ROUTE_FILES_MARK = '__PROMENADE_ROUTE_FILES__';
const STAFF_FILES_MARK = '__PROMENADE_STAFF_FILES__';

/**
 * boot.ts is an entry of its own, loaded by a script tag just ahead of the app's: it starts the page's
 * first API reads and preloads the screen's code while the app downloads. (A second script tag in
 * index.html would be merged into the app's entry by Vite, which is what must not happen.) After the
 * bundle is known, the screens' file names are written into it, and its file name hashes the result.
 */
function bootScript(): Plugin {
  return {
    name: 'promenade-boot-script',
    // Dev server: the source module, with no screen table.
    transformIndexHtml: {
      order: 'post',
      handler: (html, ctx) => (ctx.bundle ? html : insertBootTag(html, '/boot.ts')),
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
        const boot = chunks.find((c) => c.isEntry && c.name === 'boot');
        const app = chunks.find((c) => c.isEntry && c.name === 'index');
        const html = bundle['index.html'];
        if (!boot || !app || html?.type !== 'asset') return;
        const byName = new Map(chunks.map((c) => [c.fileName, c]));
        // What index.html already loads (the app and its static imports) needs no preload.
        const loaded = new Set<string>();
        const walk = (file: string, into: Set<string>) => {
          if (into.has(file) || loaded.has(file)) return;
          into.add(file);
          for (const dep of byName.get(file)?.imports ?? []) walk(dep, into);
        };
        walk(app.fileName, loaded);
        /** Each route's files under /assets/: stylesheets first, then the scripts. */
        const filesOf = (modules: string[]) => {
          const files = new Set<string>();
          for (const module of modules) {
            // The chunk that holds the module: its own, or a shared one when others import it too.
            const id = `/src/web/${module}`;
            const screen =
              chunks.find((c) => c.facadeModuleId?.endsWith(id)) ??
              chunks.find((c) => c.moduleIds.some((m) => m.endsWith(id)));
            if (!screen) throw new Error(`boot: no chunk for ${module}`);
            walk(screen.fileName, files);
          }
          const css = [...files].flatMap((f) => [...(byName.get(f)?.viteMetadata?.importedCss ?? [])]);
          return [...css, ...files].map((f) => f.replace(/^assets\//, ''));
        };
        const table = Object.entries(FIRST_SCREENS).map(
          ([route, modules]) => `${route}:${filesOf(modules).join('|')}`,
        );
        const staff = JSON.stringify(
          Object.fromEntries(
            Object.entries(STAFF_SCREENS).map(([route, modules]) => [route, filesOf(modules)]),
          ),
        );
        const staffFile = `assets/staff-screens-${createHash('sha256').update(staff).digest('base64url').slice(0, 8)}.json`;
        this.emitFile({ type: 'asset', fileName: staffFile, source: staff });
        for (const mark of [ROUTE_FILES_MARK, STAFF_FILES_MARK])
          if (!boot.code.includes(mark)) throw new Error(`boot: the mark ${mark} is missing`);
        const code = boot.code
          .replace(ROUTE_FILES_MARK, table.join(';'))
          .replace(STAFF_FILES_MARK, `/${staffFile}`);
        const hash = createHash('sha256').update(code).digest('base64url').slice(0, 8);
        const fileName = `assets/boot-${hash}.js`;
        delete bundle[boot.fileName];
        this.emitFile({ type: 'asset', fileName, source: code });
        html.source = insertBootTag(String(html.source), `/${fileName}`);
      },
    },
  };
}

/**
 * Just before the app's script. `async`: it runs the moment it arrives, not after the stylesheets and
 * the document as a deferred module would, so its reads start as early as they can (the app adopts
 * whatever it has started by the time it runs; it is tiny, so that is all of it).
 */
function insertBootTag(html: string, src: string): string {
  const tag = `<script type="module" async crossorigin src="${src}"></script>\n    `;
  const at = html.indexOf('<script type="module"');
  return at < 0 ? html.replace('</head>', `${tag}</head>`) : html.slice(0, at) + tag + html.slice(at);
}

/**
 * React runs as Preact in the browser, through preact/compat: the same components and hooks (the code
 * and its types stay React's), about 11 KB gzip where react-dom takes 62, on every public page a
 * dancer's phone loads before its first paint. The component tests resolve the same way
 * (vitest.config.ts). Back to React: drop these aliases (README, "React as Preact").
 */
export const REACT_AS_PREACT = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
];

// The SPA lives in src/web; the API server (src/server) serves the built files from dist/web.
export default defineConfig({
  root: 'src/web',
  plugins: [messageCatalogs(), react(), bootScript(), precompress()],
  resolve: { alias: REACT_AS_PREACT },
  build: {
    rollupOptions: {
      // React Router takes React's useOptimistic where there is one and works without it (React 18);
      // preact/compat has none, which the bundler would report on every build.
      onwarn(warning, warn) {
        if (warning.code === 'IMPORT_IS_UNDEFINED' && warning.message.includes('useOptimistic')) return;
        warn(warning);
      },
      // The endpoint table's modules declare constants only: a chunk then takes from endpoints.ts's
      // re-exports just the modules whose operations it calls (the public pages carry no write).
      treeshake: { moduleSideEffects: (id: string) => !/\/src\/domain\/schemas\/endpoint/.test(id) },
      input: {
        index: resolve(import.meta.dirname, 'src/web/index.html'),
        boot: resolve(import.meta.dirname, 'src/web/boot.ts'),
      },
    },
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
});
