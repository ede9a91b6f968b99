/**
 * A couple registers: on the public form while registration is open, at the desk, or from an import.
 */
import { HttpError } from '../../errors.ts';
import type { CommandContext } from '../../http/command.ts';
import { toJson } from '../../http/json.ts';
import { feeOf, tierAt } from '../competitions/queries.ts';
import { insertEntries } from '../entries/commands.ts';
import { generateCode } from '../../../domain/codes.ts';
import { normalizeName } from '../../../domain/entries.ts';
import type { RegistrationTierName } from '../../../domain/registration.ts';
import { assertRegistrationOpen } from '../../../domain/fees.ts';
import { toCents, toUnits } from '../../../domain/money/feeRules.ts';
import { billRegistration, type BillingContext } from '../money/accounts.ts';
import { writePayment } from '../money/commands.ts';
import {
  checkEntries,
  mergePlacedOut,
  parsePlacedOut,
  samePerson,
} from '../../../domain/registrationRules.ts';
import {
  consentsByDancer,
  type Consents,
  type DancerInput,
  type PlacedOutMap,
  type RegisteredEntry,
  type RegistrationCreate,
  type RegistrationCreated,
  type RegistrationHeld,
} from '../../../domain/schemas/registration.ts';
import { refuse, underRegistrationRules } from './rules.ts';
import { DatabaseFacts, type KnownCompetitor, type RegistrationFacts } from './registrationFacts.ts';
import { holdIfSquatted } from './reviews.ts';
import { personStandings } from '../people/persons.ts';
import { mailConfirmation } from '../../mail/dancerMail.ts';
import type { Locale } from '../../../domain/i18n/locales.ts';

export interface RegisterOptions {
  now: Date;
  /** Admin desk and import: registration dates do not apply. */
  ignoreDates: boolean;
  /**
   * Admin desk and import: the levels declared placed out of are the organizer's record of the
   * dancers, kept on the competitor. From the public form they bind only this registration
   * (anyone can type a dancer's name and email).
   */
  organizerRecord: boolean;
  /** Import: the tier the couple registered in (its fee applies); otherwise the tier now. */
  tier?: RegistrationTierName;
  leadNumber?: number;
  /** Import: what the couple already paid (a carried-over payment on the account that bills them). */
  amountPaid?: number;
  /** Import: what it read once for the whole file (fileFacts.ts); otherwise the database. */
  facts?: RegistrationFacts;
  /** Where the confirmation's link points (links.ts `siteOrigin`). */
  origin: string;
}

export interface RegisterInput {
  lead: DancerInput;
  follow: DancerInput;
  affiliation: string;
  events: string[];
  consents: Consents;
  /** The language the couple registers in (their emails are worded in it); English if not said. */
  language?: Locale | undefined;
}

/**
 * Registers a couple inside the caller's transaction: competitors (a person already registered with the
 * same name and email is the same competitor), the registration with its hashed entry code and the fee
 * of the tier now, one entry per event, and the confirmation to each dancer's address. Throws before writing anything when a rule refuses.
 */
