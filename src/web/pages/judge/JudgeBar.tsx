import { Button } from '@mantine/core';
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { useT } from '../../i18n/locale.ts';
import { judgeText } from './text.ts';

interface JudgeBarProps {
  /** The question asked before sending; the bar shows the count and the submit button while null. */
  confirm: {
    question: ReactNode;
    send: ReactNode;
    color: string;
    onBack: () => void;
    onSend: () => void;
  } | null;
  count: ReactNode;
  ok: boolean;
  sync: ReactNode;
  next: ReactNode;
  submit: ReactNode;
  onSubmit: () => void;
  disabled?: boolean;
}

/** The bar under a dance's couples: the count and submit, or the last check before sending. */
export function JudgeBar({ confirm, count, ok, sync, next, submit, onSubmit, disabled }: JudgeBarProps) {
  const t = useT(judgeText);
  const bar = useBarHeight();
  return (
    <footer className="judge-bar" ref={bar}>
      {confirm ? (
        <div className="judge-confirm">
          {confirm.question}
          <div className="judge-bar-row">
            <Button size="lg" variant="default" onClick={confirm.onBack}>
              {t('bar.back')}
            </Button>
            <Button size="lg" color={confirm.color} onClick={confirm.onSend}>
              {confirm.send}
            </Button>
          </div>
        </div>
      ) : (
        <div className="judge-bar-row">
          <div>
            <div className={`judge-count ${ok ? 'ok' : ''}`}>{count}</div>
            {sync}
          </div>
          {next}
          <Button size="xl" color="blue.8" onClick={onSubmit} disabled={disabled} className="judge-submit">
            {submit}
          </Button>
        </div>
      )}
    </footer>
  );
}

interface ReviewBarProps {
  /** The dance's name, as the judge reads it. */
  dance: string;
  /** What the judge gives every couple: places (a final) or scores (AJS). */
  given: 'places' | 'scores';
  /** One line a couple, in the order the review lists them. */
  lines: { couple: string; line: ReactNode }[];
  listClassName: string;
  reviewing: boolean;
  setReviewing: (on: boolean) => void;
  onSend: () => Promise<void>;
  count: ReactNode;
  complete: boolean;
  /** The submit button's words while some couple still lacks its value. */
  incomplete: ReactNode;
  sync: ReactNode;
  next: ReactNode;
}

/**
 * The bar of a dance where every couple needs a value (a final's places, AJS scores): Review once
 * complete, then the whole list to check before sending.
 */
export function ReviewBar(p: ReviewBarProps) {
  const t = useT(judgeText);
  const back = () => p.setReviewing(false);
  return (
    <JudgeBar
      confirm={
        p.reviewing
          ? {
              question: (
                <>
                  <p>
                    <strong>{p.dance}</strong>
                    {t('review.check', { given: p.given })}
                  </p>
                  <ul className={p.listClassName}>
                    {p.lines.map(({ couple, line }) => (
                      <li key={couple}>{line}</li>
                    ))}
                  </ul>
                </>
              ),
              send: t('review.send', { given: p.given }),
              color: 'blue.7',
              onBack: back,
              onSend: () => void p.onSend().then(back),
            }
          : null
      }
      count={p.count}
      ok={p.complete}
      sync={p.sync}
      next={p.next}
      submit={p.complete ? t('review.button') : p.incomplete}
      onSubmit={() => p.setReviewing(true)}
      disabled={!p.complete}
    />
  );
}

/**
 * The bar stays at the bottom of the window over the couples. Whatever the browser scrolls into view
 * (a tile reached with the keyboard, found in the page, read by a screen reader) must stop above it,
 * not under it: its height, kept up to date as it grows (a question, a receipt), becomes the page's
 * bottom scroll padding (judge.css).
 */
function useBarHeight() {
  const ref = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const root = document.documentElement.style;
    const set = () => root.setProperty('--judge-bar-height', `${el.getBoundingClientRect().height}px`);
    set();
    const watch = new ResizeObserver(set);
    watch.observe(el);
    return () => {
      watch.disconnect();
      root.removeProperty('--judge-bar-height');
    };
  }, []);
  return ref;
}
