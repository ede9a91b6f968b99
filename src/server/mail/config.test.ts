import { describe, expect, it } from 'vitest';
import { StartupError } from '../db/dataFolder.ts';
import { formatFrom, parseMailFrom, parseSmtpUrl, redactSmtpUrl } from './config.ts';

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
    expect(redactSmtpUrl('smtp://user:s3cret@mail.example.org:25')).toBe(
      'smtp://user:***@mail.example.org:25',
    );
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
