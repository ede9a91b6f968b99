/** An organizer's announcement to dancers: their words, and how to receive no more of them. */
import { htmlDocument, htmlLink, htmlParagraphs, escapeHtml, type ComposedMessage } from './mailParts.ts';

export interface AnnouncementInput {
  competitionName: string;
  subject: string;
  /** Plain text as the organizer typed it; blank lines separate paragraphs. */
  body: string;
  /** The page where the recipient confirms they want no more announcements. */
  unsubscribeUrl: string;
}

/** Why the dancer gets it, and the way out (every announcement carries it). */
const footer = (competitionName: string) =>
  `You receive this because you are registered as a dancer at ${competitionName}.`;

export function composeAnnouncement(a: AnnouncementInput): ComposedMessage {
  const text = [
    a.body.trim(),
    '',
    '--',
    footer(a.competitionName),
    `To receive no more announcements from ${a.competitionName}: ${a.unsubscribeUrl}`,
    '',
  ].join('\n');
  const html = htmlDocument(
    a.subject,
    [
      htmlParagraphs(a.body),
      '<hr>',
      `<p style="font-size: 0.9em">${escapeHtml(footer(a.competitionName))}<br>`,
      `${htmlLink(a.unsubscribeUrl, `Receive no more announcements from ${a.competitionName}`)}</p>`,
    ].join('\n'),
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
