import { Fragment, type ReactNode } from 'react';

/** Marks where an element goes in a translated sentence (never in a message or a name). */
const MARK = '\u0001';

/**
 * A translated sentence with elements in it (a link, a code): each `{name}` of the message is filled
 * with `parts[name]`, wherever the language puts it.
 */
export function richText(
  translate: (values: Record<string, string>) => string,
  parts: Record<string, ReactNode>,
): ReactNode[] {
  const values = Object.fromEntries(Object.keys(parts).map((name) => [name, `${MARK}${name}${MARK}`]));
  return translate(values)
    .split(MARK)
    .map((piece, i) => (i % 2 === 1 ? <Fragment key={i}>{parts[piece]}</Fragment> : piece));
}
