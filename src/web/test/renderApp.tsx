/**
 * Renders the whole app (providers, layout, real route table) in a memory router at `path`, with
 * `fetch` replaced by a table of `"METHOD /path"` (after /api/v1) → JSON body or a function that
 * returns one (a promise to control timing). Unknown paths answer 404. Import `./setup.ts` first.
 */
import { fakeNetwork, type FakeHandler } from './network.ts';
import { AppProviders } from '../App.tsx';
import { routes } from '../router.tsx';
import { renderRouter } from './renderRouter.tsx';

export { competition } from './fixtures.ts';

export type FakeApi = Record<string, unknown | (() => unknown)>;

/** GET-only shorthand over `fakeNetwork`: `"GET /path"` → body, or a function returning one (or a promise). */
export function fakeApi(table: FakeApi) {
  const routes: Record<string, FakeHandler> = {};
  for (const [route, entry] of Object.entries(table)) {
    routes[route] =
      typeof entry === 'function'
        ? async () => ({ body: await (entry as () => unknown)() })
        : { body: entry };
  }
  return fakeNetwork(routes).fetchMock;
}

export function renderApp(path: string) {
  return renderRouter(routes, path, AppProviders);
}

/** A promise the test resolves when it wants the server to answer. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}
