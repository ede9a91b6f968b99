import { describe, expect, it } from 'vitest';
import { counted } from './words.ts';

describe('counted', () => {
  it('says one couple, many couples and no couples', () => {
    expect(counted(1, 'couple')).toBe('1 couple');
    expect(counted(7, 'couple')).toBe('7 couples');
    expect(counted(0, 'couple')).toBe('0 couples');
    expect(counted(1, 'star couple')).toBe('1 star couple');
    expect(counted(2, 'person', 'people')).toBe('2 people');
  });
});
