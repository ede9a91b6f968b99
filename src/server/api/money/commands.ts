/**
 * The desk's money commands: payments, refunds and corrections (each a new row, audited), and the
 * teams' billing switch and captain's link.
 */
import { randomBytes } from 'node:crypto';
import { HttpError, notFound } from '../../errors.ts';
import { assertVersion, type CommandContext } from '../../http/command.ts';
import type { Tx } from '../../http/db.ts';
import type {
  PaymentCreate,
  PaymentRecorded,
  RecordedMethod,
  TeamAccount,
  TeamPut,
} from '../../../domain/schemas/money.ts';
import { refundProblem } from '../../../domain/money/payments.ts';
import { billTeam, openAccount, type BillingContext } from './accounts.ts';
import { loadInvoices, teamAccounts } from './queries.ts';

async function findInvoice(trx: Tx, competitionId: number, invoiceId: number) {
  const row = await trx
    .selectFrom('invoices')
    .select(['id', 'number'])
    .where('id', '=', invoiceId)
    .where('competition_id', '=', competitionId)
    .executeTakeFirst();
  if (!row) throw notFound('That invoice');
  return row;
}

/** What an account was paid in all, net of refunds and corrections. */
export async function paidOn(trx: Tx, invoiceId: number): Promise<number> {
  const row = await trx
    .selectFrom('payments')
    .select((eb) => eb.fn.sum<number | null>('amount_cents').as('paid'))
    .where('invoice_id', '=', invoiceId)
    .executeTakeFirst();
  return Number(row?.paid ?? 0);
}

/**
 * The one place a payment is written: the desk's (POST …/payments), a correction, and, were one
 * connected, a payment provider's confirmation (method 'online'). Audited in the same transaction.
 */
