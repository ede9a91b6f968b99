import { describe, expect, it } from 'vitest';
import { centsFromText } from './amountText.ts';

describe('centsFromText', () => {
  it.each([
    ['12.5', 1250],
    ['12.50', 1250],
    ['12', 1200],
    ['12.', 1200],
    ['.5', 50],
    ['0.29', 29],
    ['0.07', 7],
    ['1,250.75', 125075],
    ['1,000,000.00', 100_000_000],
    [' 40 ', 4000],
    ['1 250', 125000],
    ['0', 0],
  ])('reads %j as %i cents, exactly', (text, cents) => {
    expect(centsFromText(text)).toEqual({ cents });
  });

  it.each([
    ['', 'Type the amount, like 12.50.'],
    ['-5', 'Type the amount without a sign: choose Refund to give money back.'],
    ['12.345', 'An amount has at most two figures after the point (cents).'],
    ['12,5', 'Type the amount in figures, with a point before the cents, like 12.50.'],
    ['1,25.00', 'Type the amount in figures, with a point before the cents, like 12.50.'],
    ['$12', 'Type the amount in figures, with a point before the cents, like 12.50.'],
    ['12e3', 'Type the amount in figures, with a point before the cents, like 12.50.'],
    ['99999999999999', 'That amount is far too large.'],
  ])('refuses %j', (text, problem) => {
    expect(centsFromText(text)).toEqual({ problem });
  });
});
