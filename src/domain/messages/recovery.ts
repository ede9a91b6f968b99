/**
 * The "Email me a link" message: a link that opens the couple's registration once, within 24 hours.
 * Plain text first (the whole message on its own), and a simple HTML part with the same words: no
 * images, no tracking, no address but our own link.
 */
import { escapeHtml, type ComposedMessage } from './compose.ts';
import { RECOVERY_LINK_HOURS } from '../entryLinks.ts';

export interface RecoveryFacts {
  competitionName: string;
  leadName: string;
  followName: string;
  /** The absolute link that opens the registration (entryLinkUrl). */
  link: string;
}

export function recoveryMessage(f: RecoveryFacts): ComposedMessage {
  const couple = `${f.leadName} and ${f.followName}`;
  const subject = `Your registration for ${f.competitionName}`;
  const lines = [
    `Someone (we hope you) asked for a link to the registration of ${couple} for ${f.competitionName}.`,
    '',
    'Open your registration, see your events and change your entries here:',
    f.link,
    '',
    `The link works once, within ${RECOVERY_LINK_HOURS} hours. Keep it to yourself: it opens your registration without the entry code.`,
    '',
    'If you did not ask for it, ignore this email: nothing has changed.',
  ];
  const html = [
    '<!doctype html><html><body>',
    `<p>Someone (we hope you) asked for a link to the registration of ${escapeHtml(couple)} for ${escapeHtml(f.competitionName)}.</p>`,
    `<p><a href="${escapeHtml(f.link)}">Open your registration</a> to see your events and change your entries.</p>`,
    `<p>The link works once, within ${RECOVERY_LINK_HOURS} hours. Keep it to yourself: it opens your registration without the entry code.</p>`,
    '<p>If you did not ask for it, ignore this email: nothing has changed.</p>',
    '</body></html>',
  ].join('\n');
  return { subject, text: lines.join('\n'), html };
}
