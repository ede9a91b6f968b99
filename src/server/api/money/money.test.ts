import { beforeAll, describe, expect, it } from 'vitest';
import { expectErrorShape, rowCounts, useTestServer } from '../../test/harness.ts';
import { useCrew } from '../../test/kits/testFlow.ts';
import { parseCsv } from '../../../domain/csv.ts';

/**
 * Money through the real HTTP API, on a competition of its own: fee per dancer per entry, invoices of
 * couples and teams numbered without gaps, payments and refunds as rows, credits before the refund
 * deadline, the ledger summing to the dashboard.
 */
const { s, admin, anon } = useTestServer({ admin: true });
const crew = useCrew(s);
const KEY = 'money-cup';
const C = `/api/v1/competitions/${KEY}`;
const F = 25;
const TEAM = 'Tufts Ballroom Dance Team';
const DAY = 24 * 3600 * 1000;

interface Line {
  kind: string;
  description: string;
  amountCents: number;
}
interface Invoice {
  id: number;
  number: number;
  kind: 'couple' | 'team';
  name: string;
  team: string;
  registrationId: number | null;
  lines: Line[];
  payments: { id: number; amountCents: number; method: string; reversed: boolean; recordedBy?: string }[];
  chargedCents: number;
  paidCents: number;
  balanceCents: number;
}

let seq = 0;
function couple(events: string[], affiliation = 'MIT Ballroom Dance Team') {
  seq++;
  return {
    lead: { name: `Lead Payer${seq}`, email: `lead.payer${seq}@example.com` },
    follow: { name: `Follow Payer${seq}`, email: `follow.payer${seq}@example.com` },
    affiliation,
    events,
    consents: { liability: true, media: false },
  };
}

