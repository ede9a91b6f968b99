import { lazy, startTransition, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { loadChunk } from './chunkReload.ts';

/**
 * False until the first paint once `shown` (what the user came for: a list, a form) is on screen, then
 * true. What renders only then (a section below the fold, the rest of a long list) does not hold up
 * that paint; it renders in a transition, so typing or a click meanwhile is not held up either.
 */
export function useAfterFirstPaint(shown = true): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!shown || painted) return;
    // The frame after this commit is painted, then the rest renders.
    const frame = requestAnimationFrame(() => setTimeout(() => startTransition(() => setPainted(true))));
    return () => cancelAnimationFrame(frame);
  }, [shown, painted]);
  return painted;
}

/** `children` once the screen's first paint is done (see useAfterFirstPaint). */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  return useAfterFirstPaint() ? children : null;
}

/**
 * A part of a screen whose code loads when it first renders (a dialog or form opened by a click), so
 * the screen's own code is smaller: the module, and the name of the export that is the part. Render it
 * inside <Suspense>. A stale chunk reloads the page once.
 */
export function lazyPart<P extends object, K extends string>(
  importer: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
) {
  return lazy(async () => ({ default: (await loadChunk(importer))[name] }));
}
