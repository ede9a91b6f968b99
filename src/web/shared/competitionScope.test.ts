import { describe, expect, it } from 'vitest';
import { inScope, scopeOf } from './competitionScope.ts';

describe("a page's competition in its address", () => {
  it('reads the key and the app path of /c/{key}/…', () => {
    expect(scopeOf('/c/vss24/admin/scrutineer')).toEqual({ key: 'vss24', path: '/admin/scrutineer' });
    expect(scopeOf('/c/vss24')).toEqual({ key: 'vss24', path: '/' });
    expect(scopeOf('/c/vss24/')).toEqual({ key: 'vss24', path: '/' });
    expect(scopeOf('/results')).toEqual({ key: null, path: '/results' });
    expect(scopeOf('/competitions')).toEqual({ key: null, path: '/competitions' });
  });

  it('keeps app paths at the competition’s address', () => {
    expect(inScope('vss24', '/')).toBe('/c/vss24');
    expect(inScope('vss24', '/results/bronze-latin')).toBe('/c/vss24/results/bronze-latin');
    expect(inScope('vss24', '/?x=1')).toBe('/c/vss24?x=1');
    expect(inScope('vss24', '/c/other/admin')).toBe('/c/other/admin');
    expect(inScope(null, '/results')).toBe('/results');
    // Relative paths and other sites are left alone.
    expect(inScope('vss24', 'rounds')).toBe('rounds');
    expect(inScope('vss24', 'https://example.com/')).toBe('https://example.com/');
  });
});
