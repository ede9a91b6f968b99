/**
 * What a registration's account must be told after its entries, its dancers' discounts or the account
 * that pays for it changed. The answer is new lines only: a line once written is never changed, so an
 * invoice reads as the history of what was charged, credited and moved.
 *
 * A billed item is one dancer in one event of one registration, one dancer's admission, or a fee carried
 * over from before invoices. An item's current occurrence is its lines after its last credit: an entry
 * dropped before the refund deadline and entered again is charged again; after the deadline it is not
 * credited, so entering it again costs nothing more.
 */
import type { RegistrationTierName } from '../registration.ts';
import { discountCents, entryFeeCents, type DiscountCategory, type FeeRules } from './feeRules.ts';

export const LINE_KINDS = ['entry', 'discount', 'admission', 'credit', 'transfer', 'carried_over'] as const;
export type LineKind = (typeof LINE_KINDS)[number];

/** A line already on an account. */
export interface LedgerLine {
  id: number;
  invoiceId: number;
  kind: LineKind;
  registrationId: number | null;
  eventId: number | null;
  competitorId: number | null;
  amountCents: number;
}

/** A line to write; `invoice` 'current' is the account the registration bills now. */
export interface NewLine {
  invoice: 'current' | number;
  kind: LineKind;
  registrationId: number;
  eventId: number | null;
  competitorId: number | null;
  description: string;
  amountCents: number;
}

export interface BilledDancer {
  competitorId: number;
  name: string;
  discount: DiscountCategory | null;
  /** Entered in another registration of the competition (their admission is still due). */
  enteredElsewhere: boolean;
}

export interface BilledEvent {
  eventId: number;
  name: string;
  /** The event's own fee per dancer, in currency units; null: the tier's. */
  fee: number | null;
}

export interface BillingInput {
  registrationId: number;
  tier: RegistrationTierName;
  rules: FeeRules;
  /** The account the registration bills now (the couple's, or its team's); null: not opened yet. */
  account: number | null;
  /** The events the couple is entered in now. */
  events: readonly BilledEvent[];
  dancers: readonly [BilledDancer, BilledDancer];
  /** Every line of this registration, and every admission line of its two dancers. */
  lines: readonly LedgerLine[];
  /** An entry gone now is credited: removed before the refund deadline (or the registration voided). */
  refundable: boolean;
  /** How to name an account in a move's description ("invoice 12"). */
  accountName: (invoiceId: number | 'current') => string;
  /** The names of events the lines mention that the couple is no longer entered in. */
  eventName: (eventId: number) => string;
}

const TIER_NAMES: Record<RegistrationTierName, string> = { EARLY: 'early', OPEN: 'open', CLOSED: 'late' };

type ItemKey = string;
const entryItem = (eventId: number, competitorId: number): ItemKey => `e:${eventId}:${competitorId}`;
const admissionItem = (competitorId: number): ItemKey => `a:${competitorId}`;
const CARRIED_ITEM: ItemKey = 'c';

function itemOf(l: LedgerLine, registrationId: number): ItemKey | null {
  if (l.kind === 'carried_over' || (l.eventId === null && l.competitorId === null))
    return l.registrationId === registrationId ? CARRIED_ITEM : null;
  if (l.eventId === null) return admissionItem(l.competitorId!);
  if (l.registrationId !== registrationId || l.competitorId === null) return null;
  return entryItem(l.eventId, l.competitorId);
}

/** An item's lines after its last credit, in the order written. */
function currentOccurrence(lines: readonly LedgerLine[]): LedgerLine[] {
  const sorted = [...lines].sort((a, b) => a.id - b.id);
  let from = 0;
  sorted.forEach((l, i) => {
    if (l.kind === 'credit') from = i + 1;
  });
  return sorted.slice(from);
}

/** The net of lines per account, in the order accounts were first charged. */
function netByAccount(lines: readonly LedgerLine[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const l of lines) out.set(l.invoiceId, (out.get(l.invoiceId) ?? 0) + l.amountCents);
  return out;
}

const sum = (lines: readonly LedgerLine[], kind: LineKind) =>
  lines.filter((l) => l.kind === kind).reduce((s, l) => s + l.amountCents, 0);

