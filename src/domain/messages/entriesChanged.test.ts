import { describe, expect, it } from 'vitest';
import {
  changeLines,
  entriesChangedMessage,
  entriesChangeOf,
  isNoChange,
  NO_CHANGE,
} from './entriesChanged.ts';
import { expectMessage } from './testHelpers.ts';

const latin = (name: string) => ({ name, style: 'Latin' });
const standard = (name: string) => ({ name, style: 'Standard' });

describe('what changed in a couple’s entries', () => {
  it('pairs a dropped and an added event of the same style into a move', () => {
    const c = entriesChangeOf([latin('Bronze Latin'), standard('Bronze Standard')], [latin('Silver Latin')]);
    expect(c.moved).toEqual([{ from: 'Bronze Latin', to: 'Silver Latin' }]);
    expect(c.removed).toEqual(['Bronze Standard']);
    expect(c.added).toEqual([]);
    expect(changeLines(c)).toEqual(['Moved from Bronze Latin to Silver Latin', 'Removed: Bronze Standard']);
  });

  it('adds and removes when the styles differ', () => {
    const c = entriesChangeOf([standard('Bronze Standard')], [latin('Silver Latin')]);
    expect(changeLines(c)).toEqual(['Added: Silver Latin', 'Removed: Bronze Standard']);
  });

  it('is no change when nothing was added, removed, moved, scratched or reinstated', () => {
    expect(isNoChange(entriesChangeOf([], []))).toBe(true);
    expect(isNoChange({ ...NO_CHANGE, scratched: ['Gold Smooth'] })).toBe(false);
  });
});

describe('the entries-changed message', () => {
  const facts = {
    competition: { fullName: 'Harvest Moon Ballroom Classic 2026' },
    recipients: ['Bob <b>Ray</b>'],
    lead: { name: 'Bob <b>Ray</b>' },
    follow: { name: 'Ann Lee' },
    change: { ...NO_CHANGE, added: ['Silver Latin'], scratched: ['Gold Smooth'] },
    eventsNow: ['Bronze Standard', 'Silver Latin'],
    link: 'https://dance.example.org/c/hm26/entries',
  };

  it('lists each change and the events the couple is in now, with the link', () => {
    const m = entriesChangedMessage(facts);
    expectMessage(m, {
      subject: 'Entries changed: Harvest Moon Ballroom Classic 2026',
      text: [
        '- Added: Silver Latin\n- Scratched (withdrawn) from Gold Smooth',
        'Your events now\n\n- Bronze Standard\n- Silver Latin',
        'https://dance.example.org/c/hm26/entries',
      ],
      html: ['&lt;b&gt;Ray&lt;/b&gt;'],
      notInHtml: ['<b>'],
    });
  });

  it('says so when the couple is in no event any more', () => {
    const m = entriesChangedMessage({ ...facts, eventsNow: [] });
    expect(m.text).toContain('None: you are not entered in any event.');
  });
});
