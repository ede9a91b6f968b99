/**
 * Writes brotli (`.br`) and gzip (`.gz`) copies next to every text file of the built web app, so the
 * server sends them precompressed (@fastify/static `preCompressed`) at the best ratio, without
 * compressing on each request. Phones on venue Wi-Fi download about a third of the bytes.
 *
 * Runs at the end of every `vite build` (the `precompress` plugin in vite.config.ts), and by hand:
 * `npx tsx scripts/compress.ts [folder]` (default dist/web).
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text formats worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
/** Below this a compressed copy saves less than the response headers it costs. */
const MIN_BYTES = 512;

export interface CompressedFile {
  file: string;
  bytes: number;
  br: number;
  gz: number;
}

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (entry.isFile()) yield path;
  }
}

/** Compresses one file; a copy that would not be smaller is not written (the original is sent). */
async function compressFile(file: string): Promise<CompressedFile> {
  const source = await readFile(file);
  const [br, gzipped] = await Promise.all([
    brotli(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gz(source, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  if (br.length < source.length) await writeFile(file + '.br', br);
  if (gzipped.length < source.length) await writeFile(file + '.gz', gzipped);
  return { file, bytes: source.length, br: br.length, gz: gzipped.length };
}

/** Compresses every text file under `dir` (recursively); returns what it wrote. */
export async function compressDir(dir: string): Promise<CompressedFile[]> {
  const files: string[] = [];
  for await (const file of filesUnder(dir)) {
    if (COMPRESSIBLE.test(file) && (await stat(file)).size >= MIN_BYTES) files.push(file);
  }
  return Promise.all(files.map(compressFile));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = resolve(process.argv[2] ?? 'dist/web');
  const done = await compressDir(dir);
  const sum = (k: 'bytes' | 'br' | 'gz') => (done.reduce((n, f) => n + f[k], 0) / 1024).toFixed(0);
  console.log(
    `compressed ${done.length} files in ${dir}: ${sum('bytes')} KB → br ${sum('br')} KB, gz ${sum('gz')} KB`,
  );
}
