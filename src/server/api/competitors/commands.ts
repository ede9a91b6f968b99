import { billCompetitor, discountsOf } from '../money/accounts.ts';
import { HttpError } from '../../errors.ts';
import { addIdentity, linkPerson } from '../people/persons.ts';
import { normalizeName } from '../../../domain/entries.ts';
import { findOwned } from '../../http/db.ts';
import { assertVersion, type CommandContext } from '../../http/command.ts';
import { toJson } from '../../http/json.ts';
import { parsePlacedOut } from '../../../domain/registrationRules.ts';
import type { AdminCompetitor, CompetitorPatch } from '../../../domain/schemas/registration.ts';

/**
 * The organizer edits a competitor. Names and numbers are copied onto their entries (the floor and
 * the sheets read entries); a number worn by someone else is refused with who wears it.
 */
export async function updateCompetitor(
  ctx: CommandContext,
  id: number,
  body: CompetitorPatch,
): Promise<AdminCompetitor> {
  const { trx, competition: c } = ctx;
  const { version, ...changes } = body;
  const { name, email, affiliation, number, placedOut, discount } = changes;
  const before = await findOwned(trx, 'competitors', c.id, id, 'That competitor');
  const view = (): AdminCompetitor => ({
    id: before.id,
    name: before.name,
    email: before.email,
    affiliation: before.affiliation,
    number: before.number,
    placedOut: parsePlacedOut(before.placed_out),
    discount: before.discount,
    version: before.version,
  });
  await assertVersion(version, before.version, 'this competitor', view);
  if (discount !== undefined && discount !== null && !discountsOf(c).some((d) => d.key === discount))
    throw new HttpError(
      400,
      'invalid',
      `There is no discount "${discount.slice(0, 40)}" in this competition.`,
      {
        problems: [{ path: 'discount', message: 'Choose one of the competition’s discounts' }],
      },
    );
  if (number !== undefined && number !== null && number !== before.number) {
    const wearer = await trx
      .selectFrom('competitors')
      .select(['name'])
      .where('competition_id', '=', c.id)
      .where('number', '=', number)
      .where('id', '!=', before.id)
      .executeTakeFirst();
    const adhoc = await trx
      .selectFrom('entries')
      .select(['lead_name'])
      .where('competition_id', '=', c.id)
      .where('lead_number', '=', number)
      .where((eb) => eb.or([eb('lead_id', 'is', null), eb('lead_id', '!=', before.id)]))
      .orderBy('id')
      .executeTakeFirst();
    const who = wearer?.name ?? adhoc?.lead_name;
    if (who !== undefined)
      throw new HttpError(
        409,
        'number_taken',
        `Number ${number} is already worn by ${who}. Choose another number.`,
        { number, by: who },
      );
  }
  if (number === null) {
    const leads = await trx
      .selectFrom('entries')
      .select('id')
      .where('lead_id', '=', before.id)
      .executeTakeFirst();
    if (leads)
      throw new HttpError(409, 'number_needed', `${before.name} leads in some events and needs a number.`);
  }
  await trx
    .updateTable('competitors')
    .set({
      ...(name !== undefined ? { name } : {}),
      ...(email !== undefined ? { email: email.toLowerCase() } : {}),
      ...(affiliation !== undefined ? { affiliation } : {}),
      ...(number !== undefined ? { number } : {}),
      ...(placedOut !== undefined ? { placed_out: toJson(placedOut) } : {}),
      ...(discount !== undefined ? { discount } : {}),
      version: before.version + 1,
    })
    .where('id', '=', before.id)
    .execute();
  if ((name !== undefined || email !== undefined) && before.person_id !== null) {
    const newName = name ?? before.name;
    const newEmail = email ?? before.email;
    // The same dancer (an email or the spelling of the name corrected): a later registration with the
    // corrected pair finds them. Another name is another dancer (a substitute partner): never given this
    // person's record, which every competition on the server relies on; linked as any new competitor.
    if (normalizeName(newName) === normalizeName(before.name))
      await addIdentity(trx, before.person_id, newName, newEmail);
    else
      await trx
        .updateTable('competitors')
        .set({ person_id: await linkPerson(trx, newName, newEmail) })
        .where('id', '=', before.id)
        .execute();
  }
  if (name !== undefined) {
    // The pair key is dropped, not recomputed: the duplicate check compares keyless rows by name.
    await trx
      .updateTable('entries')
      .set({ lead_name: name, pair_key: null })
      .where('lead_id', '=', before.id)
      .execute();
    await trx
      .updateTable('entries')
      .set({ follow_name: name, pair_key: null })
      .where('follow_id', '=', before.id)
      .execute();
  }
  if (number !== undefined && number !== null)
    await trx.updateTable('entries').set({ lead_number: number }).where('lead_id', '=', before.id).execute();
  // The dancer's entries are charged (or no longer) at the discount.
  if (discount !== undefined && discount !== before.discount) await billCompetitor(ctx, before.id);
  const given = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
  const after: AdminCompetitor = { ...view(), ...given, version: before.version + 1 };
  await ctx.audit({
    action: 'competitor.update',
    entity: 'competitor',
    entityId: before.id,
    before: view(),
    after,
  });
  return after;
}
