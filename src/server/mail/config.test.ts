import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { StartupError } from '../db/dataFolder.ts';
import { DEFAULT_MAIL_RATE, formatFrom, parseMailFrom, parseMailRate, parseSmtpUrl } from './config.ts';
import { redactUrl } from '../db/index.ts';

describe('PROMENADE_SMTP_URL', () => {
  it('reads smtp and smtps URLs, with their usual ports when none is given', () => {
    expect(parseSmtpUrl('smtp://u:p@mail.example.org:2525')).toMatchObject({
      host: 'mail.example.org',
      port: 2525,
      secure: false,
    });
    expect(parseSmtpUrl('smtps://u:p@mail.example.org')).toMatchObject({ port: 465, secure: true });
    expect(parseSmtpUrl('smtp://mail.example.org')).toMatchObject({ port: 587, secure: false });
  });

  it('unset or empty: no mail server', () => {
    expect(parseSmtpUrl(undefined)).toBeNull();
    expect(parseSmtpUrl('  ')).toBeNull();
  });

  it('refuses what cannot work, naming the setting', () => {
    for (const bad of ['mail.example.org', 'http://mail.example.org', 'smtp://:p@host'])
      expect(() => parseSmtpUrl(bad)).toThrow(StartupError);
    expect(() => parseSmtpUrl('https://x.org')).toThrow(/PROMENADE_SMTP_URL/);
  });

  it('never shows the password', () => {
    expect(redactUrl('smtp://user:s3cret@mail.example.org:25')).toBe('smtp://user:***@mail.example.org:25');
  });
});

describe('PROMENADE_MAIL_FROM', () => {
  it('takes an address or a named address', () => {
    expect(parseMailFrom('entries@example.org', {})).toEqual({ name: '', address: 'entries@example.org' });
    expect(parseMailFrom('Riverside Classic <entries@example.org>', {})).toEqual({
      name: 'Riverside Classic',
      address: 'entries@example.org',
    });
    expect(formatFrom({ name: 'Riverside Classic', address: 'e@example.org' })).toBe(
      '"Riverside Classic" <e@example.org>',
    );
  });

  it('unset: Promenade at the public host, else the mail server domain, else localhost', () => {
    expect(parseMailFrom(null, { publicUrl: 'https://comp.example.org' })).toEqual({
      name: 'Promenade',
      address: 'no-reply@comp.example.org',
    });
    expect(parseMailFrom(null, { smtp: parseSmtpUrl('smtp://smtp.example.net') }).address).toBe(
      'no-reply@example.net',
    );
    expect(parseMailFrom(null, {}).address).toBe('no-reply@localhost');
  });

  it('refuses what is not an address', () => {
    for (const bad of ['organizer', 'a b@example.org', 'Name <nope>', 'x@example.org\r\nBcc: y@z.org'])
      expect(() => parseMailFrom(bad, {}), bad).toThrow(StartupError);
  });
});

describe('PROMENADE_MAIL_RATE', () => {
  it('is messages a second, 150 when unset', () => {
    expect(parseMailRate(undefined)).toBe(DEFAULT_MAIL_RATE);
    expect(parseMailRate('  ')).toBe(150);
    expect(parseMailRate('14')).toBe(14);
  });

  it('refuses what is not a whole number from 1, naming the setting', () => {
    for (const bad of ['0', '-5', '2.5', 'fast', '100000', '1e3'])
      expect(() => parseMailRate(bad), bad).toThrow(/^PROMENADE_MAIL_RATE must be a whole number/);
  });
});

describe('a mail setting that cannot work', () => {
  it('stops the server at start with one line naming it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'promenade-mailcfg-'));
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
        env: {
          ...process.env,
          PORT: '0',
          PROMENADE_DATA: dir,
          PROMENADE_SMTP_URL: 'http://mail.example.org',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      child.stderr.on('data', (d: Buffer) => (out += d.toString()));
      const code = await new Promise((r) => child.on('exit', r));
      expect(code).toBe(1);
      expect(out.trim()).toBe(
        'Promenade cannot start: PROMENADE_SMTP_URL must start with smtp:// or smtps://, not http://.',
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
