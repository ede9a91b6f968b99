import { describe, expect, it } from 'vitest';
import { seededRandom } from './random.ts';
import { sampleCompetition } from './scheduleSample.ts';
import type { SuggestInput } from './scheduleSuggest.ts';
import { placementModel } from './scheduleSuggestModel.ts';
import { ScheduleSearch } from './scheduleSuggestSearch.ts';

const input = (): SuggestInput =>
  sampleCompetition({ seed: 3, floors: ['A', 'B', 'C'], dancers: 150, minRestMinutes: 30 });

const searchOf = (day: SuggestInput) => new ScheduleSearch(placementModel(day), day);

describe('ScheduleSearch', () => {
  it('a rejected move leaves the sessions, times and score exactly as before', () => {
    const search = searchOf(input());
    const random = seededRandom(1);
    let tried = 0;
    for (let k = 0; k < 300; k++) {
      const plan = search.snapshot();
      const before = search.evaluate();
      const start = Float64Array.from(search.start);
      if (!search.tryMove(random)) {
        expect(search.snapshot()).toEqual(plan);
        continue;
      }
      tried++;
      search.tryEvaluate();
      search.rejectMove();
      expect(search.snapshot()).toEqual(plan);
      expect(search.start).toEqual(start);
      expect(search.evaluate()).toEqual(before);
    }
    expect(tried).toBeGreaterThan(100);
  });

  it('after moves kept and rejected, the score is the one a fresh search gives the same sessions', () => {
    const day = input();
    const search = searchOf(day);
    search.evaluate();
    const random = seededRandom(2);
    for (let k = 0; k < 300; k++) {
      if (!search.tryMove(random)) continue;
      search.tryEvaluate();
      if (k % 3 === 0) search.rejectMove();
    }
    const fresh = searchOf(day);
    fresh.restore(search.snapshot());
    const kept = search.evaluate();
    const counted = fresh.evaluate();
    expect(kept.conflicts).toBe(counted.conflicts);
    expect(kept.overlaps).toBe(counted.overlaps);
    expect(kept.conflictMinutes).toBe(counted.conflictMinutes);
    expect(kept.lengthMinutes).toBe(counted.lengthMinutes);
    expect(kept.energy).toBeCloseTo(counted.energy, 6);
    expect(kept.conflicts).toBeGreaterThan(0);
  });

  it('with keepOrder, every move kept leaves each session in style and level order', () => {
    const day: SuggestInput = {
      ...sampleCompetition({ seed: 11, dancers: 300 }),
      keepOrder: { styles: ['Latin', 'Standard'], levels: ['Bronze', 'Silver', 'Gold'] },
    };
    const search = searchOf(day);
    search.sortByKeptOrder();
    const { rank } = search.model;
    const random = seededRandom(3);
    let made = 0;
    for (let k = 0; k < 300; k++) {
      if (!search.tryMove(random)) continue;
      made++;
      search.tryEvaluate();
      for (const floor of search.snapshot())
        for (const session of floor) {
          const ranks = session.map((i) => rank[i]);
          expect(ranks).toEqual([...ranks].sort((a, b) => (a ?? 0) - (b ?? 0)));
        }
    }
    expect(made).toBeGreaterThan(20);
  });

  it('a waiting time is counted before the round and taken back with its trial', () => {
    const search = searchOf(input());
    const before = search.evaluate();
    const round = search.movable[0] ?? -1;
    const start = search.start[round] ?? NaN;
    search.wait[round] = 30 * 60_000;
    search.tryEvaluate();
    expect(search.start[round]).toBeGreaterThanOrEqual(start + 30 * 60_000);
    search.wait[round] = 0;
    search.takeBack();
    expect(search.start[round]).toBe(start);
    expect(search.evaluate()).toEqual(before);
  });
});
