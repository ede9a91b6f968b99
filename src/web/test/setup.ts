/**
 * Shared setup for component tests. Import it first in a test file that starts with
 * `// @vitest-environment jsdom`; it needs no change to vitest.config.ts.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Lazy routes load their chunks on first render; on a busy 2-core CI machine that can take seconds.
configure({ asyncUtilTimeout: 5000 });

// Testing Library cleans up by itself only with Vitest globals on; ours are off.
afterEach(() => cleanup());

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
