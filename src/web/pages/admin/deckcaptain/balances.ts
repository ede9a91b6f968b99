/**
 * What couples owe, as the deck captain's check-in shows it: "Owes $50" beside a couple, "Team owes
 * $1,200" when its team pays, and what the competition's rule makes of it (none, warn, block).
 */
import type { CheckInBalances, CheckInPaymentRule } from '../../../../domain/schemas/money.ts';
import type { FloorCouple } from '../../../../domain/schemas/floor.ts';
import type { ConfirmQuestion } from '../../../components/useConfirm.tsx';
import { formatMoney } from '../../../components/format.ts';
import { coupleName } from './deckLogic.ts';
import { englishWords, type DeckWords } from './text.ts';

export interface Owing {
  /** The account that pays for the entry: the couple's own, or its team's. */
  account: 'couple' | 'team';
  invoiceNumber: number | null;
  /** Positive. */
  balanceCents: number;
  /** "$50" (in English; `amountIn` words it in the reader's language). */
  amount: string;
  currency: string;
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
        currency: answer.currency,
      });
  return { rule: answer.rule, owing };
}

/** What is owed, in the reader's language ("$50", "50 $"). */
const amountIn = (o: Owing, w: DeckWords) =>
  w.locale === 'en' ? o.amount : formatMoney(o.balanceCents / 100, o.currency, w.locale);

/** The words beside the couple. */
export const owesText = (o: Owing, w: DeckWords = englishWords) =>
  w.t(o.account === 'team' ? 'owes.team' : 'owes.couple', { amount: amountIn(o, w) });

const invoice = (o: Owing, { t }: DeckWords) =>
  o.invoiceNumber === null ? '' : t('owes.invoice', { invoice: o.invoiceNumber });

/** Under the rule 'block': what the check-in button says of an owing couple. */
export const blockedText = (o: Owing, w: DeckWords = englishWords) =>
  w.t('owes.blocked', { amount: amountIn(o, w), invoice: invoice(o, w) });

/** Under the rule 'warn': the question before checking in a couple who owes. */
export function unpaidQuestion(c: FloorCouple, o: Owing, w: DeckWords = englishWords): ConfirmQuestion {
  const { t } = w;
  const amount = amountIn(o, w);
  const who =
    o.account === 'team'
      ? t('unpaid.team', { team: c.affiliation, amount, invoice: invoice(o, w) })
      : t('unpaid.couple', { couple: coupleName(c), amount, invoice: invoice(o, w) });
  return {
    title: t('unpaid.title', { number: c.coupleNumber }),
    message: t('unpaid.message', { who }),
    confirmLabel: t('unpaid.confirm'),
  };
}
