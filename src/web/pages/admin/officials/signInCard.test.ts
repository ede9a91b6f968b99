import { describe, expect, it } from 'vitest';
import { roleTitle, tabletPath } from './signInCard.ts';

describe('sign-in card', () => {
  it("gives a judge their own tablet's page and other officials their role's screen, with them chosen", () => {
    expect(tabletPath({ id: 3, role: 'Judge' })).toBe('/judges/3');
    expect(tabletPath({ id: 6, role: 'Deck Captain' })).toBe('/admin/deckcaptain?official=6');
    expect(tabletPath({ id: 7, role: 'Scrutineer' })).toBe('/admin/scrutineer?official=7');
    expect(tabletPath({ id: 8, role: 'Chairman' })).toBe('/admin/chairman?official=8');
    expect(tabletPath({ id: 9, role: 'MC' })).toBe('/admin/mc');
  });

  it('names a judge by letter, the others by role', () => {
    expect(roleTitle({ role: 'Judge', letter: 'B' })).toBe('Judge B');
    expect(roleTitle({ role: 'Judge', letter: '' })).toBe('Judge');
    expect(roleTitle({ role: 'Deck Captain', letter: '' })).toBe('Deck Captain');
  });
});
