import { describe, expect, it } from 'vitest';
import { loginPathFor, safeNext } from './session.ts';

describe('where sign-in returns to', () => {
  it('follows paths on this site, keeping their query', () => {
    expect(safeNext('/admin/setup')).toBe('/admin/setup');
    expect(safeNext('/admin/competitors?q=smith')).toBe('/admin/competitors?q=smith');
    expect(safeNext(decodeURIComponent(loginPathFor('/admin/settings').split('next=')[1]!))).toBe(
      '/admin/settings',
    );
  });

  it('never leaves the site or loops back to the login page', () => {
    for (const bad of [
      'https://evil.example',
      '//evil.example/admin',
      '/\\evil.example',
      'javascript:alert(1)',
      '/login',
      '/login?next=/admin',
      '',
      null,
    ]) {
      expect(safeNext(bad)).toBe('/admin');
    }
  });
});
