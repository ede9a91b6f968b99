/** How the message tests check a composed email: its subject, what each part says, what the HTML must not hold. */
import { expect } from 'vitest';
import type { ComposedMessage } from './compose.ts';

export interface ExpectedMessage {
  subject: string;
  /** Said in both the plain text and the HTML part (text with nothing to escape). */
  both?: readonly string[];
  /** Said in the plain text part, as typed. */
  text?: readonly string[];
  /** Said in the HTML part, escaped as it stands there. */
  html?: readonly string[];
  /** Never in the HTML part: what people typed, unescaped, or an image or a script. */
  notInHtml?: readonly (string | RegExp)[];
}

export function expectMessage(m: ComposedMessage, want: ExpectedMessage): void {
  expect(m.subject).toBe(want.subject);
  for (const said of want.both ?? []) {
    expect(m.text, 'the plain text part').toContain(said);
    expect(m.html, 'the HTML part').toContain(said);
  }
  for (const said of want.text ?? []) expect(m.text, 'the plain text part').toContain(said);
  for (const said of want.html ?? []) expect(m.html, 'the HTML part').toContain(said);
  for (const unsafe of want.notInHtml ?? []) {
    if (typeof unsafe === 'string') expect(m.html, 'the HTML part').not.toContain(unsafe);
    else expect(m.html, 'the HTML part').not.toMatch(unsafe);
  }
}
