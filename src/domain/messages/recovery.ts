/**
 * The "Email me a link" message: a link that opens the couple's registration once, within 24 hours.
 * Plain text first (the whole message on its own), and a simple HTML part with the same words: no
 * images, no tracking, no address but our own link.
 */
import { escapeHtml, type ComposedMessage } from './compose.ts';
import { RECOVERY_LINK_HOURS } from '../entryLinks.ts';
import type { Locale } from '../i18n/locales.ts';
import { messagesT } from './text.ts';

export interface RecoveryFacts {
  competitionName: string;
  leadName: string;
  followName: string;
  /** The absolute link that opens the registration (entryLinkUrl). */
  link: string;
  /** The language the couple registered in (its catalog loaded: loadCatalog). */
  locale?: Locale;
}

export function recoveryMessage(f: RecoveryFacts): ComposedMessage {
  const t = messagesT(f.locale);
  const couple = t('recovery.couple', { lead: f.leadName, follow: f.followName });
  const subject = t('recovery.subject', { competition: f.competitionName });
  const asked = t('recovery.asked', { couple, competition: f.competitionName });
  const once = t('recovery.once', { hours: String(RECOVERY_LINK_HOURS) });
  const ignore = t('recovery.ignore');
  const lines = [asked, '', t('recovery.openHere'), f.link, '', once, '', ignore];
  // The link's words sit inside the sentence: the sentence is escaped, then the link put in its place.
  const mark = '\u0000';
  const open = escapeHtml(t('recovery.openHtml', { link: mark })).replace(
    mark,
    `<a href="${escapeHtml(f.link)}">${escapeHtml(t('recovery.openLink'))}</a>`,
  );
  const html = [
    '<!doctype html><html><body>',
    `<p>${escapeHtml(asked)}</p>`,
    `<p>${open}</p>`,
    `<p>${escapeHtml(once)}</p>`,
    `<p>${escapeHtml(ignore)}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject, text: lines.join('\n'), html };
}
