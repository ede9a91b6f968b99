/**
 * What couples owe, as the deck captain's check-in shows it: "Owes $50" beside a couple, "Team owes
 * $1,200" when its team pays, and what the competition's rule makes of it (none, warn, block).
 */
import type { CheckInBalances, CheckInPaymentRule } from '../../../../domain/schemas/money.ts';
import type { FloorCouple } from '../../../../domain/schemas/floor.ts';
import type { ConfirmQuestion } from '../../../components/useConfirm.tsx';
import { formatMoney } from '../../../components/format.ts';
import { coupleName } from './deckLogic.ts';

export interface Owing {
  /** The account that pays for the entry: the couple's own, or its team's. */
  account: 'couple' | 'team';
  invoiceNumber: number | null;
  /** Positive. */
  balanceCents: number;
  /** "$50". */
  amount: string;
}

export interface Balances {
  rule: CheckInPaymentRule;
  /** Only the entries whose account still owes something. */
  owing: ReadonlyMap<number, Owing>;
}

/** The server's answer as the screen reads it: entry → what its account owes (credits and zero left out). */
export function readBalances(answer: CheckInBalances): Balances {
  const owing = new Map<number, Owing>();
  for (const e of answer.entries)
    if (e.balanceCents > 0)
      owing.set(e.entryId, {
        account: e.account,
        invoiceNumber: e.invoiceNumber,
        balanceCents: e.balanceCents,
        amount: formatMoney(e.balanceCents / 100, answer.currency),
      });
  return { rule: answer.rule, owing };
}

/** The words beside the couple. */
export const owesText = (o: Owing) => `${o.account === 'team' ? 'Team owes' : 'Owes'} ${o.amount}`;

const invoice = (o: Owing) => (o.invoiceNumber === null ? '' : ` (invoice ${o.invoiceNumber})`);

/** Under the rule 'block': what the check-in button says of an owing couple. */
export const blockedText = (o: Owing) =>
  `Check-in is blocked until the ${o.amount} owed${invoice(o)} is paid at the desk.`;

/** Under the rule 'warn': the question before checking in a couple who owes. */
export function unpaidQuestion(c: FloorCouple, o: Owing): ConfirmQuestion {
  const who =
    o.account === 'team'
      ? `Their team, ${c.affiliation}, still owes ${o.amount}${invoice(o)}.`
      : `${coupleName(c)} still owe ${o.amount}${invoice(o)}.`;
  return {
    title: `Couple ${c.coupleNumber} has not paid`,
    message: `${who} Check them in anyway? The desk can take the payment later.`,
    confirmLabel: 'Check in anyway',
  };
}
