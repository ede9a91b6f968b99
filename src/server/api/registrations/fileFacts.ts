/**
 * What a registration import reads once for its whole file instead of once per row (RegistrationFacts):
 * on PostgreSQL every statement is a round trip, and ~24 of them per row made a 3,000-row dry run take
 * 15 s. registerCouple keeps these facts up to date with what each row writes, so a row still meets the
 * earlier rows of the same file exactly as /register would meet them in the database. Valid only inside
 * the import's transaction, which holds the competition's turn: nothing else changes them meanwhile.
 */
import { sql } from 'kysely';
import type { Tx } from '../../http/db.ts';
import { pairKey, type Pair } from '../../../domain/entries.ts';
import { nextLeadNumber } from '../../../domain/registrationRules.ts';
import { linkPersons, personFor, PersonIndex } from '../people/persons.ts';
import { loadRuleEvents, type RuleContext, type RuleEventRow } from './rules.ts';
import type { RegisterInput } from './register.ts';
import {
  wornNumbers,
  type Dancer,
  type KnownCompetitor,
  type RegistrationFacts,
} from './registrationFacts.ts';
import { entriesWithEvent } from '../joins.ts';

type Existing = RuleContext['existing'][number] & { eventId: number };

/** Values per IN list: far below both databases' limit on bound parameters. */
const IN_BATCH = 500;

const emailKey = (email: string) => email.trim().toLowerCase();

function chunks<T>(list: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += IN_BATCH) out.push(list.slice(i, i + IN_BATCH));
  return out;
}

export class FileFacts implements RegistrationFacts {
  private constructor(
    private readonly trx: Tx,
    readonly events: Map<string, RuleEventRow>,
    /** By email key: the competitors registerCouple's lookup by the two emails would find. */
    private readonly competitors: Map<string, KnownCompetitor[]>,
    /** Entries of the file's events with one of the file's pair keys, by pair key; and those without. */
    private readonly byPair: Map<string, Existing[]>,
    private readonly unkeyed: Existing[],
    /** Numbers worn: by competitors and by ad hoc entries (numberTaken). */
    private readonly taken: Set<number>,
    private highest: number | null,
    private readonly persons: PersonIndex,
  ) {}

  /** `pause`: between two reads (slices in eventLoop.ts), as each may take milliseconds on SQLite. */
  static async load(
    trx: Tx,
    competitionId: number,
    rows: readonly RegisterInput[],
    pause: () => Promise<void>,
  ): Promise<FileFacts> {
    const events = await loadRuleEvents(trx, competitionId);
    const dancers = rows.flatMap((r) => [r.lead, r.follow]);

    const competitors = new Map<string, KnownCompetitor[]>();
    for (const chunk of chunks([...new Set(dancers.map((d) => emailKey(d.email)))])) {
      await pause();
      const found = await trx
        .selectFrom('competitors')
        .select(['id', 'name', 'email', 'number', 'placed_out', 'version', 'person_id'])
        .where('competition_id', '=', competitionId)
        .where(sql<string>`lower(trim(email))`, 'in', chunk)
        // In id order, as registerCouple reads them: the first that is the same person is the oldest.
        .orderBy('id')
        .execute();
      for (const c of found) push(competitors, emailKey(c.email), c);
    }

    const eventIds = [...new Set(rows.flatMap((r) => r.events))]
      .map((k) => events.get(k)?.id)
      .filter((id) => id !== undefined);
    const byPair = new Map<string, Existing[]>();
    const unkeyed: Existing[] = [];
    if (eventIds.length) {
      const candidates = () =>
        entriesWithEvent(trx)
          .select([
            'entries.event_id',
            'events.key as eventKey',
            'entries.lead_name',
            'entries.follow_name',
            'entries.registration_id',
            'entries.pair_key',
          ])
          .where('entries.event_id', 'in', eventIds);
      const found = await candidates().where('entries.pair_key', 'is', null).execute();
      const keys = [
        ...new Set(rows.map((r) => pairKey({ leadName: r.lead.name, followName: r.follow.name }))),
      ];
      for (const chunk of chunks(keys)) {
        await pause();
        found.push(...(await candidates().where('entries.pair_key', 'in', chunk).execute()));
      }
      for (const e of found) {
        const entry: Existing = {
          eventId: e.event_id,
          eventKey: e.eventKey,
          leadName: e.lead_name,
          followName: e.follow_name,
          registrationId: e.registration_id,
        };
        if (e.pair_key === null) unkeyed.push(entry);
        else push(byPair, e.pair_key, entry);
      }
    }

    await pause();
    const worn = await wornNumbers(trx, competitionId).execute();
    const competitorNumbers = await trx
      .selectFrom('competitors')
      .select((eb) => eb.fn.max('number').as('n'))
      .where('competition_id', '=', competitionId)
      .executeTakeFirst();
    const taken = new Set(worn.map((w) => w.number).filter((n) => n !== null));
    const persons = await PersonIndex.load(trx, dancers, pause);
    return new FileFacts(
      trx,
      events,
      competitors,
      byPair,
      unkeyed,
      taken,
      competitorNumbers?.n ?? null,
      persons,
    );
  }

  async competitorsOf(emails: readonly string[]): Promise<KnownCompetitor[]> {
    return emails.flatMap((e) => this.competitors.get(e) ?? []);
  }

  /** loadRuleContext, from memory. */
  async ruleContext(eventKeys: readonly string[], pair: Pair): Promise<RuleContext> {
    const ids = new Set(eventKeys.map((k) => this.events.get(k)?.id).filter((id) => id !== undefined));
    const inEvents = (list: readonly Existing[]) => list.filter((e) => ids.has(e.eventId));
    return {
      events: this.events,
      existing: [...inEvents(this.byPair.get(pairKey(pair)) ?? []), ...inEvents(this.unkeyed)].map(
        ({ eventKey, leadName, followName, registrationId }) => ({
          eventKey,
          leadName,
          followName,
          registrationId,
        }),
      ),
    };
  }

  async numberTaken(n: number): Promise<boolean> {
    return this.taken.has(n);
  }

  async nextNumber(): Promise<number> {
    return nextLeadNumber(this.highest === null ? [] : [this.highest], this.taken);
  }

  personOf(dancer: Dancer): Promise<number | null> {
    return personFor(this.trx, dancer.name, dancer.email, this.persons);
  }

  linkPersons(dancers: readonly Dancer[]): Promise<number[]> {
    return linkPersons(this.trx, dancers, this.persons);
  }

  competitorWritten(c: KnownCompetitor): void {
    const key = emailKey(c.email);
    const list = this.competitors.get(key) ?? [];
    const at = list.findIndex((x) => x.id === c.id);
    if (at >= 0) list[at] = c;
    else push(this.competitors, key, c);
    if (c.number !== null) {
      this.taken.add(c.number);
      this.highest = Math.max(this.highest ?? c.number, c.number);
    }
  }

  entryWritten(eventKey: string, pair: Pair, registrationId: number): void {
    const event = this.events.get(eventKey);
    if (!event) return;
    push(this.byPair, pairKey(pair), {
      eventId: event.id,
      eventKey,
      leadName: pair.leadName,
      followName: pair.followName,
      registrationId,
    });
  }
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
