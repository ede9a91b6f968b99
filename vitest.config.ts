import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { REACT_AS_PREACT } from './vite.config.ts';
import { messageCatalogs } from './scripts/messageCatalogs.ts';

/** A file of an installed package, by its path under node_modules. */
const esm = (path: string) => resolve(import.meta.dirname, 'node_modules', path);

/**
 * Server tests that the database kind cannot change: who may call a route (decided before its body
 * runs), sign-in throttling, proxies, sockets and refusal logs are all in memory or HTTP. They run once,
 * on SQLite; `npm run test:pg` runs every other server test again on PostgreSQL.
 */
const SAME_ON_EVERY_DATABASE = [
  'src/server/security/access.test.ts',
  'src/server/security/guessing.test.ts',
  'src/server/security/network.test.ts',
  'src/server/security/proxy.test.ts',
  'src/server/http/refusals.test.ts',
  'src/server/http/limits.test.ts',
  'src/server/auth/slowdown.test.ts',
];
const onPostgres = process.env.PROMENADE_TEST_DB === 'postgres';

export default defineConfig({
  plugins: [messageCatalogs(), react()],
  test: {
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Vitest's default is one worker less than the cores: one on a two-core CI machine. These tests
    // mostly wait (HTTP, SQLite, PostgreSQL), so two workers there halve the run (test:unit 232 s →
    // 143 s, test:pg 157 s → 93 s, measured on the two-core machine); bigger machines keep the default.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Cheaper password and access-code hashes for the many servers and sign-ins of the tests
    // (src/server/auth/passwords.ts); the same code runs, production keeps its cost.
    env: { PROMENADE_TEST_SCRYPT_N: '1024' },
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['src/server/**/*.test.ts', 'src/domain/**/*.test.ts'],
          exclude: ['**/*.load.test.ts', '**/node_modules/**', ...(onPostgres ? SAME_ON_EVERY_DATABASE : [])],
          // PROMENADE_TEST_DB=postgres (`npm run test:pg`): a throwaway PostgreSQL for the run.
          globalSetup: ['src/server/test/pgSetup.ts'],
          // Server and domain tests keep no state in modules (each file starts its own server on its own
          // temp database): a worker reuses the modules it loaded (Fastify, Kysely, zod schemas) for
          // the next file instead of importing them anew per file, most of these files' time.
          isolate: false,
        },
      },
      {
        extends: true,
        // Latency under load, measured with the machine to itself: `npm run test:load` runs these alone,
        // after the others (npm run test:unit), one file at a time (--no-file-parallelism): two floods
        // side by side on two cores measure each other.
        test: { name: 'load', include: ['src/server/**/*.load.test.ts'] },
      },
      {
        extends: true,
        // The web app's modules hold state (query caches, stubbed globals, jsdom): a fresh module graph per
        // file, as before.
        // React resolves to Preact as in the browser build (REACT_AS_PREACT), so these tests run what ships.
        // The packages built on React (Mantine, React Router, TanStack Query, Testing Library) are
        // inlined: loaded by Node as they are, they would import the real react instead of the alias.
        resolve: {
          mainFields: ['module', 'jsnext:main', 'jsnext', 'main'],
          alias: [
            ...REACT_AS_PREACT,
            // Their CommonJS builds (what Node's conditions pick) would require() the real react past the
            // aliases; their ES module builds import it.
            {
              find: /^@testing-library\/react$/,
              replacement: esm('@testing-library/react/dist/@testing-library/react.esm.js'),
            },
            { find: /^react-router$/, replacement: esm('react-router/dist/development/index.mjs') },
            { find: /^react-router\/dom$/, replacement: esm('react-router/dist/development/dom-export.mjs') },
          ],
        },
        test: {
          name: 'web',
          include: ['src/web/**/*.test.{ts,tsx}'],
          server: { deps: { inline: true } },
          // The libraries every screen imports, bundled once per run by esbuild (aliases applied) instead
          // of transformed module by module for each of the isolated test files: a sixth less CPU for
          // this project (web alone 182 s → 154 s on the two-core machine).
          deps: {
            optimizer: {
              client: {
                enabled: true,
                include: [
                  '@mantine/core',
                  '@mantine/hooks',
                  '@mantine/form',
                  '@mantine/notifications',
                  '@tanstack/react-query',
                  'react-router',
                  'react-router/dom',
                  '@testing-library/react',
                  '@testing-library/dom',
                  'preact',
                  'preact/compat',
                  'preact/hooks',
                  'preact/jsx-runtime',
                ],
              },
            },
          },
        },
      },
    ],
  },
});
