import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, request as playwrightRequest } from '@playwright/test';
import { test } from './support/test.ts';
import { create } from 'qrcode';
import { entryCodeUrl } from '../src/web/shared/entryCode.ts';
import { E2E_ADMIN, ok, shot } from './fixtures.ts';
import { launchOptions } from './support/browser.ts';

/**
 * QR check-in with a camera: Chromium's fake camera films a number card's QR code (a
 * Y4M video made here from the card's address); the deck captain presses Scan and the couple is
 * checked in. Chromium on Linux has no BarcodeDetector, so this reads the frames with jsQR.
 */
const API = '/api/v1/competitions/demo';
/** A couple number kept for this test: the card is filmed before the browser starts. */
const NUMBER = 917;
const CARD = entryCodeUrl('http://127.0.0.1', {
  competitionKey: 'demo',
  coupleNumber: NUMBER,
  entryId: null,
  competitorId: null,
});

/** One still frame of the card's QR code, black on white, as 4:2:0 Y4M (Chromium loops it). */
function cardVideo(text: string): string {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  const [w, h, scale] = [640, 480, 8];
  const side = (modules.size + 8) * scale;
  const [x0, y0] = [(w - side) / 2, (h - side) / 2];
  const luma = Buffer.alloc(w * h, 235);
  for (let y = 0; y < side; y++)
    for (let x = 0; x < side; x++) {
      const row = Math.floor(y / scale) - 4;
      const col = Math.floor(x / scale) - 4;
      if (row >= 0 && col >= 0 && row < modules.size && col < modules.size && modules.get(row, col))
        luma[(y0 + y) * w + x0 + x] = 16;
    }
  const chroma = Buffer.alloc((w / 2) * (h / 2) * 2, 128);
  const file = join(mkdtempSync(join(tmpdir(), 'promenade-scan-')), 'card.y4m');
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  writeFileSync(
    file,
    Buffer.concat([Buffer.from(`YUV4MPEG2 W${w} H${h} F10:1 Ip A1:1 C420jpeg\n`), frame, frame]),
  );
  return file;
}

// The same browser as every spec, with a fake camera that films the card.
test.use({
  launchOptions: {
    ...launchOptions,
    args: [
      ...launchOptions.args,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${cardVideo(CARD)}`,
    ],
  },
  permissions: ['camera'],
});

test('the deck captain scans a number card with the camera and the couple is checked in', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const admin = await playwrightRequest.newContext({ baseURL });
  await ok(await admin.post('/api/v1/auth/login', { data: E2E_ADMIN }));
  const name = `Scan E2E ${Math.random()
    .toString(36)
    .replace(/[^a-z]/g, '')
    .slice(0, 8)}`;
  const event = await ok<{ key: string }>(
    await admin.post(`${API}/events`, {
      data: { name, style: 'Standard', level: 'Silver', dances: ['Waltz'] },
    }),
  );
  const ev = `${API}/events/${event.key}`;
  try {
    for (const [i, leadNumber] of [NUMBER, NUMBER + 1].entries())
      await ok(
        await admin.post(`${ev}/entries`, {
          data: { leadName: `Lead${i} Scan`, followName: `Follow${i} Scan`, affiliation: 'E2E', leadNumber },
        }),
      );
    await ok(await admin.post(`${ev}/rounds/generate`, { data: {} }));

    const { accessCode, name: captain } = await ok<{ accessCode: string; name: string }>(
      await admin.post(`${API}/officials/6/code`),
    );
    await page.goto(`/admin/deckcaptain?event=${event.key}&round=1`);
    await page.getByLabel('Access code').fill(accessCode);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText(`Signed in as ${captain}`)).toBeVisible();
    await expect(page.getByTestId('checkin-count')).toHaveText('0 of 2 checked in');

    await page.getByRole('button', { name: 'Scan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Scan number cards' });
    await expect(dialog.getByTestId('scan-result')).toHaveText(
      `Checked in ${NUMBER} — Lead0 Scan / Follow0 Scan`,
      { timeout: 20_000 },
    );
    await shot(page, { path: 'shots/deckcaptain-scan.png' });
    await expect(page.getByRole('button', { name: `Check in couple ${NUMBER}` })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const round = await ok<{ couples: { coupleNumber: string; checkedIn: boolean }[] }>(
      await admin.get(`${ev}/rounds/1/couples`),
    );
    expect(round.couples.map((c) => [c.coupleNumber, c.checkedIn])).toEqual([
      [String(NUMBER), true],
      [String(NUMBER + 1), false],
    ]);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();
  } finally {
    const del = await admin.delete(`${ev}?confirm=true`);
    expect(del.ok(), `cleanup: ${del.status()}`).toBe(true);
    await admin.dispose();
  }
});
