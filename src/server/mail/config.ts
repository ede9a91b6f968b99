/**
 * The mail settings read at start-up: PROMENADE_SMTP_URL (where to send) and PROMENADE_MAIL_FROM (who
 * the messages come from). A setting that cannot work is a StartupError naming it, like the other
 * settings: better to refuse to start than to keep every confirmation waiting for a server that is
 * misspelt.
 */
import { StartupError } from '../db/dataFolder.ts';

export interface SmtpServer {
  /** As given, for nodemailer (user and password stay in it, URL-encoded). */
  url: string;
  /** `smtps:` speaks TLS from the first byte (port 465); `smtp:` may upgrade with STARTTLS. */
  secure: boolean;
  host: string;
  port: number;
}

/** PROMENADE_SMTP_URL read: null when unset or empty (nothing is sent; messages show as not sent). */
export function parseSmtpUrl(raw: string | undefined | null): SmtpServer | null {
  const text = raw?.trim();
  if (!text) return null;
  let u: URL;
  try {
    u = new URL(text);
  } catch {
    throw new StartupError(
      'PROMENADE_SMTP_URL is not a URL: write smtp://user:password@host:port or smtps://user:password@host:port.',
    );
  }
  if (u.protocol !== 'smtp:' && u.protocol !== 'smtps:')
    throw new StartupError(`PROMENADE_SMTP_URL must start with smtp:// or smtps://, not ${u.protocol}//.`);
  if (!u.hostname)
    throw new StartupError('PROMENADE_SMTP_URL names no host: smtp://user:password@host:port.');
  const secure = u.protocol === 'smtps:';
  const port = u.port ? Number(u.port) : secure ? 465 : 587;
  if (u.password && !u.username)
    throw new StartupError('PROMENADE_SMTP_URL has a password but no user name.');
  return { url: text, secure, host: u.hostname.replace(/^\[|\]$/g, ''), port };
}

export interface MailFrom {
  name: string;
  address: string;
}

const ADDRESS = /^[^\s@<>",;]+@[^\s@<>",;]+\.[^\s@<>",;]+$|^[^\s@<>",;]+@localhost$/i;

/**
 * PROMENADE_MAIL_FROM read: `address` or `Name <address>`. Unset: `Promenade <no-reply@HOST>`, where
 * HOST is the public address's host name (PROMENADE_PUBLIC_URL), else the SMTP server's domain without
 * its first label (smtp.example.org → example.org), else `localhost`: a sender in the site's own domain
 * is the one a receiving server is least likely to refuse.
 */
export function parseMailFrom(
  raw: string | undefined | null,
  fallback: { publicUrl?: string | null; smtp?: SmtpServer | null },
): MailFrom {
  const text = raw?.trim();
  if (!text) return { name: 'Promenade', address: `no-reply@${defaultDomain(fallback)}` };
  const named = /^(.*?)\s*<([^<>]+)>$/.exec(text);
  const name = (named ? named[1]! : '').replace(/^"(.*)"$/, '$1').trim();
  const address = (named ? named[2]! : text).trim();
  if (!ADDRESS.test(address) || address.length > 254 || name.length > 100 || /[\r\n]/.test(text))
    throw new StartupError(
      `PROMENADE_MAIL_FROM is not an address: write organizer@example.org or "Riverside Classic <organizer@example.org>".`,
    );
  return { name, address };
}

function defaultDomain({ publicUrl, smtp }: { publicUrl?: string | null; smtp?: SmtpServer | null }): string {
  if (publicUrl) {
    try {
      const host = new URL(publicUrl).hostname;
      if (host && !/^[\d.]+$|:/.test(host)) return host;
    } catch {
      /* main.ts checks the URL itself */
    }
  }
  const host = smtp?.host ?? '';
  const labels = host.split('.');
  if (labels.length >= 3 && !/^[\d.]+$/.test(host)) return labels.slice(1).join('.');
  if (labels.length === 2) return host;
  return 'localhost';
}

/** Messages a second when PROMENADE_MAIL_RATE is unset. */
export const DEFAULT_MAIL_RATE = 150;

/**
 * PROMENADE_MAIL_RATE read: at most this many messages a second go to the mail server. Providers limit
 * senders (a few to a few hundred a second); the default sends 6,000 confirmations in 40 s and leaves
 * the machine's other core to the visitors (docs/messages.md).
 */
export function parseMailRate(raw: string | undefined | null): number {
  const text = raw?.trim();
  if (!text) return DEFAULT_MAIL_RATE;
  if (!/^\d{1,5}$/.test(text) || Number(text) < 1)
    throw new StartupError(
      `PROMENADE_MAIL_RATE must be a whole number of messages a second from 1 to 99999, not "${text.slice(0, 40)}".`,
    );
  return Number(text);
}

/** `Name <address>` as a header writes it. */
export const formatFrom = (from: MailFrom): string =>
  from.name ? `"${from.name.replace(/["\\]/g, '')}" <${from.address}>` : from.address;
