import { describe, expect, it } from 'vitest';
import {
  accountTotals,
  billingChanges,
  type BilledDancer,
  type BilledEvent,
  type BillingInput,
  type LedgerLine,
  type NewLine,
} from './billing.ts';
import { couplePriceCents, discountCents, entryFeeCents, feeRulesOf, toCents } from './feeRules.ts';
import { refundProblem } from './payments.ts';

const rules = feeRulesOf({
  paymentTierEarly: 25,
  paymentTierOpen: 35,
  paymentTierLate: 45,
  admissionFee: 0,
  discounts: [{ key: 'student', name: 'Student', percent: 50 }],
});
const student = rules.discounts[0]!;

const ANN: BilledDancer = { competitorId: 1, name: 'Ann Lead', discount: null, enteredElsewhere: false };
const BEN: BilledDancer = { competitorId: 2, name: 'Ben Follow', discount: null, enteredElsewhere: false };
const GOLD: BilledEvent = { eventId: 10, name: 'Gold Standard', fee: null };
const SILVER: BilledEvent = { eventId: 11, name: 'Silver Latin', fee: null };
const TEAM_MATCH: BilledEvent = { eventId: 12, name: 'Team Match', fee: 10 };

/** A tiny ledger: applies billingChanges' lines as rows of account 1 (or the one named). */
class Ledger {
  lines: LedgerLine[] = [];
  apply(changes: NewLine[], current = 1): NewLine[] {
    for (const l of changes)
      this.lines.push({
        id: this.lines.length + 1,
        invoiceId: l.invoice === 'current' ? current : l.invoice,
        kind: l.kind,
        registrationId: l.registrationId,
        eventId: l.eventId,
        competitorId: l.competitorId,
        amountCents: l.amountCents,
      });
    return changes;
  }
  total(invoiceId?: number): number {
    return this.lines
      .filter((l) => invoiceId === undefined || l.invoiceId === invoiceId)
      .reduce((s, l) => s + l.amountCents, 0);
  }
}

function bill(ledger: Ledger, more: Partial<BillingInput>, current = 1): NewLine[] {
  const changes = billingChanges({
    registrationId: 7,
    tier: 'EARLY',
    rules,
    account: ledger.lines.some((l) => l.invoiceId === current) ? current : null,
    events: [GOLD, SILVER],
    dancers: [ANN, BEN],
    lines: ledger.lines,
    refundable: true,
    accountName: (id) => `invoice ${id === 'current' ? current : id}`,
    eventName: (id) => [GOLD, SILVER, TEAM_MATCH].find((e) => e.eventId === id)?.name ?? '?',
    ...more,
  });
  return ledger.apply(changes, current);
}

describe('fee rules', () => {
  it('charge the tier fee per dancer per entry, in cents; an event fee overrides the tier', () => {
    expect(entryFeeCents(rules, 'EARLY', null)).toBe(2500);
    expect(entryFeeCents(rules, 'OPEN', null)).toBe(3500);
    // The close date's tier is the late fee.
    expect(entryFeeCents(rules, 'CLOSED', null)).toBe(4500);
    expect(entryFeeCents(rules, 'CLOSED', 10)).toBe(1000);
    expect(couplePriceCents(rules, 'EARLY', [null, null])).toBe(2 * 2 * 2500);
    expect(couplePriceCents(rules, 'EARLY', [null], [student, null])).toBe(1250 + 2500);
  });

  it('keep cents exact: 27.50 is 2750, and 1/3 off rounds half a cent towards the dancer', () => {
    expect(toCents(27.5)).toBe(2750);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(discountCents(1000, { key: 'x', name: 'X', percent: 33 })).toBe(-330);
    expect(discountCents(2501, { key: 'x', name: 'X', percent: 50 })).toBe(-1251);
    expect(discountCents(2500, null)).toBe(0);
  });
});