export async function registerCouple(
  ctx: BillingContext & Pick<CommandContext, 'entryCodes'>,
  input: RegisterInput,
  opts: RegisterOptions,
): Promise<RegistrationCreated> {
  const { trx, competition: c } = ctx;
  const tierNow = tierAt(c, opts.now);
  underRegistrationRules(() => assertRegistrationOpen(tierNow, 'register', opts.ignoreDates));
  const tier = opts.tier ?? tierNow.tier;
  const fee = feeOf(c, tier);

  if (normalizeName(input.lead.name) === normalizeName(input.follow.name))
    throw new HttpError(400, 'invalid', 'The lead and the follow must be two different people.', {
      problems: [],
      reason: 'same_person',
    });

  const facts = opts.facts ?? new DatabaseFacts(trx, c.id);
  const emails = [...new Set([input.lead.email, input.follow.email].map((e) => e.trim().toLowerCase()))];
  // `known` takes the first that is the same person: the oldest.
  const people = await facts.competitorsOf(emails);
  const known = (d: DancerInput) => people.find((p) => samePerson(p, d));
  const leadRow = known(input.lead);
  const followRow = known(input.follow);
  // What the dancer's record says (the organizer's), and what this registration declares on top.
  const leadRecord = leadRow ? parsePlacedOut(leadRow.placed_out) : {};
  const followRecord = followRow ? parsePlacedOut(followRow.placed_out) : {};
  const leadPlaced = mergePlacedOut(leadRecord, input.lead.placedOut ?? {});
  const followPlaced = mergePlacedOut(followRecord, input.follow.placedOut ?? {});

  const pair = { leadName: input.lead.name, followName: input.follow.name };
  const rules = await facts.ruleContext(input.events, pair);
  // Under YCN points, each dancer's points from every result on this server and imported ones.
  const ycn = c.eligibility === 'ycn';
  const standingsOf = async (d: DancerInput, row: KnownCompetitor | undefined) =>
    ycn ? personStandings(trx, row?.person_id ?? (await facts.personOf(d))) : [];
  const problems = checkEntries({
    eventKeys: input.events,
    events: rules.events,
    existing: rules.existing,
    lead: { name: input.lead.name, placedOut: leadPlaced, standings: await standingsOf(input.lead, leadRow) },
    follow: {
      name: input.follow.name,
      placedOut: followPlaced,
      standings: await standingsOf(input.follow, followRow),
    },
    eligibility: c.eligibility,
  });
  if (problems.length) refuse(problems);

  // The lead's number: kept if they already have one, else the given one (checked) or the next free.
  let leadNumber = leadRow?.number ?? null;
  if (leadNumber === null) {
    if (opts.leadNumber !== undefined) {
      if (await facts.numberTaken(opts.leadNumber))
        throw new HttpError(
          409,
          'number_taken',
          `Number ${opts.leadNumber} is already worn by another couple.`,
          { number: opts.leadNumber },
        );
      leadNumber = opts.leadNumber;
    } else {
      leadNumber = await facts.nextNumber();
    }
  }

  const nowIso = opts.now.toISOString();
  const record = (placed: PlacedOutMap, kept: PlacedOutMap) => (opts.organizerRecord ? placed : kept);
  const dancers = [
    { d: input.lead, row: leadRow, placed: record(leadPlaced, leadRecord), number: leadNumber },
    { d: input.follow, row: followRow, placed: record(followPlaced, followRecord), number: null },
  ];
  for (const { row, placed, number } of dancers) {
    if (!row) continue;
    const changed = { placed_out: toJson(placed), number: row.number ?? number, version: row.version + 1 };
    await trx.updateTable('competitors').set(changed).where('id', '=', row.id).execute();
    facts.competitorWritten({ ...row, ...changed });
  }
  // The new dancers' competitors in one insert. The same name and email in any competition is the
  // same person.
  const fresh = dancers.filter((x) => !x.row);
  const persons = await facts.linkPersons(fresh.map((x) => x.d));
  const values = fresh.map(({ d, placed, number }, i) => ({
    competition_id: c.id,
    name: d.name,
    email: d.email.toLowerCase(),
    affiliation: input.affiliation,
    number,
    placed_out: toJson(placed),
    created_at: nowIso,
    version: 1,
    person_id: persons[i]!,
  }));
  const created = !values.length
    ? []
    : await trx.insertInto('competitors').values(values).returning(['id', 'name']).execute();
  // Matched by name (the two differ; neither database promises RETURNING's order).
  const idOf = (x: (typeof dancers)[number]) => x.row?.id ?? created.find((r) => r.name === x.d.name)!.id;
  for (const v of values) facts.competitorWritten({ id: created.find((r) => r.name === v.name)!.id, ...v });
  const leadId = idOf(dancers[0]!);
  const followId = idOf(dancers[1]!);

  const entryCode = generateCode();
  const reg = await trx
    .insertInto('registrations')
    .values({
      competition_id: c.id,
      lead_id: leadId,
      follow_id: followId,
      affiliation: input.affiliation,
      entry_code_hash: ctx.entryCodes.hash(entryCode),
      tier,
      consents: toJson(consentsByDancer(input.consents)),
      placed_out: toJson({ lead: input.lead.placedOut ?? {}, follow: input.follow.placedOut ?? {} }),
      language: input.language ?? 'en',
      created_at: nowIso,
      version: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  const events = input.events.map((key) => rules.events.get(key)!);
  const rows = await insertEntries(
    trx,
    events.map((e) => ({
      competitionId: c.id,
      eventId: e.id,
      registrationId: reg.id,
      leadId,
      followId,
      leadName: input.lead.name,
      followName: input.follow.name,
      affiliation: input.affiliation,
      leadNumber,
      registeredTime: nowIso,
    })),
  );
  const entries: RegisteredEntry[] = events.map((e, i) => {
    facts.entryWritten(e.key, pair, reg.id);
    return {
      id: rows[i]!.id,
      eventKey: e.key,
      eventName: e.name,
      style: e.style,
      level: e.level,
      leadNumber,
      scratched: false,
    };
  });
  // What the entries cost (and admission, once per dancer) goes on the account that bills the couple.
  const billed = await billRegistration(ctx, reg.id, {
    now: opts.now,
    fresh: {
      events: events.map((e) => ({ eventId: e.id, name: e.name, fee: e.fee })),
      newDancers: !leadRow && !followRow,
      couple: {
        tier,
        affiliation: input.affiliation,
        lead: { id: leadId, name: input.lead.name },
        follow: { id: followId, name: input.follow.name },
      },
    },
    auditedByCaller: true,
  });
  const amountDue = toUnits(billed.lines.reduce((sum, l) => sum + l.amountCents, 0));
  if (opts.amountPaid && billed.account)
    await writePayment(ctx, {
      invoiceId: billed.account.id,
      amountCents: toCents(opts.amountPaid),
      method: 'carried_over',
      reference: 'Paid before import',
    });
  const teamPays = billed.account?.kind === 'team' ? input.affiliation : null;
  await ctx.audit({
    action: 'registration.create',
    entity: 'registration',
    entityId: reg.id,
    after: {
      lead: input.lead.name,
      follow: input.follow.name,
      affiliation: input.affiliation,
      events: input.events,
      tier,
      amountDue,
      leadNumber,
      // What was billed, and to which invoice (billRegistration leaves it to this record).
      billed: billed.lines.map((l) => ({
        invoiceId: l.invoiceId,
        description: l.description,
        amountCents: l.amountCents,
      })),
    },
  });
  // The confirmation commits with the registration, or neither does.
  await mailConfirmation(
    trx,
    c,
    {
      registrationId: reg.id,
      lead: input.lead,
      follow: input.follow,
      affiliation: input.affiliation,
      leadNumber,
      events,
      tier,
      feePerDancer: fee,
      amountDue,
      teamPays,
      language: input.language ?? 'en',
    },
    opts.origin,
    opts.now,
  );
  return {
    registrationId: reg.id,
    entryCode,
    entries,
    amountDue,
    currency: c.currency,
    tier,
    fee,
    leadNumber,
    lead: { id: leadId, name: input.lead.name },
    follow: { id: followId, name: input.follow.name },
  };
}

/**
 * A couple registers on the public form; an administrator at the desk, dates aside. On the public form a
 * pair already entered from other emails is held for the organizer instead of refused (reviews.ts).
 */
export async function register(
  ctx: CommandContext,
  body: RegistrationCreate,
  origin: string,
): Promise<RegistrationCreated | RegistrationHeld> {
  if (ctx.actor.kind === 'official')
    throw new HttpError(
      403,
      'forbidden',
      "An official's session may not register couples. Sign out, or ask an organizer at the desk.",
    );
  const organizer = ctx.role === 'admin';
  const now = new Date();
  try {
    return await registerCouple(ctx, body, {
      now,
      ignoreDates: organizer,
      organizerRecord: organizer,
      origin,
    });
  } catch (err) {
    // registerCouple refuses before writing anything, so the transaction is still clean here.
    const held = organizer ? null : await holdIfSquatted(ctx, body, err, now);
    if (held) return held;
    throw err;
  }
}
