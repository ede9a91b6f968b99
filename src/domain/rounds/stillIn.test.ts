import { describe, expect, it } from 'vitest';
import { couplesStillIn, type PlacedRound } from './formats.ts';
import { RoundState } from './state.ts';

const { Initialized, Running, Posted, Empty } = RoundState;
const round = (
  roundNumber: number,
  roundName: string,
  roundState: RoundState,
  couples: string[],
  type?: 'redance',
): PlacedRound => ({ roundNumber, roundName, roundState, couples, ...(type ? { type } : {}) });
const entries = ['11', '12', '13', '14', '15', '16'].map((couple) => ({ couple, joinsRound: null }));
const star = { couple: '19', joinsRound: 3 };
const lateStar = { couple: '29', joinsRound: 4 };

describe('couples still in an event (whom the chairman can disqualify or withdraw)', () => {
  it('before any round has couples: every entry', () => {
    const rounds = [round(1, 'Semi-Final', Initialized, []), round(2, 'Final', Initialized, [])];
    expect([...couplesStillIn(rounds, entries)].sort()).toEqual(['11', '12', '13', '14', '15', '16']);
  });

  it('after the semi-final is posted: the finalists only, not the couples left out', () => {
    const rounds = [
      round(1, 'Semi-Final', Posted, ['11', '12', '13', '14', '15', '16']),
      round(2, 'Final', Empty, ['11', '12', '13']),
    ];
    expect([...couplesStillIn(rounds, entries)].sort()).toEqual(['11', '12', '13']);
  });

  it('with a redance not posted yet: its couples too; once posted, only those it brought back', () => {
    const qf = round(1, 'Quarter-Final', Posted, ['11', '12', '13', '14', '15', '16']);
    const semi = (couples: string[]) => round(3, 'Semi-Final', Empty, couples);
    const dancing = [
      qf,
      round(2, 'Redance', Running, ['14', '15', '16'], 'redance'),
      semi(['11', '12', '13', '19']),
    ];
    expect([...couplesStillIn(dancing, [...entries, star])].sort()).toEqual([
      '11',
      '12',
      '13',
      '14',
      '15',
      '16',
      '19',
    ]);
    const posted = [
      qf,
      round(2, 'Redance', Posted, ['14', '15', '16'], 'redance'),
      semi(['11', '12', '13', '15', '19']),
    ];
    // The star couple joining the semi-final is in it; one joining the final is still to come.
    expect([...couplesStillIn(posted, [...entries, star, lateStar])].sort()).toEqual([
      '11',
      '12',
      '13',
      '15',
      '19',
      '29',
    ]);
  });
});
