import { describe, expect, it } from 'vitest';
import type { CheckedDance } from '../marking.ts';
import {
  changesStoredMarks,
  CorrectionNeedsUnlockError,
  isMarksLockError,
  JudgeMarksLockedError,
  marksToUnlock,
  marksToWrite,
  NothingToUnlockError,
  UnknownDancesError,
  type StoredDanceMarks,
} from './locks.ts';

const dance = (name: string, value: string[], countProblem: string | null = null): CheckedDance => ({
  dance: name,
  value,
  countProblem,
});
const stored = (marks: Record<string, StoredDanceMarks>) => (d: string) => marks[d];
const scrutineer = { judgeName: 'Judge Ames', byJudge: false, correctionsNeedUnlock: false };
const judge = { ...scrutineer, byJudge: true };

describe('changesStoredMarks', () => {
  const was: StoredDanceMarks = { value: ['101', '102'], countOverride: false, locked: true };
  it('is true for a dance not stored yet', () => {
    expect(changesStoredMarks(dance('Waltz', ['101']), undefined)).toBe(true);
  });
  it('is false for the same marks in another order (a resend)', () => {
    expect(changesStoredMarks(dance('Waltz', ['102', '101']), was)).toBe(false);
  });
  it('is true for other couples, or the same couples with the count override changed', () => {
    expect(changesStoredMarks(dance('Waltz', ['101', '103']), was)).toBe(true);
    expect(changesStoredMarks(dance('Waltz', ['101', '102'], '2 of 3 marked'), was)).toBe(true);
  });
});

describe('marksToWrite', () => {
  const marks = stored({
    Waltz: { value: ['101', '102'], countOverride: false, locked: true },
    Tango: { value: ['101', '103'], countOverride: false, locked: false },
  });

  it('writes only what changed; an unlocked dance is no correction', () => {
    const out = marksToWrite(
      [dance('Waltz', ['101', '102']), dance('Tango', ['102', '103']), dance('Foxtrot', ['101'])],
      marks,
      judge,
    );
    expect(out.changed.map((d) => d.dance)).toEqual(['Tango', 'Foxtrot']);
    expect(out.corrections).toEqual([]);
  });

  it("refuses a judge's change to a locked dance, naming the dances", () => {
    const change = () => marksToWrite([dance('Waltz', ['101', '103'])], marks, judge);
    expect(change).toThrow(JudgeMarksLockedError);
    expect(change).toThrow(
      'Your Waltz marks were already submitted and are locked. Ask the chairman to unlock them if they must change.',
    );
    try {
      change();
    } catch (err) {
      expect((err as JudgeMarksLockedError).dances).toEqual(['Waltz']);
      expect(isMarksLockError(err)).toBe(true);
    }
  });

  it("takes the scrutineer's paper entry over a locked dance as a correction", () => {
    const out = marksToWrite([dance('Waltz', ['101', '103'])], marks, scrutineer);
    expect(out.corrections).toEqual(['Waltz']);
    expect(out.changed.map((d) => d.dance)).toEqual(['Waltz']);
  });

  it('refuses the correction where only the chairman opens locked marks', () => {
    const change = () =>
      marksToWrite([dance('Waltz', ['101', '103'])], marks, { ...scrutineer, correctionsNeedUnlock: true });
    expect(change).toThrow(CorrectionNeedsUnlockError);
    expect(change).toThrow(
      "Judge Ames's Waltz marks are locked, and at this competition only the chairman can open them: ask the chairman to unlock them, then enter the correction.",
    );
  });

  it('lets the same marks through where only the chairman opens locked marks (nothing changes)', () => {
    const out = marksToWrite([dance('Waltz', ['101', '102'])], marks, {
      ...scrutineer,
      correctionsNeedUnlock: true,
    });
    expect(out).toEqual({ changed: [], corrections: [] });
  });
});

describe('marksToUnlock', () => {
  const round = { eventName: 'Gold Waltz', judgeName: 'Judge Ames', dances: ['Waltz', 'Tango'] };
  const submitted = (d: string) => (d === 'Waltz' ? { id: 7 } : undefined);

  it('answers each submitted dance once, in the order asked', () => {
    expect(marksToUnlock(['Waltz', 'Waltz'], round, submitted)).toEqual([
      { dance: 'Waltz', mark: { id: 7 } },
    ]);
  });

  it('refuses a dance the event does not dance', () => {
    const unlock = () => marksToUnlock(['Waltz', 'Samba'], round, submitted);
    expect(unlock).toThrow(UnknownDancesError);
    expect(unlock).toThrow('Gold Waltz has no Samba.');
  });

  it('refuses a dance the judge has not submitted', () => {
    const unlock = () => marksToUnlock(['Tango'], round, submitted);
    expect(unlock).toThrow(NothingToUnlockError);
    expect(unlock).toThrow('Judge Ames has not submitted Tango: there is nothing to unlock.');
  });
});
