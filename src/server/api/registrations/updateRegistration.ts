/**
 * The organizer records a payment or changes the couple's team.
 */
import { findOwned } from '../../http/db.ts';
import { assertVersion, type CommandContext } from '../../http/command.ts';
import type { RegistrationPatch } from '../../../domain/schemas/registration.ts';
import { adminRegistrations } from './queries.ts';

/** The organizer records a payment or changes the couple's team (copied onto entries and dancers). */
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
  const set: { amount_paid?: number; paid_at?: string | null; affiliation?: string; version: number } = {
    version: before.version + 1,
  };
  if (amountPaid !== undefined) {
    set.amount_paid = amountPaid;
    set.paid_at = amountPaid > 0 ? new Date().toISOString() : null;
  }
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
    before: { amountPaid: before.amount_paid, affiliation: before.affiliation },
    after: {
      amountPaid: amountPaid ?? before.amount_paid,
      affiliation: affiliation ?? before.affiliation,
    },
  });
}
