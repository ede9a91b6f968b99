/** An organizer's announcement to dancers: their words, and how to receive no more of them. */
import type { Locale } from '../i18n/locales.ts';
import { htmlDocument, htmlLink, htmlParagraphs, escapeHtml, type ComposedMessage } from './mailParts.ts';
import { messagesT } from './text.ts';

export interface AnnouncementInput {
  competitionName: string;
  subject: string;
  /** Plain text as the organizer typed it; blank lines separate paragraphs. */
  body: string;
  /** The page where the recipient confirms they want no more announcements. */
  unsubscribeUrl: string;
  /**
   * The recipient's language (their registration's; its catalog loaded: loadCatalog): the frame around
   * the organizer's words. The subject and body stay as the organizer typed them.
   */
  locale?: Locale;
}

export function composeAnnouncement(a: AnnouncementInput): ComposedMessage {
  const locale = a.locale ?? 'en';
  const t = messagesT(locale);
  const competition = a.competitionName;
  // Why the dancer gets it, and the way out (every announcement carries it).
  const why = t('announcement.why', { competition });
  const text = [
    a.body.trim(),
    '',
    '--',
    why,
    t('announcement.unsubscribe', { competition, url: a.unsubscribeUrl }),
    '',
  ].join('\n');
  const html = htmlDocument(
    a.subject,
    [
      htmlParagraphs(a.body),
      '<hr>',
      `<p style="font-size: 0.9em">${escapeHtml(why)}<br>`,
      `${htmlLink(a.unsubscribeUrl, t('announcement.unsubscribeLink', { competition }))}</p>`,
    ].join('\n'),
    locale,
  );
  return { subject: a.subject, text, html };
}

/** The headers that let a mail client offer unsubscribing in one click (RFC 2369 and RFC 8058). */
export function unsubscribeHeaders(oneClickUrl: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${oneClickUrl}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}
