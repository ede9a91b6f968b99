/**
 * The organizer changes the couple's team (payments are rows of their own: src/server/api/money).
 */
import { findOwned } from '../../http/db.ts';
import { assertVersion, type CommandContext } from '../../http/command.ts';
import type { RegistrationPatch } from '../../../domain/schemas/registration.ts';
import { adminRegistrations } from './queries.ts';
import { billRegistration, coupleAccount, openAccount } from '../money/accounts.ts';
import { paidOn, writePayment } from '../money/commands.ts';
import { registrationsBilling } from '../money/queries.ts';
import { registrationWithCouple } from '../joins.ts';
import { toCents } from '../../../domain/money/feeRules.ts';

/**
 * The organizer changes the couple's team (copied onto entries and dancers); what the couple's entries
 * cost moves to the account that bills them now, should the new team pay for its couples.
 */
export async function updateRegistration(
  ctx: CommandContext,
  id: number,
  body: RegistrationPatch,
): Promise<void> {
  const { trx, competition: c } = ctx;
  const { version, amountPaid, affiliation } = body;
  const before = await findOwned(trx, 'registrations', c.id, id, 'That registration');
  await assertVersion(version, before.version, 'this registration', async () =>
    (await adminRegistrations(trx, c)).registrations.find((r) => r.id === before.id),
  );
  const set: { affiliation?: string; version: number } = { version: before.version + 1 };
  if (affiliation !== undefined) {
    set.affiliation = affiliation;
    await trx.updateTable('entries').set({ affiliation }).where('registration_id', '=', before.id).execute();
    await trx
      .updateTable('competitors')
      .set({ affiliation })
      .where('id', 'in', [before.lead_id, before.follow_id])
      .execute();
    ctx.publish('events');
  }
  await trx.updateTable('registrations').set(set).where('id', '=', before.id).execute();
  await ctx.audit({
    action: 'registration.update',
    entity: 'registration',
    entityId: before.id,
    before: { affiliation: before.affiliation },
    after: { affiliation: affiliation ?? before.affiliation },
  });
  if (affiliation !== undefined && affiliation !== before.affiliation) await billRegistration(ctx, before.id);
  if (amountPaid !== undefined) await setAmountPaid(ctx, before.id, toCents(amountPaid));
}

/**
 * The couple has paid `cents` in all: the difference from what their account was paid is recorded as a
 * payment or a refund, so the history stays (the account that bills them; their own if none yet).
 */
async function setAmountPaid(ctx: CommandContext, registrationId: number, cents: number): Promise<void> {
  const { trx, competition: c } = ctx;
  const reg = await registrationWithCouple(trx)
    .select(['registrations.id', 'l.name as leadName', 'f.name as followName'])
    .where('registrations.id', '=', registrationId)
    .executeTakeFirstOrThrow();
  const own = await coupleAccount(trx, c.id, registrationId);
  const account =
    own ??
    (await registrationsBilling(trx, c)).get(registrationId)?.account?.invoiceId ??
    (
      await openAccount(trx, c, {
        kind: 'couple',
        registrationId,
        name: `${reg.leadName} & ${reg.followName}`,
      })
    ).id;
  const invoiceId = typeof account === 'number' ? account : account.id;
  const diff = cents - (await paidOn(trx, invoiceId));
  if (diff !== 0)
    await writePayment(ctx, {
      invoiceId,
      amountCents: diff,
      method: 'unspecified',
      reference: `Amount paid set to ${(cents / 100).toFixed(2)}`,
    });
}
