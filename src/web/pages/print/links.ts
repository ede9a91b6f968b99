import type { SheetKind } from './sheets.ts';
import { printText, type PrintKey } from './text.ts';
import { translator, type Translate } from '../../../domain/i18n/catalog.ts';

/** The address of a print-out (the print sheets screen keeps its choice in the address). */
export function printSheetsHref(choice: { kind: SheetKind; scope: 'round'; event: string; round: string }) {
  return `/print-sheets?${new URLSearchParams(choice).toString()}`;
}

/**
 * The sheet for the round in front of the scrutineer: once posted, its recall list (or, for a final,
 * the results); before that, the judges' marking sheets.
 */
export function roundPrintOut(
  round: {
    eventKey: string;
    roundId: string;
    posted: boolean;
    final: boolean;
  },
  /** The reader's words (`useT(printText)`); English when absent. */
  t: Translate<PrintKey> = translator(printText, 'en'),
): {
  label: string;
  href: string;
} {
  const kind: SheetKind = !round.posted ? 'judge' : round.final ? 'results' : 'recalls';
  const label = t(({ judge: 'link.judge', results: 'link.results', recalls: 'link.recalls' } as const)[kind]);
  return {
    label,
    href: printSheetsHref({ kind, scope: 'round', event: round.eventKey, round: round.roundId }),
  };
}
