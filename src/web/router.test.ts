import { describe, expect, it } from 'vitest';
import { matchRoutes, type RouteObject } from 'react-router';
import { routes } from './router.tsx';
import { routeNameOf } from './layout/visibility.ts';

// Spec §2: every route, with the route name the layout decides by (where the spec names one).
const specRoutes: Array<[path: string, name: string | undefined]> = [
  ['/', 'home'],
  ['/details', 'details'],
  ['/rules', 'rules'],
  ['/venue', 'venue'],
  ['/contact', 'contact'],
  ['/about', 'about'],
  ['/register', 'register'],
  ['/entries', 'entries'],
  ['/updateEntries', 'updateEntries'],
  ['/competitors', 'competitors'],
  ['/competitors/12', 'competitorDetails'],
  ['/people/12', 'person'],
  ['/results', 'results'],
  ['/results/bronze-latin', 'resultDetails'],
  ['/judges/j1', 'markentry'],
  ['/live', 'liveCompView'],
  ['/live/bronze-latin/2', 'liveRoundResultView'],
  ['/live/display', 'liveDisplay'],
  ['/c/vss24/live/display', 'liveDisplay'],
  ['/login', 'login'],
  ['/print-sheets', 'printSheets'],
  ['/admin/deckcaptain', 'deckCaptainView'],
  ['/admin/chairman', undefined],
  ['/admin/mc', undefined],
  ['/admin', undefined],
  ['/admin/scrutineer', 'scrutineerView'],
  ['/admin/setup', undefined],
];

describe('route table', () => {
  it.each(specRoutes)('%s is a real route named %s', (path, name) => {
    const matches = matchRoutes(routes, path);
    expect(matches).not.toBeNull();
    const leaf = matches!.at(-1)!.route;
    expect(leaf.path).not.toBe('*');
    if (name !== undefined) expect(routeNameOf(matches!.map((m) => m.route))).toBe(name);
  });

  it('sends unknown paths to the 404 page', () => {
    const matches = matchRoutes(routes, '/nope/nothing');
    expect(matches!.at(-1)!.route.path).toBe('*');
  });

  it('loads every public screen lazily', () => {
    const leaves: RouteObject[] = [];
    const walk = (list: RouteObject[]) =>
      list.forEach((r) => (r.children ? walk(r.children) : leaves.push(r)));
    walk(routes);
    const withoutLazy = leaves.filter((r) => !r.lazy && !r.Component && !r.element);
    expect(withoutLazy).toEqual([]);
    const eager = leaves.filter((r) => !r.lazy).map((r) => r.path ?? '(index)');
    expect(eager).toEqual([]);
  });
});
