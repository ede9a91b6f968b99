/**
 * The pieces every message to dancers is made of: escaped HTML from plain text, paragraphs, a link.
 * Plain text is the message; the HTML part only shows the same words with working links: no images,
 * no styles from elsewhere, no tracking, and no link but ours.
 */
import { escapeHtml } from './compose.ts';
import type { Locale } from '../i18n/locales.ts';

export { escapeHtml };
export type { ComposedMessage } from './compose.ts';

/** Plain text as HTML paragraphs: a blank line starts a paragraph, a single line break stays one. */
export function htmlParagraphs(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '')
    .map((p) => `<p>${p.split('\n').map(escapeHtml).join('<br>\n')}</p>`)
    .join('\n');
}

/** A link to one of our own pages, its address shown as the words when none are given. */
export const htmlLink = (url: string, words?: string): string =>
  `<a href="${escapeHtml(url)}">${escapeHtml(words ?? url)}</a>`;

/** The whole HTML part around `inner` (already HTML), in the message's language. */
export function htmlDocument(title: string, inner: string, locale: Locale = 'en'): string {
  return [
    '<!doctype html>',
    `<html lang="${locale}"><head><meta charset="utf-8">`,
    `<title>${escapeHtml(title)}</title></head>`,
    '<body style="font-family: sans-serif; line-height: 1.5">',
    inner,
    '</body></html>',
  ].join('\n');
}
