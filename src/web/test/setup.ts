/**
 * Shared setup for component tests. Import it first in a test file that starts with
 * `// @vitest-environment jsdom`; it needs no change to vitest.config.ts.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';

// Lazy routes load their chunks on first render; on a busy 2-core CI machine that can take seconds.
configure({ asyncUtilTimeout: 5000 });

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
