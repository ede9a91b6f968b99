import type { z } from 'zod';
import type { adminCreate } from '../../../domain/schemas/competition.ts';
import { HttpError, notFound } from '../../errors.ts';
import type { CommandContext } from '../../http/command.ts';

/** A new account that administers this competition (its password hashed before the transaction). */
export async function addAdmin(ctx: CommandContext, body: z.infer<typeof adminCreate>, passwordHash: string) {
  const { trx, competition } = ctx;
  const email = body.email.trim().toLowerCase();
  const exists = await trx.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  if (exists)
    throw new HttpError(409, 'duplicate', `An account with the email ${email} already exists.`, {
      reason: 'email',
      email,
    });
  const user = await trx
    .insertInto('users')
    .values({ email, name: body.name, password_hash: passwordHash, is_super_admin: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('memberships')
    .values({ user_id: user.id, competition_id: competition.id, role: 'admin' })
    .execute();
  await ctx.audit({
    action: 'admin.add',
    entity: 'user',
    entityId: user.id,
    after: { email, name: body.name },
  });
  return { id: user.id, email, name: body.name, isSuperAdmin: false };
}

/** Removes an administrator from this competition; an account that administers nothing more goes. */
export async function removeAdmin(ctx: CommandContext, userId: number): Promise<void> {
  const { trx, competition } = ctx;
  if (ctx.actor.kind === 'user' && ctx.actor.user.id === userId)
    throw new HttpError(409, 'conflict', 'You cannot remove your own account. Ask another administrator.');
  const user = await trx.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  const membership = await trx
    .selectFrom('memberships')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('competition_id', '=', competition.id)
    .executeTakeFirst();
  if (!user || (!membership && user.is_super_admin !== 1)) throw notFound('That administrator');
  if (user.is_super_admin === 1)
    throw new HttpError(409, 'conflict', 'A site administrator cannot be removed from one competition.');
  await trx
    .deleteFrom('memberships')
    .where('user_id', '=', userId)
    .where('competition_id', '=', competition.id)
    .execute();
  const others = await trx
    .selectFrom('memberships')
    .select('user_id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  // An account that administers nothing any more is deleted with its sessions.
  if (!others) await trx.deleteFrom('users').where('id', '=', userId).execute();
  await ctx.audit({
    action: 'admin.remove',
    entity: 'user',
    entityId: userId,
    before: { email: user.email, name: user.name },
  });
}
