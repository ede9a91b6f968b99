import { describe, expect, it } from 'vitest';
import { roundPrintOut } from './links.ts';

describe("the scrutineer's print-out of a round", () => {
  const round = { eventKey: 'gold latin', roundId: 'gold-R1' };
  it("is the judges' sheets until the round is posted", () => {
    expect(roundPrintOut({ ...round, posted: false, final: false })).toEqual({
      label: "Print judges' sheets",
      href: '/print-sheets?kind=judge&scope=round&event=gold+latin&round=gold-R1',
    });
  });
  it('is the recall list of a posted recall round, and the results of a posted final', () => {
    expect(roundPrintOut({ ...round, posted: true, final: false }).href).toBe(
      '/print-sheets?kind=recalls&scope=round&event=gold+latin&round=gold-R1',
    );
    expect(roundPrintOut({ ...round, posted: true, final: true })).toMatchObject({
      label: 'Print results',
      href: '/print-sheets?kind=results&scope=round&event=gold+latin&round=gold-R1',
    });
  });
});
