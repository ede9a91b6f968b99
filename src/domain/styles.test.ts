import { describe, expect, it } from 'vitest';
import { DANCES_BY_STYLE, DANCE_ORDER, STYLES, isDanceOfStyle, isStyle, sortDances } from './styles.ts';

describe('styles and dances', () => {
  it('has the five styles with the spec dances', () => {
    expect(STYLES).toEqual(['Standard', 'Latin', 'Smooth', 'Rhythm', 'Nightclub']);
    expect([...DANCES_BY_STYLE.Latin].sort()).toEqual(['ChaCha', 'Jive', 'Paso Doble', 'Rumba', 'Samba']);
    expect(DANCES_BY_STYLE.Smooth).toEqual(['Waltz', 'Tango', 'Foxtrot', 'Viennese Waltz']);
    expect(DANCES_BY_STYLE.Nightclub).toHaveLength(6);
  });

  it('lists every dance once, then Awards and Break', () => {
    expect(new Set(DANCE_ORDER).size).toBe(DANCE_ORDER.length);
    expect(DANCE_ORDER.slice(-2)).toEqual(['Awards', 'Break']);
    for (const s of STYLES) for (const d of DANCES_BY_STYLE[s]) expect(DANCE_ORDER).toContain(d);
  });

  it('sorts dances into danced order, unknown names last', () => {
    expect(sortDances(['Quickstep', 'Break', 'Waltz', 'Polka', 'Tango'])).toEqual([
      'Waltz',
      'Tango',
      'Quickstep',
      'Break',
      'Polka',
    ]);
    expect(sortDances(['Viennese Waltz', 'Foxtrot'], 'Smooth')).toEqual(['Foxtrot', 'Viennese Waltz']);
    expect(sortDances(['Viennese Waltz', 'Foxtrot'], 'Standard')).toEqual(['Viennese Waltz', 'Foxtrot']);
  });

  it('knows which dances belong to a style', () => {
    expect(isDanceOfStyle('Rhythm', 'Mambo')).toBe(true);
    expect(isDanceOfStyle('Latin', 'Mambo')).toBe(false);
    expect(isStyle('Latin')).toBe(true);
    expect(isStyle('latin')).toBe(false);
  });
});
