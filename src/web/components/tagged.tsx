import { Fragment, type ReactNode } from 'react';

/**
 * A translated sentence with parts marked `<0>…</0>`, `<1>…</1>` (a link, a code): each marked part is
 * drawn by the renderer of its number, so a translation can put the link where its language needs it.
 * "Back on the <0>Competitions</0> screen." with `[(text) => <Link …>{text}</Link>]`.
 */
export function tagged(message: string, renderers: readonly ((text: string) => ReactNode)[]): ReactNode {
  const out: ReactNode[] = [];
  const pattern = /<(\d+)>(.*?)<\/\1>/gs;
  let at = 0;
  for (let match = pattern.exec(message); match; match = pattern.exec(message)) {
    if (match.index > at) out.push(message.slice(at, match.index));
    const render = renderers[Number(match[1])];
    out.push(<Fragment key={match.index}>{render ? render(match[2]!) : match[2]}</Fragment>);
    at = match.index + match[0].length;
  }
  if (at < message.length) out.push(message.slice(at));
  return out;
}
