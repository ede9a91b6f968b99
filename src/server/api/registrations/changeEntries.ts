/**
 * A couple (with their entry code) or the organizer adds and drops events of one registration.
 */
import { HttpError } from '../../errors.ts';
import { assertVersion, type CommandContext } from '../../http/command.ts';
import { insertEntry } from '../entries/commands.ts';
import {
  checkEntries,
  mergePlacedOut,
  parseDeclaredPlacedOut,
  parsePlacedOut,
  type EntryProblem,
} from '../../../domain/registrationRules.ts';
import { ownRegistration, registrationEntries } from './queries.ts';
import { registrationWithCouple } from '../joins.ts';
import { loadRuleContext, refuse } from './rules.ts';
import { personStandings } from '../people/persons.ts';
import { entriesInRounds } from '../rounds/queries.ts';
import { mailEntriesChanged } from '../../mail/dancerMail.ts';
import { entriesChangeOf } from '../../../domain/messages/entriesChanged.ts';
import { billRegistration } from '../money/accounts.ts';

/**
 * Adds and drops events of one registration under the same rules as registering; the registration's
 * version goes up so two people changing the same entries notice each other. Dropping an event whose
 * rounds already hold the couple is refused: that is a scratch, for the organizer. Both dancers are told
 * what changed.
 */
export async function changeEntries(
  ctx: CommandContext,
  registrationId: number,
  change: { add: string[]; drop: string[]; version?: number | undefined },
  /** Where the link in the dancers' message points (links.ts `siteOrigin`). */
  origin: string,
  /** Who acted, when not the session: the couple by their entry code. */
  actor?: string,
): Promise<void> {
  const { trx, competition: c } = ctx;
  const reg = await registrationWithCouple(trx)
    .select([
      'registrations.id',
      'registrations.version',
      'registrations.affiliation',
      'registrations.placed_out as declared',
      'l.id as leadId',
      'l.name as leadName',
      'l.number as leadNumber',
      'l.placed_out as leadPlaced',
      'l.person_id as leadPerson',
      'f.id as followId',
      'f.name as followName',
      'f.placed_out as followPlaced',
      'f.person_id as followPerson',
    ])
    .where('registrations.id', '=', registrationId)
    .where('registrations.competition_id', '=', c.id)
    .executeTakeFirst();
  if (!reg) throw new HttpError(404, 'not_found', 'That registration was not found.');
  await assertVersion(
    change.version,
    reg.version,
    {
      message:
        'These entries were changed after you loaded them (by you in another window, or by the organizer). Your change was not saved; the current entries are attached.',
    },
    () => ownRegistration(trx, c, registrationId),
  );
  if (change.add.length === 0 && change.drop.length === 0)
    throw new HttpError(400, 'invalid', 'Choose at least one event to add or drop.', {
      reason: 'no_change',
    });
  const overlap = change.add.filter((k) => change.drop.includes(k));
  if (overlap.length)
    throw new HttpError(
      400,
      'invalid',
      `An event cannot be added and dropped at once: ${overlap.join(', ')}.`,
    );

  // The dancers' records plus what this registration declared (a declaration binds only its own).
  const declared = parseDeclaredPlacedOut(reg.declared);
  const rules = await loadRuleContext(trx, c.id, change.add, {
    leadName: reg.leadName,
    followName: reg.followName,
  });
  const own = await registrationEntries(trx, registrationId);
  const ycn = c.eligibility === 'ycn' && change.add.length > 0;
  const problems: EntryProblem[] = [];
  for (const key of change.drop) {
    const ev = rules.events.get(key);
    if (!ev) problems.push({ code: 'unknown_event', eventKey: key, message: `There is no event "${key}".` });
    else if (!own.some((e) => e.eventKey === key))
      problems.push({ code: 'unknown_event', eventKey: key, message: `You are not entered in ${ev.name}.` });
  }
  problems.push(
    ...checkEntries({
      eventKeys: change.add,
      events: rules.events,
      existing: rules.existing,
      lead: {
        name: reg.leadName,
        placedOut: mergePlacedOut(parsePlacedOut(reg.leadPlaced), declared.lead),
        standings: ycn ? await personStandings(trx, reg.leadPerson) : [],
      },
      follow: {
        name: reg.followName,
        placedOut: mergePlacedOut(parsePlacedOut(reg.followPlaced), declared.follow),
        standings: ycn ? await personStandings(trx, reg.followPerson) : [],
      },
      eligibility: c.eligibility,
    }),
  );
  if (problems.length) refuse(problems);

  const dropped = own.filter((e) => change.drop.includes(e.eventKey));
  if (dropped.length) {
    const drawn = await entriesInRounds(
      trx,
      dropped.map((d) => d.id),
    );
    if (drawn.size) {
      const names = dropped.filter((d) => drawn.has(d.id)).map((d) => d.eventName);
      throw new HttpError(
        409,
        'entry_in_rounds',
        `${names.join(', ')} already has its heats drawn with you in them; ask the organizer to scratch you instead.`,
      );
    }
    await trx
      .deleteFrom('entries')
      .where(
        'id',
        'in',
        dropped.map((d) => d.id),
      )
      .execute();
  }
  const nowIso = new Date().toISOString();
  for (const key of change.add) {
    const e = rules.events.get(key)!;
    await insertEntry(trx, {
      competitionId: c.id,
      eventId: e.id,
      registrationId: reg.id,
      leadId: reg.leadId,
      followId: reg.followId,
      leadName: reg.leadName,
      followName: reg.followName,
      affiliation: reg.affiliation,
      leadNumber: reg.leadNumber ?? 0,
      registeredTime: nowIso,
    });
  }
  await trx
    .updateTable('registrations')
    .set({ version: reg.version + 1 })
    .where('id', '=', reg.id)
    .execute();
  // Added events are charged; dropped ones credited before the refund deadline.
  await billRegistration(actor ? { ...ctx, who: actor } : ctx, reg.id);
  await ctx.audit({
    ...(actor ? { actor } : {}),
    action: 'registration.entries',
    entity: 'registration',
    entityId: reg.id,
    before: { events: own.map((e) => e.eventKey) },
    after: {
      events: [...own.filter((e) => !change.drop.includes(e.eventKey)).map((e) => e.eventKey), ...change.add],
      added: change.add,
      dropped: change.drop,
    },
  });
  const added = change.add.map((key) => rules.events.get(key)!);
  const removed = dropped.map((d) => ({ name: d.eventName, style: d.style }));
  await mailEntriesChanged(trx, c, reg.id, entriesChangeOf(removed, added), origin);
}
