/**
 * The panel of an AJS round (docs/ajs.md, "Panel split" and "One score for both components"): the
 * two groups TQ + PS and MM + CP, drawn at random per round, and the dances where one score counts
 * for both of a judge's components.
 */
import { describe, expect, it } from 'vitest';
import {
  AJS_COMPONENTS,
  ajsGroupAssignments,
  ajsGroupOf,
  ajsOneScoreProblem,
  ajsSplitProblem,
  defaultAjsAssignments,
  defaultSeparateDances,
  drawAjsGroups,
  scoreAjs,
} from './ajs.ts';
import { seededRandom } from '../random.ts';

const ten = 'ABCDEFGHIJ'.split('');

describe('the default split', () => {
  it('gives the first half of the panel TQ + PS and the second MM + CP', () => {
    const a = defaultAjsAssignments(ten);
    expect(ten.map((j) => a[j]!.join('+'))).toEqual([...Array(5).fill('TQ+PS'), ...Array(5).fill('MM+CP')]);
    expect(ajsSplitProblem(a)).toBeNull();
  });
});

describe('a drawn split', () => {
  it('is two balanced groups covering every component, the same for the same seed', () => {
    for (let seed = 1; seed <= 50; seed++) {
      const groups = drawAjsGroups(ten, seededRandom(seed));
      const values = Object.values(groups);
      expect(values.filter((g) => g === 'TQ+PS')).toHaveLength(5);
      expect(values.filter((g) => g === 'MM+CP')).toHaveLength(5);
      expect(Object.keys(groups).sort()).toEqual(ten);
      expect(ajsSplitProblem(ajsGroupAssignments(groups))).toBeNull();
      expect(drawAjsGroups(ten, seededRandom(seed))).toEqual(groups);
    }
  });

  it('gives the odd judge to TQ + PS, and differs between seeds', () => {
    const five = drawAjsGroups(ten.slice(0, 5), seededRandom(7));
    expect(Object.values(five).filter((g) => g === 'TQ+PS')).toHaveLength(3);
    const draws = new Set(
      Array.from({ length: 20 }, (_, i) => JSON.stringify(drawAjsGroups(ten, seededRandom(i + 1)))),
    );
    expect(draws.size).toBeGreaterThan(1);
  });

  it('needs two judges', () => {
    expect(() => drawAjsGroups(['A'], seededRandom(1))).toThrow(/fewer than two judges/);
  });
});

describe('groups', () => {
  it('are told from a judge’s components', () => {
    expect(ajsGroupOf(['TQ', 'PS'])).toBe('TQ+PS');
    expect(ajsGroupOf(['MM', 'CP'])).toBe('MM+CP');
    expect(ajsGroupOf(['TQ', 'MM'])).toBeNull();
    expect(ajsGroupOf([...AJS_COMPONENTS])).toBeNull();
  });
});

describe('the dances with separate scores (the finals on the WDSF sheets)', () => {
  it('are Samba and Rumba in a Latin final, Waltz and Tango in a Standard final', () => {
    expect(defaultSeparateDances(['Samba', 'ChaCha', 'Rumba', 'Paso Doble', 'Jive'], true)).toEqual([
      'Samba',
      'Rumba',
    ]);
    expect(
      defaultSeparateDances(['Waltz', 'Tango', 'Viennese Waltz', 'Slow Foxtrot', 'Quickstep'], true),
    ).toEqual(['Waltz', 'Tango']);
  });
  it('are the first two dances of any other final', () => {
    expect(defaultSeparateDances(['ChaCha', 'Jive', 'Rumba'], true)).toEqual(['ChaCha', 'Jive']);
    expect(defaultSeparateDances(['Waltz'], true)).toEqual(['Waltz']);
  });
  it('are none before the final: one score per group in every dance', () => {
    expect(defaultSeparateDances(['Samba', 'ChaCha', 'Rumba'], false)).toEqual([]);
  });
});

describe('one score for both components', () => {
  it('is refused when the components differ', () => {
    expect(ajsOneScoreProblem({ TQ: 8, PS: 8 })).toBeNull();
    expect(ajsOneScoreProblem({ TQ: 8, PS: 8.25 })).toEqual(['PS']);
    expect(ajsOneScoreProblem({})).toBeNull();
  });
  it('counts for both components in the engine: the score stands in TQ and in PS', () => {
    const groups = { A: 'TQ+PS', B: 'TQ+PS', C: 'MM+CP', D: 'MM+CP' } as const;
    const one = (v: number) => ({ '1': { TQ: v, PS: v } });
    const two = (v: number) => ({ '1': { MM: v, CP: v } });
    const r = scoreAjs(
      { Samba: { A: one(8), B: one(8.5), C: two(7), D: two(7.5) } },
      { assignments: ajsGroupAssignments(groups) },
    );
    const c = r.dances.Samba!['1']!.components;
    expect([c.TQ.score, c.PS.score, c.MM.score, c.CP.score]).toEqual([8.25, 8.25, 7.25, 7.25]);
    expect(r.totals['1']).toBe(31);
  });
});