/** The new lines that bring a registration's account up to date (none when it already is). */
export function billingChanges(input: BillingInput): NewLine[] {
  const { registrationId: reg, account, rules } = input;
  const byItem = new Map<ItemKey, LedgerLine[]>();
  for (const l of input.lines) {
    const key = itemOf(l, reg);
    if (key === null) continue;
    byItem.set(key, [...(byItem.get(key) ?? []), l]);
  }
  const out: NewLine[] = [];
  const line = (
    invoice: NewLine['invoice'],
    kind: LineKind,
    item: { eventId: number | null; competitorId: number | null },
    description: string,
    amountCents: number,
  ) => out.push({ invoice, kind, registrationId: reg, ...item, description, amountCents });

  /** Moves what another account holds of a live item to the current account. */
  const moveHere = (
    occ: readonly LedgerLine[],
    item: { eventId: number | null; competitorId: number | null },
    what: string,
  ) => {
    for (const [invoice, net] of netByAccount(occ)) {
      if (invoice === account || net === 0) continue;
      line(invoice, 'transfer', item, `${what}: moved to ${input.accountName('current')}`, -net);
      line('current', 'transfer', item, `${what}: moved from ${input.accountName(invoice)}`, net);
    }
  };
  /** Credits what each account holds of an item gone before the refund deadline. */
  const credit = (
    occ: readonly LedgerLine[],
    item: { eventId: number | null; competitorId: number | null },
    what: string,
  ) => {
    for (const [invoice, net] of netByAccount(occ))
      if (net !== 0)
        line(invoice, 'credit', item, `Credit: ${what}, removed before the refund deadline`, -net);
  };

  const carried = byItem.get(CARRIED_ITEM);
  if (carried) moveHere(carried, { eventId: null, competitorId: null }, 'Registration fee (carried over)');

  const live = new Set<ItemKey>();
  for (const ev of input.events)
    for (const d of input.dancers) {
      const key = entryItem(ev.eventId, d.competitorId);
      live.add(key);
      const item = { eventId: ev.eventId, competitorId: d.competitorId };
      const what = `${d.name}, ${ev.name}`;
      const occ = currentOccurrence(byItem.get(key) ?? []);
      if (!occ.length) {
        const fee = entryFeeCents(rules, input.tier, ev.fee);
        const priced = ev.fee === null ? `${TIER_NAMES[input.tier]} entry` : 'event fee';
        line('current', 'entry', item, `${what} (${priced})`, fee);
        const off = discountCents(fee, d.discount);
        if (off)
          line(
            'current',
            'discount',
            item,
            `${what}: ${d.discount!.name} discount ${d.discount!.percent}%`,
            off,
          );
        continue;
      }
      moveHere(occ, item, what);
      const want = discountCents(sum(occ, 'entry'), d.discount);
      const have = sum(occ, 'discount');
      if (want !== have)
        line(
          'current',
          'discount',
          item,
          !d.discount
            ? `${what}: discount withdrawn`
            : have === 0
              ? `${what}: ${d.discount.name} discount ${d.discount.percent}%`
              : `${what}: ${d.discount.name} discount now ${d.discount.percent}%`,
          want - have,
        );
    }

  // Entries gone: credited before the deadline, kept as charged after it.
  if (input.refundable)
    for (const [key, lines] of byItem) {
      if (!key.startsWith('e:') || live.has(key)) continue;
      const occ = currentOccurrence(lines);
      const { eventId, competitorId } = occ[0] ?? lines[0]!;
      const dancer = input.dancers.find((d) => d.competitorId === competitorId);
      credit(occ, { eventId, competitorId }, `${dancer?.name ?? 'dancer'}, ${input.eventName(eventId!)}`);
    }

  for (const d of input.dancers) {
    const item = { eventId: null, competitorId: d.competitorId };
    const occ = currentOccurrence(byItem.get(admissionItem(d.competitorId)) ?? []);
    const entered = input.events.length > 0 || d.enteredElsewhere;
    const ours = occ.some((l) => l.kind === 'admission' && l.registrationId === reg);
    if (entered && !occ.length && rules.admissionCents > 0)
      line('current', 'admission', item, `${d.name}: admission`, rules.admissionCents);
    else if (entered && ours) moveHere(occ, item, `${d.name}: admission`);
    else if (!entered && occ.length && input.refundable) credit(occ, item, `${d.name}: admission`);
  }
  return out;
}

/** An account's totals: what was charged net of credits, what was paid net of refunds, what is owed. */
export interface AccountTotals {
  chargedCents: number;
  paidCents: number;
  /** Positive: still owed; negative: a credit to the payer. */
  balanceCents: number;
}

export function accountTotals(
  lines: readonly { amountCents: number }[],
  payments: readonly { amountCents: number }[],
): AccountTotals {
  const chargedCents = lines.reduce((s, l) => s + l.amountCents, 0);
  const paidCents = payments.reduce((s, p) => s + p.amountCents, 0);
  return { chargedCents, paidCents, balanceCents: chargedCents - paidCents };
}