async function register(events: string[], affiliation?: string) {
  const body = couple(events, affiliation);
  const res = await anon().post(`${C}/registrations`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { ...res.body, email: body.lead.email } as {
    registrationId: number;
    entryCode: string;
    email: string;
    amountDue: number;
    entries: { id: number; eventKey: string }[];
  };
}

async function invoices(): Promise<Invoice[]> {
  const res = await admin.get(`${C}/invoices`);
  expect(res.status).toBe(200);
  return res.body.invoices;
}

async function invoiceOf(registrationId: number): Promise<Invoice> {
  const found = (await invoices()).find((i) => i.kind === 'couple' && i.registrationId === registrationId);
  if (!found) throw new Error(`no invoice for registration ${registrationId}`);
  return found;
}

const pay = (invoiceId: number, amountCents: number, method = 'cash', reference?: string) =>
  admin.post(`${C}/payments`, { invoiceId, amountCents, method, ...(reference ? { reference } : {}) });

beforeAll(async () => {
  const created = await admin.post('/api/v1/competitions', {
    key: KEY,
    fullName: 'Money Cup',
    currency: 'USD',
    paymentTierEarly: F,
    paymentTierOpen: 35,
    paymentTierLate: 45,
    dateRegistrationEarly: new Date(Date.now() + 10 * DAY).toISOString(),
    dateRegistrationOpen: new Date(Date.now() + 20 * DAY).toISOString(),
    dateRegistrationClosed: new Date(Date.now() + 30 * DAY).toISOString(),
  });
  expect(created.status).toBe(201);
  for (const [name, style, level, dances] of [
    ['Gold Standard', 'Standard', 'Gold', ['Waltz', 'Tango']],
    ['Silver Latin', 'Latin', 'Silver', ['ChaCha', 'Rumba']],
    ['Bronze Smooth', 'Smooth', 'Bronze', ['Waltz', 'Tango']],
  ] as const) {
    const ev = await admin.post(`${C}/events`, { name, style, level, dances });
    expect(ev.status, JSON.stringify(ev.body)).toBe(201);
  }
});

const GOLD = 'gold-standard';
const SILVER = 'silver-latin';
const BRONZE = 'bronze-smooth';

describe('a couple’s invoice (the contract)', () => {
  it('bills two events at F per dancer as 2 × 2 × F; paid in full it owes 0; an event dropped before the deadline leaves a credit of 2 × F', async () => {
    const reg = await register([GOLD, SILVER]);
    expect(reg.amountDue).toBe(2 * 2 * F);
    let inv = await invoiceOf(reg.registrationId);
    expect(inv.name).toBe(`Lead Payer${seq} & Follow Payer${seq}`);
    expect(inv.lines.map((l) => l.amountCents)).toEqual([2500, 2500, 2500, 2500]);
    expect(inv.lines[0]!.description).toBe(`Lead Payer${seq}, Gold Standard (early entry)`);
    expect(inv).toMatchObject({ chargedCents: 10_000, paidCents: 0, balanceCents: 10_000 });

    const paid = await pay(inv.id, 2 * 2 * F * 100, 'card', 'Visa 4242');
    expect(paid.status).toBe(201);
    expect(paid.body.invoice.balanceCents).toBe(0);
    expect(paid.body.payment).toMatchObject({ amountCents: 10_000, method: 'card', reference: 'Visa 4242' });

    // The dancers drop one event themselves, with their entry code.
    const dropped = await anon().post(`${C}/registrations/entries`, {
      entryCode: reg.entryCode,
      email: reg.email,
      add: [],
      drop: [SILVER],
    });
    expect(dropped.status, JSON.stringify(dropped.body)).toBe(200);
    expect(dropped.body.invoice.balanceCents).toBe(-2 * F * 100);
    inv = await invoiceOf(reg.registrationId);
    expect(inv.balanceCents).toBe(-2 * F * 100);
    expect(inv.lines.filter((l) => l.kind === 'credit').map((l) => l.amountCents)).toEqual([-2500, -2500]);

    // The organizer removes the other entry: credited too; then the desk refunds it all.
    const gold = reg.entries.find((e) => e.eventKey === GOLD)!;
    expect((await admin.del(`${C}/events/${GOLD}/entries/${gold.id}`)).status).toBe(204);
    inv = await invoiceOf(reg.registrationId);
    expect(inv.balanceCents).toBe(-10_000);
    const refund = await pay(inv.id, -10_000, 'card', 'Refund to Visa 4242');
    expect(refund.status).toBe(201);
    expect(refund.body.invoice).toMatchObject({ chargedCents: 0, paidCents: 0, balanceCents: 0 });
    // Every row is still there: 4 charges, 4 credits, a payment and a refund.
    expect(refund.body.invoice.lines).toHaveLength(8);
    expect(refund.body.invoice.payments.map((p: { amountCents: number }) => p.amountCents)).toEqual([
      10_000, -10_000,
    ]);
  });

  it('refuses bad payments with 400 and a clear message, non-admins with 403, and writes nothing', async () => {
    const reg = await register([BRONZE]);
    const inv = await invoiceOf(reg.registrationId);
    expect((await pay(inv.id, 3000)).status).toBe(201);
    const before = await rowCounts(s.db, { payments: 'payments', audit: 'audit_log' });
    const cases: [unknown, RegExp][] = [
      [{ invoiceId: inv.id, amountCents: 0, method: 'cash' }, /cannot be zero/],
      [{ invoiceId: inv.id, amountCents: 12.5, method: 'cash' }, /whole number of cents/],
      [{ invoiceId: inv.id, amountCents: '100', method: 'cash' }, /whole number of cents/],
      [{ invoiceId: inv.id, amountCents: 100_000_001, method: 'cash' }, /1,000,000\.00/],
      [{ invoiceId: inv.id, amountCents: -100_000_001, method: 'cash' }, /1,000,000\.00/],
      [
        { invoiceId: inv.id, amountCents: 100, method: 'bitcoin' },
        /method must be one of cash, card, cheque, transfer/,
      ],
      [{ invoiceId: inv.id, amountCents: 100 }, /method/],
      [{ amountCents: 100, method: 'cash' }, /invoiceId/],
      [{ invoiceId: inv.id, amountCents: 100, method: 'cash', reference: 'x'.repeat(201) }, /at most 200/],
      [{ invoiceId: inv.id, amountCents: 100, method: 'cash', note: 'extra' }, /note|Unrecognized/i],
      // A refund larger than what was paid (30.00).
      [{ invoiceId: inv.id, amountCents: -3001, method: 'cash' }, /cannot be more than was paid \(\$30\)/],
    ];
    for (const [body, message] of cases) {
      const res = await admin.post(`${C}/payments`, body);
      expectErrorShape(res, 400, 'invalid');
      expect(JSON.stringify(res.body.error), JSON.stringify(body)).toMatch(message);
    }
    // The refusal's code and what was paid, for the desk to word in its reader's language.
    const over = await admin.post(`${C}/payments`, { invoiceId: inv.id, amountCents: -3001, method: 'cash' });
    expect(over.body.error.details.problems[0]).toMatchObject({
      path: 'amountCents',
      code: 'refund_over_paid',
      paidCents: 3000,
    });
    expectErrorShape(await pay(999_999, 100), 404);
    // Another competition's invoice is not this one's.
    const demoInvoice = (await admin.get('/api/v1/competitions/demo/invoices')).body.invoices[0];
    expectErrorShape(await pay(demoInvoice.id, 100), 404);
    const body = { invoiceId: inv.id, amountCents: 100, method: 'cash' };
    expectErrorShape(await crew.deck.post(`/api/v1/competitions/demo/payments`, body), 403);
    expectErrorShape(await crew.judges[0]!.client.post(`/api/v1/competitions/demo/payments`, body), 403);
    expectErrorShape(await anon().post(`${C}/payments`, body), 401);
    expect(await rowCounts(s.db, { payments: 'payments', audit: 'audit_log' })).toEqual(before);
  });

  it('corrects a payment by a reversing row, once; the original stays, marked reversed; audited', async () => {
    const reg = await register([BRONZE]);
    const inv = await invoiceOf(reg.registrationId);
    const taken = await pay(inv.id, 5000, 'cheque', 'Cheque 1001');
    const id = taken.body.payment.id;
    const reversed = await admin.post(`${C}/payments/${id}/reverse`, { reason: 'Cheque bounced' });
    expect(reversed.status).toBe(201);
    expect(reversed.body.payment).toMatchObject({ amountCents: -5000, method: 'cheque', reverses: id });
    expect(reversed.body.invoice.payments[0]).toMatchObject({ id, amountCents: 5000, reversed: true });
    expect(reversed.body.invoice.balanceCents).toBe(5000);
    expectErrorShape(await admin.post(`${C}/payments/${id}/reverse`, {}), 409, 'already_reversed');
    expectErrorShape(
      await admin.post(`${C}/payments/${reversed.body.payment.id}/reverse`, {}),
      409,
      'not_reversible',
    );
    const audit = await s.db
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('entity', '=', 'invoice')
      .where('entity_id', '=', String(inv.id))
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['payment.record', 'payment.reverse']);
    expect(JSON.parse(audit[1]!.after!)).toMatchObject({
      amountCents: -5000,
      reverses: id,
      reference: 'Cheque bounced',
    });
    // The lines a registration billed are in its own record of the chain.
    const created = await s.db
      .selectFrom('audit_log')
      .select('after')
      .where('action', '=', 'registration.create')
      .where('entity_id', '=', String(reg.registrationId))
      .executeTakeFirstOrThrow();
    expect(JSON.parse(created.after!).billed).toEqual([
      { invoiceId: inv.id, description: expect.stringContaining('Bronze Smooth'), amountCents: 2500 },
      { invoiceId: inv.id, description: expect.stringContaining('Bronze Smooth'), amountCents: 2500 },
    ]);
  });

  it('credits a scratch before the refund deadline and charges the entry again when the scratch is taken back', async () => {
    const reg = await register([GOLD, SILVER]);
    const silver = reg.entries.find((e) => e.eventKey === SILVER)!;
    const path = `${C}/events/${SILVER}/entries/${silver.id}/scratch`;
    expect((await admin.post(path, { scratched: true })).status).toBe(200);
    let inv = await invoiceOf(reg.registrationId);
    expect(inv.lines.filter((l) => l.kind === 'credit').map((l) => l.amountCents)).toEqual([-2500, -2500]);
    expect(inv.balanceCents).toBe(2 * F * 100);
    expect((await admin.post(path, { scratched: false })).status).toBe(200);
    inv = await invoiceOf(reg.registrationId);
    expect(inv.balanceCents).toBe(2 * 2 * F * 100);
  });

  it('bills an entry the organizer adds for a registered couple on their invoice, and credits it when removed', async () => {
    const reg = await register([GOLD]);
    const regs = (await admin.get(`${C}/registrations`)).body.registrations as {
      id: number;
      lead: { id: number; name: string };
      follow: { id: number; name: string };
      affiliation: string;
    }[];
    const mine = regs.find((r) => r.id === reg.registrationId)!;
    const added = await admin.post(`${C}/events/${BRONZE}/entries`, {
      leadId: mine.lead.id,
      followId: mine.follow.id,
      leadName: mine.lead.name,
      followName: mine.follow.name,
      affiliation: mine.affiliation,
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    let inv = await invoiceOf(reg.registrationId);
    expect(inv.balanceCents).toBe(2 * 2 * F * 100);
    expect(inv.lines.filter((l) => l.kind === 'entry' && /Bronze Smooth/.test(l.description))).toHaveLength(
      2,
    );
    expect((await admin.del(`${C}/events/${BRONZE}/entries/${added.body.id}`)).status).toBe(204);
    inv = await invoiceOf(reg.registrationId);
    expect(inv.balanceCents).toBe(2 * F * 100);
  });

  it('keeps the charge of an entry removed after the refund deadline (no credit)', async () => {
    const reg = await register([GOLD, BRONZE]);
    const past = await admin.patch(C, { refundDeadline: '2020-01-01T00:00:00Z' });
    expect(past.status).toBe(200);
    expect(past.body.refundDeadline).toBe('2020-01-01T00:00:00.000Z');
    try {
      const dropped = await admin.post(`${C}/registrations/${reg.registrationId}/entries`, {
        add: [],
        drop: [BRONZE],
      });
      expect(dropped.status, JSON.stringify(dropped.body)).toBe(200);
      const inv = await invoiceOf(reg.registrationId);
      expect(inv.lines.filter((l) => l.kind === 'credit')).toEqual([]);
      expect(inv.balanceCents).toBe(2 * 2 * F * 100);
    } finally {
      expect((await admin.patch(C, { refundDeadline: null })).status).toBe(200);
    }
  });

  it('charges admission once per dancer and takes a dancer’s discount off their entries', async () => {
    expect(
      (
        await admin.patch(C, {
          admissionFee: 10,
          discounts: [{ key: 'student', name: 'Student', percent: 50 }],
        })
      ).status,
    ).toBe(200);
    try {
      const reg = await register([GOLD]);
      let inv = await invoiceOf(reg.registrationId);
      expect(inv.lines.filter((l) => l.kind === 'admission').map((l) => l.amountCents)).toEqual([1000, 1000]);
      expect(inv.balanceCents).toBe(2 * 2500 + 2 * 1000);
      const lead = (await admin.get(`${C}/registrations`)).body.registrations.find(
        (r: { id: number }) => r.id === reg.registrationId,
      ).lead;
      const set = await admin.patch(`${C}/competitors/${lead.id}`, {
        discount: 'student',
        version: lead.version,
      });
      expect(set.status, JSON.stringify(set.body)).toBe(200);
      expect(set.body.discount).toBe('student');
      inv = await invoiceOf(reg.registrationId);
      expect(inv.lines.at(-1)).toMatchObject({ kind: 'discount', amountCents: -1250 });
      expect(inv.balanceCents).toBe(2500 + 1250 + 2 * 1000);
      // The organizer changes the category's percent: the dancer's entries follow.
      const changed = await admin.patch(C, { discounts: [{ key: 'student', name: 'Student', percent: 20 }] });
      expect(changed.status).toBe(200);
      inv = await invoiceOf(reg.registrationId);
      expect(inv.lines.at(-1)).toMatchObject({ kind: 'discount', amountCents: 750 });
      expect(inv.balanceCents).toBe(2500 + 2000 + 2 * 1000);
      // Withdrawn, the category leaves its dancers: one made again with the same key gives them nothing.
      expect((await admin.patch(C, { discounts: [] })).status).toBe(200);
      expect((await invoiceOf(reg.registrationId)).balanceCents).toBe(2 * 2500 + 2 * 1000);
      expect(
        (await admin.patch(C, { discounts: [{ key: 'student', name: 'Student', percent: 50 }] })).status,
      ).toBe(200);
      expect((await invoiceOf(reg.registrationId)).balanceCents).toBe(2 * 2500 + 2 * 1000);
      const dancer = (await admin.get(`${C}/competitors/${lead.id}`)).body;
      expect(dancer.discount ?? null).toBeNull();
      const unknown = await admin.patch(`${C}/competitors/${lead.id}`, { discount: 'pensioner' });
      expectErrorShape(unknown, 400, 'invalid');
      expect(unknown.body.error.message).toMatch(/no discount "pensioner"/);
      // The discount categories refuse nonsense.
      for (const discounts of [
        [{ key: 'a', name: 'A', percent: 0 }],
        [{ key: 'a', name: 'A', percent: 101 }],
        [
          { key: 'a', name: 'A', percent: 10 },
          { key: 'a', name: 'B', percent: 20 },
        ],
        [{ key: 'Has Spaces', name: 'A', percent: 10 }],
      ])
        expectErrorShape(await admin.patch(C, { discounts }), 400, 'invalid');
    } finally {
      expect((await admin.patch(C, { admissionFee: 0, discounts: [] })).status).toBe(200);
    }
  });
});

describe('team billing', () => {
  it('bills a paying team’s couples on the team’s invoice, which its captain opens by a private, revocable link', async () => {
    const team = await admin.put(`${C}/teams`, { name: TEAM, pays: true });
    expect(team.status).toBe(200);
    expect(team.body).toMatchObject({ name: TEAM, pays: true, invoiceId: null });
    const couples = [
      await register([GOLD], TEAM),
      await register([GOLD, SILVER], TEAM),
      await register([BRONZE], TEAM),
    ];
    expect(couples.map((c) => c.amountDue)).toEqual([2 * F, 4 * F, 2 * F]);
    const all = await invoices();
    for (const c of couples) expect(all.find((i) => i.registrationId === c.registrationId)).toBeUndefined();
    const teamInvoice = all.find((i) => i.kind === 'team' && i.name === TEAM)!;
    expect(teamInvoice.lines).toHaveLength(2 + 4 + 2);
    expect(teamInvoice.balanceCents).toBe(8 * 2500);

    const linked = await admin.post(`${C}/teams/link`, { name: TEAM });
    expect(linked.status).toBe(200);
    const token = linked.body.token as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    const opened = await anon().get(`${C}/team-invoices/${token}`);
    expect(opened.status).toBe(200);
    expect(opened.body.invoice).toMatchObject({ id: teamInvoice.id, balanceCents: 20_000 });
    expect(opened.body.competition).toEqual({ key: KEY, fullName: 'Money Cup' });

    // Part by card, the rest in cash: paid up; who took it is not shown to the captain.
    expect((await pay(teamInvoice.id, 12_000, 'card')).status).toBe(201);
    expect((await pay(teamInvoice.id, 8_000, 'cash')).status).toBe(201);
    const paidUp = (await anon().get(`${C}/team-invoices/${token}`)).body.invoice;
    expect(paidUp.balanceCents).toBe(0);
    expect(paidUp.payments.every((p: { recordedBy?: string }) => p.recordedBy === undefined)).toBe(true);

    // One couple drops their event before the deadline: the team's invoice shows the credit.
    const third = couples[2]!;
    const dropped = await anon().post(`${C}/registrations/entries`, {
      entryCode: third.entryCode,
      email: third.email,
      add: [GOLD],
      drop: [BRONZE],
    });
    expect(dropped.status).toBe(200);
    expect(dropped.body.teamPays).toBe(TEAM);
    const afterDrop = (await anon().get(`${C}/team-invoices/${token}`)).body.invoice;
    expect(afterDrop.balanceCents).toBe(0);
    expect(afterDrop.lines.filter((l: Line) => l.kind === 'credit').map((l: Line) => l.amountCents)).toEqual([
      -2500, -2500,
    ]);

    // A replaced link stops working; a revoked one too.
    const replaced = await admin.post(`${C}/teams/link`, { name: TEAM });
    expectErrorShape(await anon().get(`${C}/team-invoices/${token}`), 404);
    expect((await anon().get(`${C}/team-invoices/${replaced.body.token}`)).status).toBe(200);
    expect((await admin.post(`${C}/teams/link/revoke`, { name: TEAM })).body.token).toBeNull();
    expectErrorShape(await anon().get(`${C}/team-invoices/${replaced.body.token}`), 404);
  });

  it('moves the couples’ charges back to their own invoices when the team stops paying', async () => {
    const other = 'Brown Ballroom Dance Team';
    const reg = await register([SILVER], other);
    const own = await invoiceOf(reg.registrationId);
    expect(own.balanceCents).toBe(5000);
    const on = await admin.put(`${C}/teams`, { name: other, pays: true });
    expect(on.body).toMatchObject({ pays: true, balanceCents: 5000 });
    expect((await invoiceOf(reg.registrationId)).balanceCents).toBe(0);
    // A team's name is display text like any other: blank, control characters or too long are refused.
    for (const name of ['   ', 'Bad\u0007Team', 'x'.repeat(201)])
      expectErrorShape(await admin.put(`${C}/teams`, { name, pays: true }), 400, 'invalid');
    expectErrorShape(await admin.put(`${C}/teams`, { name: other, pays: 'yes' }), 400, 'invalid');
    const stale = await admin.put(`${C}/teams`, { name: other, pays: false, version: on.body.version - 1 });
    expectErrorShape(stale, 409, 'stale');
    const off = await admin.put(`${C}/teams`, { name: other, pays: false, version: on.body.version });
    expect(off.body).toMatchObject({ pays: false, balanceCents: 0 });
    const back = await invoiceOf(reg.registrationId);
    expect(back.balanceCents).toBe(5000);
    expect(back.lines.filter((l) => l.kind === 'transfer')).toHaveLength(4);
  });
});

describe('numbers, the desk and the treasurer', () => {
  it('numbers invoices without gaps under concurrent registrations', async () => {
    const many = await Promise.all(
      Array.from({ length: 12 }, () => anon().post(`${C}/registrations`, couple([BRONZE]))),
    );
    expect(many.map((r) => r.status)).toEqual(many.map(() => 201));
    const numbers = (await invoices()).map((i) => i.number);
    expect(numbers).toEqual(numbers.map((_n, i) => i + 1));
  });

  it('refuses to hand out a number to a couple who owes when the competition blocks it, until they pay', async () => {
    const reg = await register([GOLD]);
    const entry = reg.entries[0]!;
    const balances = await admin.get(`${C}/check-in/balances`);
    expect(balances.body.entries.find((e: { entryId: number }) => e.entryId === entry.id)).toMatchObject({
      account: 'couple',
      balanceCents: 5000,
    });
    expect((await admin.patch(C, { checkInPayment: 'block' })).status).toBe(200);
    try {
      const refused = await admin.post(`${C}/events/${GOLD}/entries/${entry.id}/check-in`, {
        checkedIn: true,
      });
      expectErrorShape(refused, 409, 'unpaid');
      expect(refused.body.error.message).toMatch(/still owes \$50/);
      await pay((await invoiceOf(reg.registrationId)).id, 5000);
      expect(
        (await admin.post(`${C}/events/${GOLD}/entries/${entry.id}/check-in`, { checkedIn: true })).status,
      ).toBe(200);
    } finally {
      expect((await admin.patch(C, { checkInPayment: 'none' })).status).toBe(200);
    }
  });

  it('gives a ledger whose charged and paid columns sum to the dashboard’s totals, to the cent', async () => {
    const money = (await admin.get(`${C}/money`)).body;
    const dashboard = (await admin.get(`${C}/dashboard`)).body;
    expect(dashboard.money).toEqual(money);
    expect(money.owedCents).toBeGreaterThan(0);
    expect(money.paidCents).toBeGreaterThan(0);
    const all = await invoices();
    expect(money.owedCents).toBe(all.reduce((n, i) => n + i.chargedCents, 0));
    expect(money.outstandingCents - money.creditCents).toBe(money.owedCents - money.paidCents);
    expect(money.byTeam.map((t: { team: string }) => t.team)).toContain(TEAM);

    const csv = await admin.get(`${C}/ledger.csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
    const [header, ...rows] = parseCsv(csv.body as string);
    expect(header).toEqual([
      'date',
      'invoice',
      'account',
      'name',
      'team',
      'kind',
      'description',
      'method',
      'reference',
      'charged_USD',
      'paid_USD',
      'recorded_by',
    ]);
    const total = rows.at(-1)!;
    const body = rows.slice(0, -1);
    const cents = (col: number) => body.reduce((n, r) => n + Math.round(Number(r[col] || 0) * 100), 0);
    expect(cents(9)).toBe(money.owedCents);
    expect(cents(10)).toBe(money.paidCents);
    expect(Math.round(Number(total[9]) * 100)).toBe(money.owedCents);
    expect(Math.round(Number(total[10]) * 100)).toBe(money.paidCents);
    // Who recorded each payment is in the ledger.
    expect(body.filter((r) => r[5] === 'payment').every((r) => r[11]!.length > 0)).toBe(true);
    expectErrorShape(await crew.deck.get(`/api/v1/competitions/demo/ledger.csv`), 403);
  });
});
