// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

describe('chunk reload after a redeploy', () => {
  let reload: ReturnType<typeof vi.fn>;
  let assign: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    vi.resetModules();
    sessionStorage.clear();
    reload = vi.fn();
    assign = vi.fn();
    vi.stubGlobal('location', { pathname: '/', search: '', hash: '', reload, assign });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('recognises the browsers’ chunk-load failures and nothing else', async () => {
    const { isChunkLoadError } = await import('./chunkReload.ts');
    expect(
      isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/Home-abc.js')),
    ).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/x.css'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });

  it('allows one reload per minute, so a missing chunk cannot loop', async () => {
    const { mayReload, RELOAD_GUARD_MS } = await import('./chunkReload.ts');
    expect(mayReload(1_000_000, null)).toBe(true);
    expect(mayReload(1_000_000, 1_000_000 - 5_000)).toBe(false);
    expect(mayReload(1_000_000, 1_000_000 - RELOAD_GUARD_MS - 1)).toBe(true);
    expect(mayReload(1_000_000, Number.NaN)).toBe(true);
  });

  it('a lazy screen whose chunk fails reloads the page once and then shows the error', async () => {
    const { lazyScreen } = await import('./chunkReload.ts');
    const failing = lazyScreen(
      () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/Rules.js')),
      (m: { default: () => null }) => m.default,
    );
    // First failure: reload, and the loader never settles (the page is going away).
    const first = await Promise.race([failing(), new Promise((r) => setTimeout(() => r('pending'), 20))]);
    expect(first).toBe('pending');
    expect(reload).toHaveBeenCalledTimes(1);

    // The reloaded page (fresh module state) fails again at once: no second reload, the error surfaces.
    vi.resetModules();
    const again = await import('./chunkReload.ts');
    const stillFailing = again.lazyScreen(
      () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/Rules.js')),
      (m: { default: () => null }) => m.default,
    );
    await expect(stillFailing()).rejects.toThrow(/dynamically imported module/);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads into the page the visitor was going to', async () => {
    const { lazyScreen, setPendingNavigation } = await import('./chunkReload.ts');
    setPendingNavigation(() => '/rules');
    const failing = lazyScreen(
      () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/Rules.js')),
      (m: { default: () => null }) => m.default,
    );
    void failing();
    await new Promise((r) => setTimeout(r, 10));
    expect(assign).toHaveBeenCalledWith('/rules');
    expect(reload).not.toHaveBeenCalled();
  });

  it('does not reload for an error inside the screen module itself', async () => {
    const { lazyScreen } = await import('./chunkReload.ts');
    const broken = lazyScreen(
      () => Promise.reject(new ReferenceError('x is not defined')),
      (m: { default: () => null }) => m.default,
    );
    await expect(broken()).rejects.toThrow('x is not defined');
    expect(reload).not.toHaveBeenCalled();
  });

  it('handles Vite’s preload error event by reloading and preventing the throw', async () => {
    const { installPreloadErrorHandler } = await import('./chunkReload.ts');
    installPreloadErrorHandler();
    const event = new Event('vite:preloadError', { cancelable: true });
    window.dispatchEvent(event);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(event.defaultPrevented).toBe(true);
  });

  it('loads the screen component when the chunk arrives', async () => {
    const { lazyScreen } = await import('./chunkReload.ts');
    const Screen = () => null;
    const loader = lazyScreen(
      () => Promise.resolve({ Screen }),
      (m) => m.Screen,
    );
    await expect(loader()).resolves.toEqual({ Component: Screen });
  });
});