describe('billing a registration', () => {
  it('charges each dancer for each event at the tier fee, and nothing more when billed again', () => {
    const ledger = new Ledger();
    const first = bill(ledger, {});
    expect(first.map((l) => [l.kind, l.description, l.amountCents])).toEqual([
      ['entry', 'Ann Lead, Gold Standard (early entry)', 2500],
      ['entry', 'Ben Follow, Gold Standard (early entry)', 2500],
      ['entry', 'Ann Lead, Silver Latin (early entry)', 2500],
      ['entry', 'Ben Follow, Silver Latin (early entry)', 2500],
    ]);
    expect(ledger.total()).toBe(2 * 2 * 2500);
    expect(bill(ledger, {})).toEqual([]);
  });

  it('credits an event dropped before the refund deadline, and charges it again if re-entered', () => {
    const ledger = new Ledger();
    bill(ledger, {});
    const credit = bill(ledger, { events: [GOLD] });
    expect(credit.map((l) => [l.kind, l.amountCents])).toEqual([
      ['credit', -2500],
      ['credit', -2500],
    ]);
    expect(credit[0]!.description).toBe('Credit: Ann Lead, Silver Latin, removed before the refund deadline');
    expect(ledger.total()).toBe(2 * 2500);
    bill(ledger, {});
    expect(ledger.total()).toBe(4 * 2500);
  });

  it('keeps the charge of an event dropped after the deadline; entering it again costs nothing more', () => {
    const ledger = new Ledger();
    bill(ledger, {});
    expect(bill(ledger, { events: [GOLD], refundable: false })).toEqual([]);
    expect(ledger.total()).toBe(4 * 2500);
    expect(bill(ledger, { refundable: false })).toEqual([]);
  });

  it('charges an event with its own fee at that fee, whatever the tier', () => {
    const ledger = new Ledger();
    bill(ledger, { events: [TEAM_MATCH], tier: 'CLOSED' });
    expect(ledger.lines.map((l) => l.amountCents)).toEqual([1000, 1000]);
  });

  it('takes a dancer’s discount off each of their entries, and adjusts when it is set or withdrawn later', () => {
    const ledger = new Ledger();
    bill(ledger, { dancers: [{ ...ANN, discount: student }, BEN] });
    expect(ledger.total()).toBe(2 * (1250 + 2500));
    const ledger2 = new Ledger();
    bill(ledger2, {});
    const adjusted = bill(ledger2, { dancers: [ANN, { ...BEN, discount: student }] });
    expect(adjusted.map((l) => [l.kind, l.amountCents, l.description])).toEqual([
      ['discount', -1250, 'Ben Follow, Gold Standard: Student discount 50%'],
      ['discount', -1250, 'Ben Follow, Silver Latin: Student discount 50%'],
    ]);
    const withdrawn = bill(ledger2, {});
    expect(withdrawn.map((l) => l.amountCents)).toEqual([1250, 1250]);
    expect(ledger2.total()).toBe(4 * 2500);
    // A credit gives back what the entry cost, discount included.
    bill(ledger, { dancers: [{ ...ANN, discount: student }, BEN], events: [GOLD] });
    expect(ledger.total()).toBe(1250 + 2500);
  });

  it('charges admission once per dancer, not again in a second registration, and credits it when they leave', () => {
    const withAdmission = { ...rules, admissionCents: 1500 };
    const ledger = new Ledger();
    bill(ledger, { rules: withAdmission, events: [GOLD] });
    expect(
      ledger.lines.filter((l) => l.kind === 'admission').map((l) => [l.competitorId, l.amountCents]),
    ).toEqual([
      [1, 1500],
      [2, 1500],
    ]);
    // Ann's second partnership (registration 8) finds her admission paid for.
    const second = billingChanges({
      registrationId: 8,
      tier: 'EARLY',
      rules: withAdmission,
      account: null,
      events: [SILVER],
      dancers: [
        { ...ANN, enteredElsewhere: true },
        { competitorId: 3, name: 'Cy', discount: null, enteredElsewhere: false },
      ],
      lines: ledger.lines,
      refundable: true,
      accountName: () => 'invoice 2',
      eventName: () => '?',
    });
    expect(second.filter((l) => l.kind === 'admission').map((l) => l.competitorId)).toEqual([3]);
    // Registration 7 drops its only event while Ann still dances with Cy: Ben's admission is credited, Ann's kept.
    const dropped = bill(ledger, {
      rules: withAdmission,
      events: [],
      dancers: [{ ...ANN, enteredElsewhere: true }, BEN],
    });
    expect(dropped.filter((l) => l.eventId === null).map((l) => [l.competitorId, l.amountCents])).toEqual([
      [2, -1500],
    ]);
  });

  it('moves what another account holds to the one that bills the couple now (the team starts paying)', () => {
    const ledger = new Ledger();
    bill(ledger, {}, 1);
    const moved = bill(ledger, {}, 2);
    expect(moved).toHaveLength(8);
    expect(ledger.total(1)).toBe(0);
    expect(ledger.total(2)).toBe(4 * 2500);
    expect(moved[0]!.description).toBe('Ann Lead, Gold Standard: moved to invoice 2');
    expect(moved[1]!.description).toBe('Ann Lead, Gold Standard: moved from invoice 1');
    expect(bill(ledger, {}, 2)).toEqual([]);
    // A credit after the move goes to the account that holds the charge now.
    bill(ledger, { events: [GOLD] }, 2);
    expect(ledger.total(2)).toBe(2 * 2500);
    expect(ledger.total(1)).toBe(0);
  });

  it('treats entries covered by a carried-over fee as billed (zero lines), and moves the fee with the couple', () => {
    const ledger = new Ledger();
    ledger.lines.push(
      {
        id: 1,
        invoiceId: 1,
        kind: 'carried_over',
        registrationId: 7,
        eventId: null,
        competitorId: null,
        amountCents: 7000,
      },
      { id: 2, invoiceId: 1, kind: 'entry', registrationId: 7, eventId: 10, competitorId: 1, amountCents: 0 },
      { id: 3, invoiceId: 1, kind: 'entry', registrationId: 7, eventId: 10, competitorId: 2, amountCents: 0 },
    );
    const added = bill(ledger, {});
    expect(added.map((l) => [l.eventId, l.amountCents])).toEqual([
      [11, 2500],
      [11, 2500],
    ]);
    bill(ledger, {}, 2);
    expect(ledger.total(1)).toBe(0);
    expect(ledger.total(2)).toBe(7000 + 5000);
  });
});

describe('payments', () => {
  it('an account’s balance is what was charged less what was paid; overpaid is a credit', () => {
    expect(accountTotals([{ amountCents: 10000 }], [{ amountCents: 4000 }, { amountCents: 6000 }])).toEqual({
      chargedCents: 10000,
      paidCents: 10000,
      balanceCents: 0,
    });
    expect(accountTotals([{ amountCents: 5000 }], [{ amountCents: 10000 }]).balanceCents).toBe(-5000);
  });

  it('refuses a refund larger than what was paid', () => {
    expect(refundProblem(-5000, 10000)).toBeNull();
    expect(refundProblem(5000, 0)).toBeNull();
    expect(refundProblem(-10001, 10000)).toBe('A refund cannot be more than was paid ($100).');
    expect(refundProblem(-1, 0)).toBe('Nothing was paid on this invoice, so there is nothing to refund.');
  });
});
