// Builds better-sqlite3's native addon when it is missing, before a test run that loads it. A normal
// `npm install` or `npm ci` builds it at install time and this does nothing. CI installs with
// --ignore-scripts (.ci/run) so that this compile (about two minutes on one core) runs inside
// `npm test`, beside typecheck, lint and build, instead of alone while the other core waits.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const root = dirname(require.resolve('better-sqlite3/package.json'));
if (!existsSync(join(root, 'build', 'Release', 'better_sqlite3.node'))) {
  const started = Date.now();
  const { status } = spawnSync('npm', ['rebuild', 'better-sqlite3'], { stdio: 'inherit' });
  if (status !== 0) process.exit(status ?? 1);
  console.log(`better-sqlite3's addon built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
