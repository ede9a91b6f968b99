import type { SheetKind } from './sheets.ts';

/** The address of a print-out (the print sheets screen keeps its choice in the address). */
export function printSheetsHref(choice: { kind: SheetKind; scope: 'round'; event: string; round: string }) {
  return `/print-sheets?${new URLSearchParams(choice).toString()}`;
}

/**
 * The sheet for the round in front of the scrutineer: once posted, its recall list (or, for a final,
 * the results); before that, the judges' marking sheets.
 */
export function roundPrintOut(round: {
  eventKey: string;
  roundId: string;
  posted: boolean;
  final: boolean;
}): {
  label: string;
  href: string;
} {
  const kind: SheetKind = !round.posted ? 'judge' : round.final ? 'results' : 'recalls';
  const label = { judge: "Print judges' sheets", results: 'Print results', recalls: 'Print recall list' }[
    kind
  ];
  return {
    label,
    href: printSheetsHref({ kind, scope: 'round', event: round.eventKey, round: round.roundId }),
  };
}
