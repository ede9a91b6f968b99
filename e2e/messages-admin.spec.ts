import Database from 'better-sqlite3';
import { join } from 'node:path';
import { expect, test } from './support/test.ts';
import { openSignedIn, shot } from './fixtures.ts';
import { fitsWidth, seriousAxe } from './ajsSteps.ts';

/**
 * Admin → Messages on a laptop: what the server wrote to dancers and what became of it. The worker's
 * server has no mail server configured, so new messages are kept as "not sent"; one the mail server
 * refused is written as it would have been recorded.
 */
test.use({ viewport: { width: 1280, height: 800 } });

test('the organizer sees each message, why one failed, and that none can go without a mail server', async ({
  page,
  server,
}) => {
  const db = new Database(join(server.data, 'promenade.sqlite'));
  try {
    const at = new Date().toISOString();
    const insert = db.prepare(
      `insert into messages (competition_id, kind, to_address, to_name, subject, text_body, status, attempts,
         last_error, next_attempt_at, created_at)
       values ((select id from competitions where key = 'demo'), ?, ?, ?, ?, 'Hello', ?, ?, ?, ?, ?)`,
    );
    insert.run(
      'confirmation',
      'ada@example.org',
      'Ada Lovelace',
      'Your entry in the Riverside Classic',
      'pending',
      0,
      null,
      at,
      at,
    );
    insert.run(
      'recovery',
      'gone@example.org',
      '',
      'Your link to your registration',
      'failed',
      1,
      '550 5.1.1 <gone@example.org>: Recipient address rejected: User unknown',
      at,
      at,
    );
  } finally {
    db.close();
  }

  await openSignedIn(page, '/admin/messages');
  await expect(page.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Messages' });
  // Without a mail server the waiting confirmation is kept, not sent, and says why.
  const kept = table.getByRole('row').filter({ hasText: 'Your entry in the Riverside Classic' });
  await expect(kept).toContainText('not sent');
  await expect(kept).toContainText('No mail server configured');
  await expect(kept).toContainText('Ada Lovelace <ada@example.org>');
  const refused = table.getByRole('row').filter({ hasText: 'Your link to your registration' });
  await expect(refused).toContainText('Recipient address rejected: User unknown');
  await fitsWidth(page);
  expect(await seriousAxe(page)).toEqual([]);
  await shot(page, { path: 'shots/admin-messages.png', fullPage: true });

  await page.getByText(/^Failed \(1\)$/).click();
  await expect(table.getByRole('row').filter({ hasText: 'Your entry in the Riverside Classic' })).toHaveCount(
    0,
  );
  await refused.getByRole('button', { name: /Send again/ }).click();
  await expect(page.getByText(/No mail server is configured: set PROMENADE_SMTP_URL/)).toBeVisible();
  await expect(refused).toContainText('failed');
  await shot(page, { path: 'shots/admin-messages-failed.png', fullPage: true });

  // Every message kept unsent can go in one step once a mail server is configured; not before.
  await page.getByRole('button', { name: /^Send all not sent \(\d+\)$/ }).click();
  const ask = page.getByRole('dialog', { name: /^Send \d+ messages? not sent\?$/ });
  await expect(ask).toContainText('written while no mail server was configured');
  await shot(page, { path: 'shots/admin-messages-send-unsent.png' });
  await ask.getByRole('button', { name: /^Send \d+ messages?$/ }).click();
  await expect(ask).toBeHidden();
  await expect(page.getByText('The messages kept unsent did not go')).toBeVisible();
  await page.getByText(/^All \(\d+\)$/).click();
  await expect(kept).toContainText('not sent');
});
