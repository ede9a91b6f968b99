import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressDir } from '../../../scripts/compress.ts';
import { useTestServer, writeWebRoot } from './harness.ts';

// The built app as the build leaves it: text files with .br and .gz copies beside them.
const script = `console.log(${JSON.stringify('the schedule of the day '.repeat(200))});\n`;
const indexHtml = `<!doctype html><title>Promenade</title><div id="root">${'<p>Loading...</p>'.repeat(60)}</div>`;

const { s } = useTestServer(async () => {
  const web = writeWebRoot({ 'index.html': indexHtml, 'assets/live-abc123.js': script });
  const written = await compressDir(web);
  expect(written.map((f) => f.file.slice(web.length)).sort()).toEqual([
    '/assets/live-abc123.js',
    '/index.html',
  ]);
  return { webRoot: web, demo: false };
});

function get(url: string, acceptEncoding?: string) {
  return s.app.inject({ url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });
}

describe('precompressed static files', () => {
  it('sends a script as brotli, else gzip, else plain, always the same script', async () => {
    const br = await get('/assets/live-abc123.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.rawPayload.length).toBeLessThan(script.length / 5);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await get('/assets/live-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/live-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);

    for (const res of [br, gz, plain]) {
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['vary']).toMatch(/accept-encoding/i);
    }
  });

  it('sends index.html compressed and never cached, at / and on every client route', async () => {
    for (const path of ['/', '/live', '/results/bronze-latin']) {
      const res = await get(path, 'br');
      expect(res.statusCode, path).toBe(200);
      expect(res.headers['content-encoding'], path).toBe('br');
      expect(res.headers['content-type'], path).toMatch(/text\/html/);
      expect(res.headers['cache-control'], path).toBe('no-cache');
      expect(brotliDecompressSync(res.rawPayload).toString(), path).toBe(indexHtml);
    }
    const plain = await get('/live');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(indexHtml);
  });
});
