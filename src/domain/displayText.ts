/**
 * What a name or a note may hold so that it shows as what it is, on a screen, a print-out or in a CSV
 * file. Pure: the shared schemas (schemas/common.ts) and the CSV imports apply it.
 *
 * Refused: control characters (C0 and C1, DEL; a one-line text also refuses tab and line breaks), the
 * line and paragraph separators (U+2028, U+2029), the text-direction embeddings, overrides and isolates
 * (U+202A–U+202E, U+2066–U+2069: "U+202E" shows "gpj.exe" as "exe.jpg") and broken UTF-16. Every
 * script's letters are welcome, right-to-left ones included (عربي shows right to left by itself);
 * the direction marks (U+200E, U+200F, U+061C) and joiners (U+200C, U+200D) that such text and emoji
 * need are kept. Bounded: combining marks on one base character (Vietnamese needs two, Zalgo text
 * piles up hundreds that spill over the lines around) and pictographs (emoji) in a one-line text.
 */

/** Combining marks allowed on one base character. */
export const MAX_MARKS_PER_CHARACTER = 4;
/** Pictographs (emoji) allowed in one name or other one-line text. */
export const MAX_PICTOGRAPHS = 8;

const DIRECTION_CONTROLS = '\\u202a-\\u202e\\u2066-\\u2069';
const SEPARATORS = '\\u2028\\u2029';
const BROKEN_UTF16 = '[\\ud800-\\udbff](?![\\udc00-\\udfff])|(?<![\\ud800-\\udbff])[\\udc00-\\udfff]';
/** In one line: every C0 control, DEL and C1. */
const LINE_REFUSED = new RegExp(
  `[\\u0000-\\u001f\\u007f-\\u009f${SEPARATORS}${DIRECTION_CONTROLS}]|${BROKEN_UTF16}`,
);
/** In several lines: the same, but tab, line feed and carriage return. */
const BLOCK_REFUSED = new RegExp(
  `[\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f${SEPARATORS}${DIRECTION_CONTROLS}]|${BROKEN_UTF16}`,
);
const MARKS_PILED = new RegExp(`\\p{M}{${MAX_MARKS_PER_CHARACTER + 1},}`, 'u');
const PICTOGRAPH = /\p{Extended_Pictographic}/gu;

/** The code point as people look it up: U+202E. */
const codePoint = (ch: string) => `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/** Why text cannot be shown as it is, as data (a reader in another language is told it in theirs). */
export type DisplayProblem =
  | { display: 'notText' }
  | { display: 'direction' | 'lineBreak' | 'control'; char: string }
  | { display: 'marks' | 'emoji'; max: number };

/** Why `text` cannot be shown as it is, or null when it can. `multiline`: a note or a page. */
export function displayProblemOf(text: string, multiline = false): DisplayProblem | null {
  const refused = (multiline ? BLOCK_REFUSED : LINE_REFUSED).exec(text);
  if (refused) {
    const ch = refused[0];
    if (ch.length === 1 && /[\ud800-\udfff]/.test(ch)) return { display: 'notText' };
    const display = new RegExp(`[${DIRECTION_CONTROLS}]`).test(ch)
      ? 'direction'
      : new RegExp(`[${SEPARATORS}]`).test(ch) || /[\n\r]/.test(ch)
        ? 'lineBreak'
        : 'control';
    return { display, char: codePoint(ch) };
  }
  if (MARKS_PILED.test(text)) return { display: 'marks', max: MAX_MARKS_PER_CHARACTER };
  if (!multiline && (text.match(PICTOGRAPH)?.length ?? 0) > MAX_PICTOGRAPHS)
    return { display: 'emoji', max: MAX_PICTOGRAPHS };
  return null;
}

/** The problem in English: a sentence after the field's label. */
export function displayProblemText(p: DisplayProblem): string {
  switch (p.display) {
    case 'notText':
      return 'contains characters that are not text';
    case 'direction':
    case 'lineBreak':
    case 'control': {
      const what = {
        direction: 'a text-direction control character',
        lineBreak: 'a line break',
        control: 'a control character',
      }[p.display];
      return `contains ${what} (${p.char}); remove it`;
    }
    case 'marks':
      return `has more than ${p.max} accents or other combining marks on one character`;
    case 'emoji':
      return `has more than ${p.max} emoji`;
  }
}

/**
 * Why `text` cannot be shown as it is (a sentence after the field's label), or null when it can.
 * `multiline`: a note or a page, which may hold line breaks and tabs.
 */
export function displayProblem(text: string, multiline = false): string | null {
  const problem = displayProblemOf(text, multiline);
  return problem && displayProblemText(problem);
}

/** The one form text is stored in (NFC: "é" typed as e + U+0301 and as U+00E9 are the same name). */
export const storedForm = (text: string): string => text.normalize('NFC');