export async function writePayment(
  ctx: BillingContext,
  p: { invoiceId: number; amountCents: number; method: RecordedMethod; reference: string; reverses?: number },
): Promise<PaymentRecorded> {
  const { trx, competition: c } = ctx;
  const row = await trx
    .insertInto('payments')
    .values({
      competition_id: c.id,
      invoice_id: p.invoiceId,
      amount_cents: p.amountCents,
      method: p.method,
      reference: p.reference,
      reverses: p.reverses ?? null,
      recorded_by: ctx.who,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ctx.audit({
    action:
      p.reverses !== undefined ? 'payment.reverse' : p.amountCents < 0 ? 'payment.refund' : 'payment.record',
    entity: 'invoice',
    entityId: p.invoiceId,
    after: {
      paymentId: row.id,
      amountCents: p.amountCents,
      method: p.method,
      reference: p.reference,
      reverses: p.reverses ?? null,
    },
  });
  const [invoice] = await loadInvoices(trx, c.id, 'staff', [p.invoiceId]);
  return { payment: invoice!.payments.find((x) => x.id === row.id)!, invoice: invoice! };
}

/** The desk takes money for an account, or gives some back (amountCents < 0, at most what was paid). */
export async function recordPayment(ctx: CommandContext, body: PaymentCreate): Promise<PaymentRecorded> {
  const invoice = await findInvoice(ctx.trx, ctx.competition.id, body.invoiceId);
  const paidCents = await paidOn(ctx.trx, invoice.id);
  const problem = refundProblem(body.amountCents, paidCents, ctx.competition.currency);
  // `code` and `paidCents`: the desk words the refusal in its reader's language.
  if (problem)
    throw new HttpError(400, 'invalid', problem, {
      problems: [{ path: 'amountCents', message: problem, code: 'refund_over_paid', paidCents }],
    });
  return writePayment(ctx, {
    invoiceId: invoice.id,
    amountCents: body.amountCents,
    method: body.method,
    reference: body.reference ?? '',
  });
}

/** A payment recorded by mistake: a new row of the opposite amount, the original kept. */
export async function reversePayment(
  ctx: CommandContext,
  paymentId: number,
  reason: string | undefined,
): Promise<PaymentRecorded> {
  const { trx, competition: c } = ctx;
  const p = await trx
    .selectFrom('payments')
    .selectAll()
    .where('id', '=', paymentId)
    .where('competition_id', '=', c.id)
    .executeTakeFirst();
  if (!p) throw notFound('That payment');
  if (p.reverses !== null)
    throw new HttpError(
      409,
      'not_reversible',
      'This row is itself a correction; record a new payment instead.',
    );
  const again = await trx.selectFrom('payments').select('id').where('reverses', '=', p.id).executeTakeFirst();
  if (again) throw new HttpError(409, 'already_reversed', 'This payment was already reversed.');
  return writePayment(ctx, {
    invoiceId: p.invoice_id,
    amountCents: -Number(p.amount_cents),
    method: p.method as RecordedMethod,
    reference: reason ?? '',
    reverses: p.id,
  });
}

async function teamRow(trx: Tx, competitionId: number, name: string) {
  return trx
    .selectFrom('teams')
    .selectAll()
    .where('competition_id', '=', competitionId)
    .where('name', '=', name)
    .executeTakeFirst();
}

/** The team's row, made the first time the organizer sets something on it. */
async function ensureTeam(ctx: CommandContext, name: string) {
  const found = await teamRow(ctx.trx, ctx.competition.id, name);
  if (found) return found;
  await ctx.trx
    .insertInto('teams')
    .values({
      competition_id: ctx.competition.id,
      name,
      pays: 0,
      token: null,
      version: 1,
      created_at: new Date().toISOString(),
    })
    .execute();
  return (await teamRow(ctx.trx, ctx.competition.id, name))!;
}

async function teamView(ctx: CommandContext, name: string): Promise<TeamAccount> {
  const all = await teamAccounts(ctx.trx, ctx.competition);
  return all.find((t) => t.name === name)!;
}

/**
 * The team pays for its couples, or each couple pays for itself. What the couples' accounts hold of
 * their entries moves to the account that bills them now (move lines on both, so each keeps its history).
 */
export async function putTeam(ctx: CommandContext, body: TeamPut): Promise<TeamAccount> {
  const team = await ensureTeam(ctx, body.name);
  await assertVersion(body.version, team.version, { message: 'This team was changed by someone else.' }, () =>
    teamView(ctx, body.name),
  );
  const pays = body.pays ? 1 : 0;
  if (team.pays !== pays) {
    await ctx.trx
      .updateTable('teams')
      .set({ pays, version: team.version + 1 })
      .where('id', '=', team.id)
      .execute();
    await ctx.audit({
      action: 'team.pays',
      entity: 'team',
      entityId: team.id,
      before: { name: team.name, pays: team.pays === 1 },
      after: { name: team.name, pays: body.pays },
    });
    await billTeam(ctx, team.name);
  }
  return teamView(ctx, body.name);
}

/**
 * A new private link for the team's captain (any earlier one stops working). The team's account is
 * opened now so the captain sees it even before the first couple registers.
 */
export async function newTeamLink(ctx: CommandContext, name: string): Promise<TeamAccount> {
  const team = await ensureTeam(ctx, name);
  const token = randomBytes(18).toString('base64url');
  await ctx.trx
    .updateTable('teams')
    .set({ token, version: team.version + 1 })
    .where('id', '=', team.id)
    .execute();
  await openAccount(ctx.trx, ctx.competition, { kind: 'team', teamId: team.id, name: team.name });
  await ctx.audit({
    action: 'team.link',
    entity: 'team',
    entityId: team.id,
    after: { name: team.name, link: 'new' },
  });
  return teamView(ctx, name);
}

/** The captain's link stops working. */
export async function revokeTeamLink(ctx: CommandContext, name: string): Promise<TeamAccount> {
  const team = await teamRow(ctx.trx, ctx.competition.id, name);
  if (!team) throw notFound(`The team "${name.slice(0, 60)}"`);
  if (team.token !== null) {
    await ctx.trx
      .updateTable('teams')
      .set({ token: null, version: team.version + 1 })
      .where('id', '=', team.id)
      .execute();
    await ctx.audit({
      action: 'team.link',
      entity: 'team',
      entityId: team.id,
      after: { name: team.name, link: 'revoked' },
    });
  }
  return teamView(ctx, name);
}
