/**
 * An email written once as a few blocks and rendered twice: a plain-text part that is the whole message
 * on its own, and a simple HTML part (no images, no styles from elsewhere, no tracking). Every text that
 * came from a person (names, events, the competition's name) is escaped in the HTML part.
 */
import { messagesT, type MessagesT } from './text.ts';

export type MessageBlock =
  | { kind: 'paragraph'; text: string }
  | { kind: 'heading'; text: string }
  | { kind: 'list'; items: string[] }
  /** A link to our own site; shown in full in the text part, since a dancer may copy it. */
  | { kind: 'link'; label: string; href: string };

export interface ComposedMessage {
  subject: string;
  text: string;
  html: string;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text safe inside HTML elements and quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch]!);
}

/**
 * A subject is one line: a name typed with a line break must not start a header of its own. Long
 * subjects are cut, since mail programs show only the start anyway.
 */
export function subjectLine(text: string): string {
  const line = text
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/\s{2,}/g, ' ')
    .trim();
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}

function textOf(block: MessageBlock): string {
  switch (block.kind) {
    case 'paragraph':
      return block.text;
    case 'heading':
      return block.text;
    case 'list':
      return block.items.map((i) => `- ${i}`).join('\n');
    case 'link':
      return `${block.label}:\n${block.href}`;
  }
}

function htmlOf(block: MessageBlock): string {
  switch (block.kind) {
    case 'paragraph':
      return `<p>${escapeHtml(block.text)}</p>`;
    case 'heading':
      return `<h2 style="font-size:18px;margin:20px 0 8px">${escapeHtml(block.text)}</h2>`;
    case 'list':
      return `<ul>${block.items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>`;
    case 'link':
      return `<p><a href="${escapeHtml(block.href)}">${escapeHtml(block.label)}</a></p>`;
  }
}

/** The message's subject, text and HTML parts from its blocks, in order. */
export function composeMessage(subject: string, blocks: readonly MessageBlock[]): ComposedMessage {
  const line = subjectLine(subject);
  return {
    subject: line,
    text: `${blocks.map(textOf).join('\n\n')}\n`,
    html:
      '<!doctype html><html><head><meta charset="utf-8"><title>' +
      escapeHtml(line) +
      '</title></head><body style="font-family:sans-serif;line-height:1.5;max-width:600px">' +
      blocks.map(htmlOf).join('') +
      '</body></html>',
  };
}

/** "Ann and Bob" — one greeting for the two dancers when they share an address (in `t`'s language). */
export function namesTogether(names: readonly string[], t: MessagesT = messagesT()): string {
  const distinct = [...new Set(names)];
  if (distinct.length <= 1) return distinct[0] ?? '';
  return t('names.together', {
    first: distinct.slice(0, -1).join(', '),
    last: distinct[distinct.length - 1],
  });
}
