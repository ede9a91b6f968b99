import type { ComponentType } from 'react';
import { loadCatalogs } from '../../domain/i18n/catalog.ts';
import { currentLocale } from '../i18n/locale.ts';

/**
 * After a redeploy, an open tab asks for screen chunks that no longer exist. Reloading the page once
 * fetches the new index.html and its chunks. A timestamp in sessionStorage stops a reload loop when a
 * chunk is missing for another reason (offline, broken deploy): then the error page shows instead.
 */
const STORAGE_KEY = 'promenade:chunk-reload-at';
export const RELOAD_GUARD_MS = 60_000;

/** Pure: may we reload now, given when we last reloaded for this reason (ms, or null)? */
export function mayReload(now: number, lastReloadAt: number | null): boolean {
  return (
    lastReloadAt === null ||
    !Number.isFinite(lastReloadAt) ||
    now - lastReloadAt > RELOAD_GUARD_MS ||
    now < lastReloadAt
  );
}

/** Pure: does this error mean a script or style chunk could not be fetched? */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Loading (CSS )?chunk .* failed/i.test(
    message,
  );
}

let reloading = false;
let pendingNavigation: () => string | null = () => null;

/**
 * Tells the reload where the visitor was going: a screen's chunk loads before the URL changes, so a
 * plain reload would land them back on the page they were leaving.
 */
export function setPendingNavigation(target: () => string | null): void {
  pendingNavigation = target;
}

/** Reloads the page unless we already did so moments ago. Returns true when a reload is under way. */
export function reloadOnceForNewVersion(): boolean {
  if (reloading) return true;
  try {
    const stored = sessionStorage.getItem(STORAGE_KEY);
    const now = Date.now();
    if (!mayReload(now, stored === null ? null : Number(stored))) return false;
    sessionStorage.setItem(STORAGE_KEY, String(now));
  } catch {
    // Without storage we cannot guard against a loop, so we do not reload.
    return false;
  }
  reloading = true;
  const target = pendingNavigation();
  if (target && target !== window.location.pathname + window.location.search + window.location.hash) {
    window.location.assign(target);
  } else {
    window.location.reload();
  }
  return true;
}

/** Vite announces a failed chunk preload with `vite:preloadError`; reloading handles it quietly. */
export function installPreloadErrorHandler(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadOnceForNewVersion()) event.preventDefault();
  });
}

const never = <T>() => new Promise<T>(() => {});

/**
 * Imports a chunk of the app. A failed chunk load reloads the page once; if that does not help, the
 * error is thrown (to the route's error page, which explains it).
 */
export async function loadChunk<M>(importer: () => Promise<M>): Promise<M> {
  let module: M | undefined;
  try {
    module = await importer();
  } catch (error) {
    if (isChunkLoadError(error) && reloadOnceForNewVersion()) return never();
    throw error;
  }
  // Undefined when the preload-error handler prevented Vite's throw and a reload is under way.
  if (module === undefined) {
    if (reloading) return never();
    throw new Error('Failed to fetch dynamically imported module');
  }
  return module;
}

/**
 * A React Router `lazy` loader for one screen (see loadChunk): the module, and the name of the export
 * that is the screen (or a function that picks it).
 */
export function lazyScreen<M extends Record<K, ComponentType>, K extends keyof M & string>(
  importer: () => Promise<M>,
  name: K,
): () => Promise<{ Component: ComponentType }>;
export function lazyScreen<M>(
  importer: () => Promise<M>,
  pick: (module: M) => ComponentType,
): () => Promise<{ Component: ComponentType }>;
export function lazyScreen<M>(
  importer: () => Promise<M>,
  pick: string | ((module: M) => ComponentType),
): () => Promise<{ Component: ComponentType }> {
  return async () => {
    const module = await loadChunk(importer);
    // The screen's words in the reader's language are there before it shows (no English flash).
    await loadCatalogs(currentLocale()).catch(() => undefined);
    return {
      Component: typeof pick === 'function' ? pick(module) : (module as Record<string, ComponentType>)[pick]!,
    };
  };
}
