/**
 * Database operations, for an operator:
 *
 *   npm run db:migrate                      the configured database (PROMENADE_DATABASE_URL, else
 *                                           SQLite in PROMENADE_DATA) to the latest schema
 *   npm run db:copy -- --from A --to B      a whole installation between SQLite and PostgreSQL; A and B
 *                                           are postgres:// URLs or SQLite data folders / .sqlite files
 *
 * Servers also migrate at start-up; several starting at once take turns (an advisory lock).
 */
import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { openConfigured, openDatabase, openPostgres, redactUrl, type OpenedDatabase } from './index.ts';
import { isPostgresUrl } from './dialect.ts';
import { StartupError } from './dataFolder.ts';
import { copyDatabase } from './copy.ts';

/** A postgres:// URL, a data folder (its promenade.sqlite) or a .sqlite file. */
function open(where: string): Promise<OpenedDatabase> {
  if (isPostgresUrl(where)) return openPostgres(where);
  const path = resolve(where);
  const isFolder = existsSync(path) ? statSync(path).isDirectory() : !path.endsWith('.sqlite');
  return openDatabase(isFolder ? join(path, 'promenade.sqlite') : path);
}

const describe = (where: string) => (isPostgresUrl(where) ? redactUrl(where) : resolve(where));

function arg(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

async function main(): Promise<void> {
  const [command, ...args] = process.argv.slice(2);
  if (command === 'migrate') {
    const opened = await openConfigured({
      dataDir: resolve(process.env.PROMENADE_DATA ?? './data'),
      databaseUrl: process.env.PROMENADE_DATABASE_URL,
    });
    await opened.close();
    console.log(
      `The ${opened.kind === 'postgres' ? 'PostgreSQL' : 'SQLite'} database is at the latest schema.`,
    );
    return;
  }
  if (command === 'copy') {
    const from = arg(args, '--from');
    const to = arg(args, '--to');
    if (!from || !to)
      throw new StartupError('Say where from and where to: npm run db:copy -- --from <A> --to <B>');
    const source = await open(from);
    try {
      const target = await open(to);
      try {
        console.log(`Copying ${describe(from)} → ${describe(to)}`);
        const counts = await copyDatabase(source.db, target.db, (table, rows) =>
          console.log(`  ${table.padEnd(22)} ${rows}`),
        );
        const wrong = counts.filter((c) => c.source !== c.target);
        if (wrong.length)
          throw new StartupError(
            `Row counts differ after the copy: ${wrong.map((c) => `${c.table} ${c.source} → ${c.target}`).join(', ')}.`,
          );
        const rows = counts.reduce((n, c) => n + c.target, 0);
        console.log(
          `Done: ${counts.length} tables, ${rows} rows; every table's count is the same on both sides.`,
        );
        console.log(
          'Copy installation.key with it: without it no couple’s entry code opens its registration.',
        );
      } finally {
        await target.close();
      }
    } finally {
      await source.close();
    }
    return;
  }
  throw new StartupError('Usage: npm run db:migrate | npm run db:copy -- --from <A> --to <B>');
}

main().catch((err: unknown) => {
  console.error(err instanceof StartupError ? err.message : err);
  process.exit(1);
});
