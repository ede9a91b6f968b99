import { describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES } from '../../../domain/schemas/images.ts';
import type { Client } from '../../test/harness.ts';
import { countRows, expectErrorShape, useTestServer, type Res } from '../../test/harness.ts';

/**
 * People's photos are uploaded to Promenade and served from its own origin with
 * long cache headers; pages may load images from 'self' only, so no visitor's browser asks another host.
 */
const { s, admin, anon } = useTestServer({ admin: true });
const API = '/api/v1/competitions/demo';
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d49484452000000010000000108060000001f15c489', 'hex'),
]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x1a, 0, 0, 0]), Buffer.from('WEBPVP8 ')]);

async function upload(
  c: Client,
  bytes: Buffer | string,
  type = 'application/octet-stream',
): Promise<Res<any>> {
  const res = await fetch(s.url + `${API}/images`, {
    method: 'POST',
    headers: { 'content-type': type, ...(c.cookie ? { cookie: c.cookie } : {}) },
    body: typeof bytes === 'string' ? bytes : new Uint8Array(bytes),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
}

describe('uploaded images', () => {
  it('stores PNG, JPEG and WebP and serves them from our origin, cached for good', async () => {
    for (const [bytes, type] of [
      [PNG, 'image/png'],
      [JPEG, 'image/jpeg'],
      [WEBP, 'image/webp'],
    ] as const) {
      const res = await upload(admin, bytes, type);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.contentType).toBe(type);
      expect(res.body.url).toMatch(/^\/api\/v1\/competitions\/demo\/images\/\d+-[\w-]+$/);
      const served = await fetch(s.url + res.body.url);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe(type);
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
    }
  });

  it('judges the type by the bytes, refuses what is too large, and only organizers upload', async () => {
    const before = await countRows(s.db, 'images');
    // An HTML page declared as a PNG is not an image.
    expectErrorShape(
      await upload(admin, '<svg onload=alert(1)>', 'image/png'),
      415,
      'unsupported_media_type',
    );
    const big = Buffer.concat([PNG, Buffer.alloc(MAX_IMAGE_BYTES)]);
    expect((await upload(admin, big, 'image/png')).status).toBe(413);
    expect((await upload(anon(), PNG, 'image/png')).status).toBe(401);
    expect(await countRows(s.db, 'images')).toBe(before);
    // A guessed address finds nothing: the token is part of it.
    const ok = await upload(admin, PNG, 'image/png');
    const guessed = ok.body.url.replace(/-[\w-]+$/, '-guess');
    expect((await fetch(s.url + guessed)).status).toBe(404);
  });

  it("an uploaded image is a person's photo; javascript: and data: are not", async () => {
    const up = await upload(admin, PNG, 'image/png');
    const official = s.demo!.codes[0]!;
    const set = await admin.patch(`${API}/officials/${official.id}`, { photoURL: up.body.url });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const pub = (await anon().get(API)).body as { officials: { id: number; photoURL: string }[] };
    expect(pub.officials.find((o) => o.id === official.id)?.photoURL).toBe(up.body.url);
    for (const bad of ['javascript:alert(1)', 'data:image/png;base64,AAAA', '/etc/passwd'])
      expectErrorShape(
        await admin.patch(`${API}/officials/${official.id}`, { photoURL: bad }),
        400,
        'invalid',
      );
  });

  it('pages may load images from this server only', async () => {
    const res = await anon().get('/api/health');
    const csp = res.headers.get('content-security-policy') ?? '';
    const img = csp.split(';').find((d) => d.trim().startsWith('img-src'));
    expect(img?.trim()).toBe("img-src 'self' data:");
  });

  it('travel with the export: the copy serves them at its own addresses, and a forged image is refused', async () => {
    const up = await upload(admin, PNG, 'image/png');
    const official = (await admin.get(`${API}/officials`)).body[1];
    expect((await admin.patch(`${API}/officials/${official.id}`, { photoURL: up.body.url })).status).toBe(
      200,
    );
    expect((await admin.patch(API, { pages: { about: `Our venue: ![hall](${up.body.url})` } })).status).toBe(
      200,
    );
    const file = (await admin.get(`${API}/export`)).body;

    const copy = await admin.post('/api/v1/competitions/import?key=images-copy', file);
    expect(copy.status, JSON.stringify(copy.body)).toBe(201);
    const officials = (await admin.get('/api/v1/competitions/images-copy/officials')).body as {
      name: string;
      photoURL: string;
    }[];
    const photo = officials.find((o) => o.name === official.name)!.photoURL;
    expect(photo).toMatch(/^\/api\/v1\/competitions\/images-copy\/images\/\d+-[\w-]+$/);
    const served = await fetch(s.url + photo);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
    expect(copy.body.pages.about).toContain(`](${photo})`);

    // An HTML page dressed as a PNG in the file is refused whole.
    const forged = structuredClone(file);
    forged.tables.images[0].bytes = Buffer.from('<script>alert(1)</script>').toString('base64');
    const before = await countRows(s.db, 'competitions');
    const res = await admin.post('/api/v1/competitions/import?key=images-forged', forged);
    expectErrorShape(res, 400, 'invalid');
    expect(res.body.error.message).toContain('tables.images.0.bytes');
    expect(await countRows(s.db, 'competitions')).toBe(before);
  });
});
