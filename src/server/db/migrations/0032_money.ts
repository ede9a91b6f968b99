import type { Kysely } from 'kysely';

/**
 * Money (docs/money.md): what each couple and team owes, as rows that are never edited.
 * - `competitions`: `admission_fee` per dancer once per competition (currency units, like the tier
 *   fees); `refund_deadline` (UTC; null: the registration close date); `discounts` JSON
 *   [{key, name, percent}]; `check_in_payment` 'none' | 'warn' | 'block' (handing out numbers unpaid).
 * - `events.fee`: the fee per dancer of that event whatever the tier (a team match, a solo); null: the tier's.
 * - `competitors.discount`: the key of the dancer's discount category; null: none.
 * - `teams`: a team (an affiliation by name) with `pays` (its couples' entries bill the team) and the
 *   random `token` of the captain's private link (null: no link, or revoked).
 * - `invoices`: one account per couple (registration) or team, `number` without gaps per competition.
 *   `name` is written at creation so an invoice keeps its heading if its registration is removed.
 * - `invoice_lines`: what is owed, one row per charge, discount, credit or move between accounts.
 *   `registration_id`, `event_id`, `competitor_id` name the billed item (no foreign keys: an item
 *   outlives its entry).
 * - `payments`: money taken (> 0) or refunded (< 0); a correction is a new row that `reverses` another.
 * Every registration's `amount_due` and `amount_paid` become a carried-over line and payment, and its
 * entries of then are marked as covered by that fee (zero lines), so nothing is billed twice.
 * Never edit this file once landed: add a new migration instead.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('competitions')
    .addColumn('admission_fee', 'real', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('competitions').addColumn('refund_deadline', 'text').execute();
  await db.schema
    .alterTable('competitions')
    .addColumn('discounts', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .alterTable('competitions')
    .addColumn('check_in_payment', 'text', (c) => c.notNull().defaultTo('none'))
    .execute();
  await db.schema.alterTable('events').addColumn('fee', 'real').execute();
  await db.schema.alterTable('competitors').addColumn('discount', 'text').execute();

  await db.schema
    .createTable('teams')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('competition_id', 'integer', (c) =>
      c.notNull().references('competitions.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('pays', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('token', 'text')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('teams_name')
    .on('teams')
    .columns(['competition_id', 'name'])
    .unique()
    .execute();
  await db.schema
    .createIndex('teams_token')
    .on('teams')
    .columns(['competition_id', 'token'])
    .unique()
    .execute();

  await db.schema
    .createTable('invoices')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('competition_id', 'integer', (c) =>
      c.notNull().references('competitions.id').onDelete('cascade'),
    )
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('registration_id', 'integer', (c) => c.references('registrations.id').onDelete('set null'))
    .addColumn('team_id', 'integer', (c) => c.references('teams.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('invoices_number')
    .on('invoices')
    .columns(['competition_id', 'number'])
    .unique()
    .execute();
  await db.schema.createIndex('invoices_registration').on('invoices').column('registration_id').execute();
  await db.schema.createIndex('invoices_team').on('invoices').column('team_id').execute();

  await db.schema
    .createTable('invoice_lines')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('competition_id', 'integer', (c) =>
      c.notNull().references('competitions.id').onDelete('cascade'),
    )
    .addColumn('invoice_id', 'integer', (c) => c.notNull().references('invoices.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('registration_id', 'integer')
    .addColumn('event_id', 'integer')
    .addColumn('competitor_id', 'integer')
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('invoice_lines_invoice')
    .on('invoice_lines')
    .columns(['invoice_id', 'id'])
    .execute();
  await db.schema
    .createIndex('invoice_lines_item')
    .on('invoice_lines')
    .columns(['competition_id', 'competitor_id'])
    .execute();

  await db.schema
    .createTable('payments')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('competition_id', 'integer', (c) =>
      c.notNull().references('competitions.id').onDelete('cascade'),
    )
    .addColumn('invoice_id', 'integer', (c) => c.notNull().references('invoices.id').onDelete('cascade'))
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('reference', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('reverses', 'integer')
    .addColumn('recorded_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payments_invoice').on('payments').columns(['invoice_id', 'id']).execute();

  await carryOver(db);
}

/** Each registration's fee and payment so far become rows of its own invoice. */
async function carryOver(untyped: Kysely<unknown>): Promise<void> {
  interface LineRow {
    competition_id: number;
    invoice_id: number;
    kind: string;
    registration_id: number | null;
    event_id: number | null;
    competitor_id: number | null;
    description: string;
    amount_cents: number;
    created_by: string;
    created_at: string;
  }
  const db = untyped as unknown as Kysely<{
    registrations: {
      id: number;
      competition_id: number;
      lead_id: number;
      follow_id: number;
      amount_due: number;
      amount_paid: number;
      paid_at: string | null;
      created_at: string;
    };
    competitors: { id: number; name: string };
    entries: { id: number; registration_id: number | null; event_id: number };
    invoices: {
      id?: number;
      competition_id: number;
      number: number;
      kind: string;
      registration_id: number | null;
      team_id: number | null;
      name: string;
      created_at: string;
    };
    invoice_lines: LineRow;
    payments: {
      competition_id: number;
      invoice_id: number;
      amount_cents: number;
      method: string;
      reference: string;
      recorded_by: string;
      created_at: string;
    };
  }>;
  const regs = await db
    .selectFrom('registrations')
    .innerJoin('competitors as l', 'l.id', 'registrations.lead_id')
    .innerJoin('competitors as f', 'f.id', 'registrations.follow_id')
    .select([
      'registrations.id',
      'registrations.competition_id',
      'registrations.lead_id',
      'registrations.follow_id',
      'registrations.amount_due',
      'registrations.amount_paid',
      'registrations.paid_at',
      'registrations.created_at',
      'l.name as leadName',
      'f.name as followName',
    ])
    .orderBy('registrations.competition_id')
    .orderBy('registrations.id')
    .execute();
  const numbers = new Map<number, number>();
  for (const r of regs) {
    const number = (numbers.get(r.competition_id) ?? 0) + 1;
    numbers.set(r.competition_id, number);
    const invoice = await db
      .insertInto('invoices')
      .values({
        competition_id: r.competition_id,
        number,
        kind: 'couple',
        registration_id: r.id,
        team_id: null,
        name: `${r.leadName} & ${r.followName}`,
        created_at: r.created_at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const line = (more: Partial<LineRow>): LineRow => ({
      competition_id: r.competition_id,
      invoice_id: invoice.id!,
      kind: 'carried_over',
      registration_id: r.id,
      event_id: null,
      competitor_id: null,
      description: 'Registration fee (carried over)',
      amount_cents: Math.round(Number(r.amount_due) * 100),
      created_by: 'migration',
      created_at: r.created_at,
      ...more,
    });
    const lines = [line({})];
    const entries = await db
      .selectFrom('entries')
      .select(['event_id'])
      .where('registration_id', '=', r.id)
      .orderBy('id')
      .execute();
    // Marks each entry of then as billed (by the fee above), so it is not charged again per entry.
    for (const e of entries)
      for (const dancer of [r.lead_id, r.follow_id])
        lines.push(
          line({
            kind: 'entry',
            event_id: e.event_id,
            competitor_id: dancer,
            description: 'Included in the carried-over registration fee',
            amount_cents: 0,
          }),
        );
    await db.insertInto('invoice_lines').values(lines).execute();
    const paid = Math.round(Number(r.amount_paid) * 100);
    if (paid > 0)
      await db
        .insertInto('payments')
        .values({
          competition_id: r.competition_id,
          invoice_id: invoice.id!,
          amount_cents: paid,
          method: 'carried_over',
          reference: 'Paid before invoices',
          recorded_by: 'migration',
          created_at: r.paid_at ?? r.created_at,
        })
        .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('payments').execute();
  await db.schema.dropTable('invoice_lines').execute();
  await db.schema.dropTable('invoices').execute();
  await db.schema.dropTable('teams').execute();
  await db.schema.alterTable('competitors').dropColumn('discount').execute();
  await db.schema.alterTable('events').dropColumn('fee').execute();
  await db.schema.alterTable('competitions').dropColumn('check_in_payment').execute();
  await db.schema.alterTable('competitions').dropColumn('discounts').execute();
  await db.schema.alterTable('competitions').dropColumn('refund_deadline').execute();
  await db.schema.alterTable('competitions').dropColumn('admission_fee').execute();
}
