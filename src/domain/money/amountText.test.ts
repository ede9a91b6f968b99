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
    // A decimal comma, as German and Spanish write amounts.
    ['12,50', 1250],
    ['12,5', 1250],
    ['0,29', 29],
    [',5', 50],
    ['12,', 1200],
    ['1.250,75', 125075],
    ['1.000.000,00', 100_000_000],
    // Three figures after a comma group thousands, as they always did.
    ['1,250', 125000],
  ])('reads %j as %i cents, exactly', (text, cents) => {
    expect(centsFromText(text)).toEqual({ cents });
  });

  it.each([
    ['', 'empty'],
    ['-5', 'sign'],
    ['12.345', 'cents'],
    ['12,345,6', 'figures'],
    ['1,25.00', 'figures'],
    ['1.25,00', 'figures'],
    ['12,50.5', 'figures'],
    ['12,5,0', 'figures'],
    ['$12', 'figures'],
    ['12e3', 'figures'],
    ['abc', 'figures'],
    ['1.250', 'cents'],
    ['99999999999999', 'tooLarge'],
  ])('refuses %j (%s)', (text, problem) => {
    expect(centsFromText(text)).toEqual({ problem });
  });
});
