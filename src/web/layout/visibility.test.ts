import { describe, expect, it } from 'vitest';
import { isFooterVisible, isTopBarVisible, routeNameOf } from './visibility.ts';

// Every route name of spec §2 with a typical path, and whether top bar / footer show there.
const cases: Array<[name: string, path: string, topBar: boolean, footer: boolean]> = [
  ['home', '/', true, true],
  ['details', '/details', true, true],
  ['rules', '/rules', true, true],
  ['venue', '/venue', true, true],
  ['contact', '/contact', true, true],
  ['about', '/about', true, true],
  ['markentry', '/judges/j1', false, false],
  ['register', '/register', false, true],
  ['scrutineerView', '/admin/scrutineer', false, false],
  ['deckCaptainView', '/admin/deckcaptain', false, false],
  ['liveCompView', '/live', false, false],
  ['liveRoundResultView', '/live/bronze-latin/2', false, false],
  ['liveDisplay', '/live/display', false, false],
  ['resultDetails', '/results/bronze-latin', false, false],
  ['login', '/login', false, true],
  ['printSheets', '/print-sheets', false, true],
  // Routes the spec does not name keep both.
  ['entries', '/entries', true, true],
  ['updateEntries', '/updateEntries', true, true],
  ['competitors', '/competitors', true, true],
  ['competitorDetails', '/competitors/12', true, true],
  ['person', '/people/12', true, true],
  ['results', '/results', true, true],
  ['notFound', '/no-such-page', true, true],
];

describe('top bar and footer visibility (spec §2)', () => {
  it.each(cases)('%s at %s: top bar %s, footer %s', (name, path, topBar, footer) => {
    expect(isTopBarVisible(name, path)).toBe(topBar);
    expect(isFooterVisible(name, path)).toBe(footer);
  });

  it('hides both on any path containing admin, whatever the route is called', () => {
    for (const path of [
      '/admin',
      '/admin/setup',
      '/admin/chairman',
      '/admin/mc',
      '/admin/competitors/add-competitor',
    ]) {
      expect(isTopBarVisible('dashboard', path)).toBe(false);
      expect(isFooterVisible('dashboard', path)).toBe(false);
      expect(isTopBarVisible(undefined, path)).toBe(false);
    }
  });

  it('shows both on a route without a name outside the admin area', () => {
    expect(isTopBarVisible(undefined, '/somewhere')).toBe(true);
    expect(isFooterVisible(undefined, '/somewhere')).toBe(true);
  });
});

describe('routeNameOf', () => {
  it('takes the deepest match that has a name', () => {
    const matches = [
      { handle: undefined },
      { handle: { name: 'admin' } },
      { handle: { name: 'scrutineerView' } },
      {},
    ];
    expect(routeNameOf(matches)).toBe('scrutineerView');
  });

  it('is undefined when no match is named', () => {
    expect(routeNameOf([{}, { handle: {} }])).toBeUndefined();
  });
});
