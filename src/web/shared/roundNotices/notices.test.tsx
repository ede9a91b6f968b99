// @vitest-environment jsdom
import '../../test/setup.ts';
import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { chooseLocale } from '../../i18n/locale.ts';
import type { RoundPosted } from '../../../domain/schemas/marks.ts';
import { useRoundNotices } from './notices.ts';

afterEach(() => chooseLocale('en'));

const semi: RoundPosted = {
  message: 'Semi-Final of Gold Latin posted: 6 couples recalled to the Final with 1 star couple (7); …',
  roundName: 'Semi-Final',
  eventName: 'Gold Latin',
  next: {
    roundName: 'Final',
    recalled: 6,
    stars: ['7'],
    redance: { roundName: 'Redance', couples: 2 },
    toStart: true,
  },
  mailed: 0,
};
const final: RoundPosted = { ...semi, roundName: 'Final', next: null, mailed: 12 };

describe('what posting a round did', () => {
  it('reads in English as the server says it', () => {
    const { result } = renderHook(() => useRoundNotices());
    expect(result.current.posted(semi)).toBe(
      'Semi-Final of Gold Latin posted: 6 couples recalled to the Final with 1 star couple (7); 2 couples to dance the Redance; start it when its turn comes.',
    );
    expect(result.current.posted(final)).toBe(
      'Final of Gold Latin posted: final placings of Gold Latin published; results emailed to 12 dancers.',
    );
  });

  it('in German, with the rounds in the sport’s words', async () => {
    await chooseLocale('de');
    const { result } = renderHook(() => useRoundNotices());
    expect(result.current.posted(semi)).toMatch(
      /^Semifinale von Gold Latin veröffentlicht: 6 Paare kommen weiter \(Endrunde\), dazu 1 Sternchenpaar \(7\)/,
    );
    expect(result.current.posted({ ...final, mailed: 0 })).toBe(
      'Endrunde von Gold Latin veröffentlicht: die Endplatzierungen von Gold Latin sind veröffentlicht.',
    );
    expect(
      result.current.heatsSet({ roundName: 'Final', eventName: 'Gold Latin', heats: 1, heatSize: null }),
    ).toBe('Endrunde von Gold Latin: eine Gruppe.');
  });
});
