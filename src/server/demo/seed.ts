import type { DB } from '../db/index.ts';
import { linkPerson } from '../api/people/persons.ts';
import { pairKey } from '../../domain/entries.ts';
import { seededRandom } from '../../domain/random.ts';
import type { Tx } from '../http/db.ts';
import { createCompetition } from '../api/competitions/commands.ts';
import { tierAt } from '../api/competitions/queries.ts';
import { addOfficial } from '../api/officials/commands.ts';
import { sortDances, type Style } from '../../domain/styles.ts';
import type { Level } from '../../domain/levels.ts';
import { eventKeyFromName } from '../../domain/events.ts';
import { generateCode } from '../../domain/codes.ts';
import { billRegistration, type BillingContext } from '../api/money/accounts.ts';
import { writePayment } from '../api/money/commands.ts';
import { audit } from '../audit.ts';
import { DEFAULT_ROUND_NAMING, generateRounds } from '../../domain/rounds/index.ts';
import { sha256 } from '../auth/passwords.ts';
import { insertRound } from '../api/rounds/transition.ts';
import {
  DEMO_OFFICIALS,
  DEMO_ORGANIZERS,
  DEMO_PAGES,
  DEMO_TEAMS,
  FIRST_NAMES_FOLLOWS,
  FIRST_NAMES_LEADS,
  LAST_NAMES,
} from './content.ts';
import { toJson } from '../http/json.ts';

interface DemoEvent {
  name: string;
  style: Style;
  level: Level;
  dances: string[];
}

const DEMO_EVENTS: DemoEvent[] = [
  { name: 'Newcomer Standard (W/Q)', style: 'Standard', level: 'Newcomer', dances: ['Waltz', 'Quickstep'] },
  {
    name: 'Bronze Standard (W/T/F)',
    style: 'Standard',
    level: 'Bronze',
    dances: ['Waltz', 'Tango', 'Foxtrot'],
  },
  {
    name: 'Silver Standard (W/T/F/Q)',
    style: 'Standard',
    level: 'Silver',
    dances: ['Waltz', 'Tango', 'Foxtrot', 'Quickstep'],
  },
  {
    name: 'Gold Standard (W/T/V/F/Q)',
    style: 'Standard',
    level: 'Gold',
    dances: ['Waltz', 'Tango', 'Viennese Waltz', 'Foxtrot', 'Quickstep'],
  },
  { name: 'Newcomer Latin (C/R)', style: 'Latin', level: 'Newcomer', dances: ['ChaCha', 'Rumba'] },
  { name: 'Bronze Latin (C/R/S)', style: 'Latin', level: 'Bronze', dances: ['ChaCha', 'Rumba', 'Samba'] },
  {
    name: 'Silver Latin (C/S/R/J)',
    style: 'Latin',
    level: 'Silver',
    dances: ['ChaCha', 'Samba', 'Rumba', 'Jive'],
  },
  {
    name: 'Open Latin (C/S/R/P/J)',
    style: 'Latin',
    level: 'Open',
    dances: ['ChaCha', 'Samba', 'Rumba', 'Paso Doble', 'Jive'],
  },
  { name: 'Bronze Smooth (W/T/F)', style: 'Smooth', level: 'Bronze', dances: ['Waltz', 'Tango', 'Foxtrot'] },
  {
    name: 'Silver Smooth (W/T/F/V)',
    style: 'Smooth',
    level: 'Silver',
    dances: ['Waltz', 'Tango', 'Foxtrot', 'Viennese Waltz'],
  },
  { name: 'Bronze Rhythm (C/R/Sw)', style: 'Rhythm', level: 'Bronze', dances: ['ChaCha', 'Rumba', 'Swing'] },
  {
    name: 'Silver Rhythm (C/R/Sw/B/M)',
    style: 'Rhythm',
    level: 'Silver',
    dances: ['ChaCha', 'Rumba', 'Swing', 'Bolero', 'Mambo'],
  },
  { name: 'Open Nightclub Salsa', style: 'Nightclub', level: 'Open', dances: ['Salsa'] },
  { name: 'Open Nightclub Bachata', style: 'Nightclub', level: 'Open', dances: ['Bachata'] },
];

/** Couples per level; each enters its level's events in two to four styles. */
const COUPLES_BY_LEVEL: [Level, number][] = [
  ['Newcomer', 16],
  ['Bronze', 14],
  ['Silver', 10],
  ['Gold', 8],
];

/** Deterministic so every fresh demo is the same. */
const prng = seededRandom;

