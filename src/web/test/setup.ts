/**
 * Shared setup for component tests. Import it first in a test file that starts with
 * `// @vitest-environment jsdom`; it needs no change to vitest.config.ts.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, configure, fireEvent } from '@testing-library/react';
import { options } from 'preact';
import { afterAll, afterEach } from 'vitest';

// Lazy routes load their chunks on first render; on a busy 2-core CI machine that can take seconds.
configure({ asyncUtilTimeout: 5000 });

// A person's edit fires `input` and then `change`, and React's onChange on a text field listens to
// the first: Preact, which runs the app (vite.config.ts, REACT_AS_PREACT), binds it to `input` as the
// browser's own event. fireEvent.change alone would skip it, so here it fires both, as a browser does:
// the typed value arrives with `input`; `change` only follows it, and must not type the value again
// over what the screen made of it (a currency field upper-cases what is typed).
const fireChange = fireEvent.change;
fireEvent.change = (element, init) => {
  fireEvent.input(element, init);
  return fireChange(element);
};

// Preact runs effects after the next animation frame, and jsdom has none: it falls back to a 100 ms
// timer, so a screen's effect could land after the test's next step. In tests effects run right after
// the render, as React's act() runs them.
options.requestAnimationFrame = (flush) => queueMicrotask(flush);

// Testing Library cleans up by itself only with Vitest globals on; ours are off.
afterEach(() => cleanup());

// A page's timers die with the page. jsdom's window goes away when a file's tests end, while a timer set
// in its last moments (a Mantine transition's end) would still fire and reach for `window`: an unhandled
// error that fails the run on a busy machine. So the timers still pending when the file ends are cleared.
const pendingTimers = new Set<ReturnType<typeof setTimeout>>();
const realSetTimeout = globalThis.setTimeout;
const realClearTimeout = globalThis.clearTimeout;
globalThis.setTimeout = ((fn: (...a: unknown[]) => void, ms?: number, ...args: unknown[]) => {
  const t = realSetTimeout(() => {
    pendingTimers.delete(t);
    fn(...args);
  }, ms);
  pendingTimers.add(t);
  return t;
}) as typeof setTimeout;
globalThis.clearTimeout = ((t: ReturnType<typeof setTimeout> | undefined) => {
  if (t !== undefined) pendingTimers.delete(t);
  realClearTimeout(t);
}) as typeof clearTimeout;
afterAll(() => {
  cleanup();
  for (const t of pendingTimers) realClearTimeout(t);
  pendingTimers.clear();
});

// jsdom lacks these; Mantine reads them (colour scheme, media queries, ScrollArea).
if (typeof window !== 'undefined') {
  if (!window.matchMedia) {
    window.matchMedia = (query: string): MediaQueryList =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList;
  }
  if (!('ResizeObserver' in window)) {
    class ResizeObserverStub {
      observe(): void {}
      unobserve(): void {}
      disconnect(): void {}
    }
    (window as unknown as { ResizeObserver: typeof ResizeObserverStub }).ResizeObserver = ResizeObserverStub;
  }
  window.scrollTo = () => {};
}
