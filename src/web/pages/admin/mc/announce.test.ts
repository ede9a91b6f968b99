import { describe, expect, it } from 'vitest';
import type { ScheduleItem } from '../../../../domain/schemas/events.ts';
import {
  awardList,
  comingUp,
  initialStep,
  placingLines,
  recallHeadline,
  recallNumbers,
  stepReducer,
} from './announce.ts';
import type { AnnouncedCouple, Announcement } from '../../../api/types.ts';

const couple = (n: string, place: number | null = null): AnnouncedCouple => ({
  coupleNumber: n,
  leadName: `Lead ${n}`,
  followName: `Follow ${n}`,
  affiliation: n === '7' ? 'Other' : 'Riverside University',
  place,
});

const announcement = (over: Partial<Announcement>): Announcement => ({
  id: 'bronze-standard/2',
  eventKey: 'bronze-standard',
  eventName: 'Bronze Standard',
  roundNumber: 2,
  roundName: 'Final',
  kind: 'final',
  postedAt: '2026-11-21T15:00:00.000Z',
  nextRoundName: null,
  couples: [],
  ...over,
});

describe('what the MC reads', () => {
  it('reads recalled couples in number order, not text order or tally order', () => {
    const a = announcement({
      kind: 'recall',
      roundName: 'Semi-Final',
      nextRoundName: 'Final',
      couples: ['23', '101', '12', '9', '15'].map((n) => couple(n)),
    });
    expect(recallNumbers(a)).toEqual(['9', '12', '15', '23', '101']);
    expect(recallHeadline(a)).toBe('The following couples are recalled to the Final of Bronze Standard:');
  });

  it('reads a final from last place to first, with names and team', () => {
    const a = announcement({ couples: [couple('12', 1), couple('31', 3), couple('15', 2), couple('7', 4)] });
    const lines = placingLines(a);
    expect(lines.map((l) => l.coupleNumber)).toEqual(['7', '31', '15', '12']);
    expect(lines[1]!.text).toBe('In 3rd place, couple 31, Lead 31 and Follow 31, Riverside University');
    // "Other" is not a team worth announcing.
    expect(lines[0]!.text).toBe('In 4th place, couple 7, Lead 7 and Follow 7');
    expect(lines.at(-1)!.text).toMatch(/^In 1st place, couple 12,/);
  });

  it('reads shared places as the places they share, couples in number order', () => {
    // Two couples tied for 2nd get 2.5 each; three tied for 4th get 5 each.
    const a = announcement({
      couples: [
        couple('40', 1),
        couple('22', 2.5),
        couple('11', 2.5),
        couple('5', 5),
        couple('6', 5),
        couple('3', 5),
      ],
    });
    const lines = placingLines(a);
    expect(lines.map((l) => l.coupleNumber)).toEqual(['3', '5', '6', '11', '22', '40']);
    expect(lines[0]!.text).toMatch(/^In joint 4th place \(sharing 4th to 6th\), couple 3/);
    expect(lines[3]!.text).toMatch(/^In joint 2nd place \(sharing 2nd and 3rd\), couple 11/);
  });

  it('lists the awards from 1st to 6th place only', () => {
    const a = announcement({
      couples: [7, 3, 1, 5, 2, 6, 4].map((p) => couple(String(p * 10), p)),
    });
    expect(awardList(a).map((c) => c.place)).toEqual([1, 2, 3, 4, 5, 6]);
    // Two sharing 6th and 7th (6.5) are both on the award list.
    const shared = announcement({ couples: [couple('1', 6.5), couple('2', 6.5), couple('3', 8)] });
    expect(awardList(shared).map((c) => c.coupleNumber)).toEqual(['1', '2']);
  });
});

describe("the MC's place while stepping through", () => {
  it('steps one line at a time and stays within the lines', () => {
    let s = stepReducer(initialStep, { type: 'select', id: 'final' });
    s = stepReducer(s, { type: 'previous' });
    expect(s.line).toBe(0);
    s = stepReducer(s, { type: 'next', lines: 3 });
    s = stepReducer(s, { type: 'next', lines: 3 });
    s = stepReducer(s, { type: 'next', lines: 3 });
    expect(s.line).toBe(2);
    s = stepReducer(s, { type: 'previous' });
    expect(s.line).toBe(1);
  });

  it('opens the newest post by itself until the MC picks one, then never moves them', () => {
    let s = stepReducer(initialStep, { type: 'arrived', latestId: 'semi' });
    expect(s).toMatchObject({ selectedId: 'semi', following: true });
    s = stepReducer(s, { type: 'arrived', latestId: 'final' });
    expect(s.selectedId).toBe('final');
    // The MC starts reading the final it opened by itself; a new post arrives: still on line 3.
    s = stepReducer(s, { type: 'next', lines: 6 });
    s = stepReducer(s, { type: 'next', lines: 6 });
    s = stepReducer(s, { type: 'arrived', latestId: 'another' });
    expect(s).toMatchObject({ selectedId: 'final', line: 2 });
  });
});

describe('coming up', () => {
  const item = (over: Partial<ScheduleItem>): ScheduleItem =>
    ({
      kind: 'round',
      roundState: 0,
      scheduleIndex: 1,
      eventName: 'E',
      roundName: 'Final',
      ...over,
    }) as ScheduleItem;
  it('is the rounds on the floor and the next ones not yet danced, Awards included, in schedule order', () => {
    const r = comingUp([
      item({ eventName: 'Posted', roundState: 5, scheduleIndex: 1 }),
      item({ eventName: 'Later', scheduleIndex: 9 }),
      item({ eventName: 'Awards', kind: 'Awards', scheduleIndex: 3 }),
      item({ eventName: 'Running', roundState: 2, scheduleIndex: 2 }),
      item({ eventName: 'Next', roundState: 1, scheduleIndex: 4 }),
      item({ eventName: 'After', scheduleIndex: 5 }),
    ]);
    expect(r.onFloor.map((i) => i.eventName)).toEqual(['Running']);
    expect(r.next.map((i) => i.eventName)).toEqual(['Awards', 'Next']);
  });

  it('after a post, a round the day passed over comes first, as on the projector and /live', () => {
    const r = comingUp([
      item({ eventName: 'Left behind', scheduleIndex: 1 }),
      item({ eventName: 'Semi', roundState: 5, scheduleIndex: 2 }),
      // Posting the semi gave the final its couples; it waits (Empty) until it is started.
      item({ eventName: 'Final', roundState: 1, couples: 7, scheduleIndex: 3 }),
      item({ eventName: 'After', scheduleIndex: 4 }),
    ]);
    expect(r.onFloor).toEqual([]);
    expect(r.next.map((i) => i.eventName)).toEqual(['Left behind', 'Final']);
  });
});