const DAY = 86_400_000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The demo's first day: the first Saturday at least two weeks after `now`, so the weekend its Details
 * page describes (content.ts: Saturday, Sunday) is the one its dates name.
 */
export function demoStart(now: Date): Date {
  const earliest = new Date(now.getTime() + 14 * DAY);
  return new Date(earliest.getTime() + ((6 - earliest.getUTCDay() + 7) % 7) * DAY);
}

export interface DemoResult {
  key: string;
  codes: { name: string; role: string; id: number; accessCode: string }[];
}

/** Creates the demo competition, dated around `now`, in one transaction. */
export async function seedDemo(db: DB, key = 'demo', now = new Date()): Promise<DemoResult> {
  return db.transaction().execute(async (trx) => {
    const start = demoStart(now);
    const c = await createCompetition(
      trx,
      {
        key,
        fullName: 'Riverside Collegiate DanceSport Classic 2026',
        primaryColor: '#7b2cbf',
        timeZone: 'America/New_York',
        startDate: isoDay(start),
        endDate: isoDay(new Date(start.getTime() + DAY)),
        // Deadlines: the early fee ended ten days ago, the regular fee runs to a week before, late
        // entries to three days before the competition.
        dateRegistrationEarly: new Date(now.getTime() - 10 * DAY).toISOString(),
        dateRegistrationOpen: new Date(start.getTime() - 7 * DAY).toISOString(),
        dateRegistrationClosed: new Date(start.getTime() - 3 * DAY).toISOString(),
        paymentTierEarly: 25,
        paymentTierOpen: 35,
        paymentTierLate: 45,
        currency: 'USD',
        resultsPageShown: false,
        socials: {
          website: 'https://ballroom.riverside.example.edu',
          facebook: 'https://www.facebook.com/riversideballroom',
          instagram: '@riverside_ballroom',
        },
        pages: DEMO_PAGES,
        organizers: DEMO_ORGANIZERS.map((o) => ({ ...o, photoURL: '' })),
      },
      'system:demo',
    );
    const codes: DemoResult['codes'] = [];
    for (const o of DEMO_OFFICIALS) {
      const created = await addOfficial(
        trx,
        c.id,
        { name: o.name, role: o.role, bio: o.bio, photoURL: '' },
        'system:demo',
        // Bare, as the app that holds the secret is not built yet: keyed when it starts (auth/entryCodes.ts).
        sha256,
      );
      codes.push({ name: o.name, role: o.role, id: created.id, accessCode: created.accessCode });
    }
    await seedEventsAndCouples(trx, c.id, now);
    await seedRounds(trx, c.id);
    return { key, codes };
  });
}

