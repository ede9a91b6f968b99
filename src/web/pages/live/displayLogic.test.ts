import { describe, expect, it } from 'vitest';
import { scheduleItem } from '../../test/fixtures.ts';
import { floorBoard } from './displayLogic.ts';

const floors = [
  { name: 'Main floor', minutesLate: null },
  { name: 'Ballroom B', minutesLate: 12 },
];
const item = (eventKey: string, scheduleIndex: number, roundState: number, floor: string, endedAt?: string) =>
  scheduleItem({ eventKey, scheduleIndex, roundState, floor, endedAt: endedAt ?? null });

describe('the display’s floors', () => {
  it('puts a round on its floor; the next is the first still to come; the last posted is the last marked', () => {
    const items = [
      item('a', 1, 5, 'Ballroom B', '2026-11-14T15:30:00Z'),
      item('b', 2, 5, 'Ballroom B', '2026-11-14T15:10:00Z'),
      item('c', 3, 2, 'Ballroom B'),
      item('d', 4, 0, 'Ballroom B'),
      item('e', 5, 0, 'Main floor'),
    ];
    const b = floorBoard(items, floors, 'Ballroom B');
    expect(b.now.map((i) => i.eventKey)).toEqual(['c']);
    expect(b.next?.eventKey).toBe('d');
    expect(b.posted?.eventKey).toBe('a');
    expect(b.minutesLate).toBe(12);
    const main = floorBoard(items, floors, 'Main floor');
    expect(main.next?.eventKey).toBe('e');
    expect(main.now).toEqual([]);
    expect(main.posted).toBeNull();
  });
});