async function seedEventsAndCouples(trx: Tx, competitionId: number, now: Date): Promise<void> {
  const rand = prng(2026);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;
  const eventIds = new Map<string, number>();
  for (const [i, e] of DEMO_EVENTS.entries()) {
    const row = await trx
      .insertInto('events')
      .values({
        competition_id: competitionId,
        key: eventKeyFromName(e.name),
        name: e.name,
        style: e.style,
        level: e.level,
        dances: toJson(sortDances(e.dances, e.style)),
        sort_order: i,
        round_naming: DEFAULT_ROUND_NAMING,
        version: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    eventIds.set(e.name, row.id);
  }
  const comp = await trx
    .selectFrom('competitions')
    .selectAll()
    .where('id', '=', competitionId)
    .executeTakeFirstOrThrow();

  let number = 100;
  let couple = 0;
  const usedNames = new Set<string>();
  const uniqueName = (first: readonly string[]) => {
    for (;;) {
      const n = `${pick(first)} ${pick(LAST_NAMES)}`;
      if (!usedNames.has(n)) {
        usedNames.add(n);
        return n;
      }
    }
  };
  for (const [level, count] of COUPLES_BY_LEVEL) {
    const levelEvents = DEMO_EVENTS.filter(
      (e) =>
        (level === 'Gold' ? e.level === 'Gold' || e.level === 'Open' : e.level === level) &&
        e.style !== 'Nightclub',
    );
    for (let i = 0; i < count; i++, couple++) {
      const team = pick(DEMO_TEAMS);
      const registeredAt = new Date(now.getTime() - (48 - couple) * DAY + Math.floor(rand() * DAY));
      const tier = tierAt(comp, registeredAt);
      const leadName = uniqueName(FIRST_NAMES_LEADS);
      const followName = uniqueName(FIRST_NAMES_FOLLOWS);
      const email = (n: string) => `${n.toLowerCase().replace(/[^a-z]+/g, '.')}@students.example.edu`;
      const leadNumber = number++;
      const lead = await trx
        .insertInto('competitors')
        .values({
          competition_id: competitionId,
          name: leadName,
          email: email(leadName),
          person_id: await linkPerson(trx, leadName, email(leadName)),
          affiliation: team,
          number: leadNumber,
          placed_out: '{}',
          created_at: registeredAt.toISOString(),
          version: 1,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const follow = await trx
        .insertInto('competitors')
        .values({
          competition_id: competitionId,
          name: followName,
          email: email(followName),
          person_id: await linkPerson(trx, followName, email(followName)),
          affiliation: team,
          number: null,
          placed_out: '{}',
          created_at: registeredAt.toISOString(),
          version: 1,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const paid = rand() < 0.4;
      const reg = await trx
        .insertInto('registrations')
        .values({
          competition_id: competitionId,
          lead_id: lead.id,
          follow_id: follow.id,
          affiliation: team,
          // A code nobody is told; keyed when the app starts, like every code stored bare (auth/entryCodes.ts).
          entry_code_hash: sha256(generateCode()),
          tier: tier.tier,
          consents: toJson({
            lead: { liability: true, media: rand() < 0.8 },
            follow: { liability: true, media: rand() < 0.8 },
          }),
          created_at: registeredAt.toISOString(),
          version: 1,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // Newcomers dance both their events; others two to four of their level's styles.
      const shuffled = [...levelEvents].sort(() => rand() - 0.5);
      const chosen =
        level === 'Newcomer'
          ? [...levelEvents]
          : shuffled.slice(0, 2 + Math.floor(rand() * Math.min(3, shuffled.length - 1)));
      if (rand() < 0.3) chosen.push(pick(DEMO_EVENTS.filter((e) => e.style === 'Nightclub')));
      for (const e of chosen) {
        await trx
          .insertInto('entries')
          .values({
            competition_id: competitionId,
            event_id: eventIds.get(e.name) as number,
            registration_id: reg.id,
            lead_id: lead.id,
            follow_id: follow.id,
            lead_name: leadName,
            follow_name: followName,
            pair_key: pairKey({ leadName, followName }),
            affiliation: team,
            lead_number: leadNumber,
            registered_time: registeredAt.toISOString(),
            checked_in: 0,
            scratched: 0,
            version: 1,
          })
          .execute();
      }
      // Billed as a registration is; four in ten paid in full at registration.
      const billing = { trx, competition: comp, who: DEMO_ACTOR, audit: demoAudit(trx, competitionId) };
      const billed = await billRegistration(billing, reg.id, { now: registeredAt });
      const owed = billed.lines.reduce((sum, l) => sum + l.amountCents, 0);
      if (paid && owed > 0 && billed.account)
        await writePayment(billing, {
          invoiceId: billed.account.id,
          amountCents: owed,
          method: 'card',
          reference: 'Paid at registration',
        });
    }
  }
}

const DEMO_ACTOR = 'system:demo';
const demoAudit =
  (trx: Tx, competitionId: number): BillingContext['audit'] =>
  (r) =>
    audit(trx, { ...r, competitionId, actor: r.actor ?? DEMO_ACTOR });

/**
 * Rounds from each event's entry count, and a running order that dances every event's earliest rounds
 * first and the finals last, as a real day is run.
 */
async function seedRounds(trx: Tx, competitionId: number): Promise<void> {
  const events = await trx
    .selectFrom('events')
    .leftJoin('entries', 'entries.event_id', 'events.id')
    .select(['events.id', 'events.sort_order', (eb) => eb.fn.count<number>('entries.id').as('n')])
    .where('events.competition_id', '=', competitionId)
    .groupBy(['events.id', 'events.sort_order'])
    .orderBy('events.sort_order')
    .orderBy('events.id')
    .execute();
  const planned = events.flatMap((e) => {
    const rounds = generateRounds(Number(e.n));
    return rounds.map((r) => ({
      eventId: e.id,
      order: e.sort_order,
      fromEnd: rounds.length - r.roundNumber,
      r,
    }));
  });
  planned.sort((a, b) => b.fromEnd - a.fromEnd || a.order - b.order);
  for (const [i, p] of planned.entries()) {
    await insertRound(trx, {
      competition_id: competitionId,
      event_id: p.eventId,
      round_number: p.r.roundNumber,
      round_name: p.r.roundName,
      schedule_index: i + 1,
      recall_size: p.r.recallSize,
      roundState: p.r.roundState,
    });
  }
}
