/**
 * What registering a couple reads: the competitors the two emails may be, the entry rules' context, the
 * numbers worn and the dancers' persons. Two sources answer alike: the database, for one couple at a
 * time (/register, the desk, an accepted review), and what an import read once for its whole file
 * (FileFacts, fileFacts.ts). registerCouple reads only through this interface and tells it what it
 * wrote, so a preloaded file's later rows meet its earlier ones as /register would in the database.
 */
import { sql } from 'kysely';
import type { Tx } from '../../http/db.ts';
import type { Pair } from '../../../domain/entries.ts';
import { nextLeadNumber } from '../../../domain/registrationRules.ts';
import { linkPersons, personFor } from '../people/persons.ts';
import { loadRuleContext, type RuleContext } from './rules.ts';

/** A competitor as registerCouple reads it. */
export interface KnownCompetitor {
  id: number;
  name: string;
  email: string;
  number: number | null;
  placed_out: string;
  version: number;
  person_id: number | null;
}

export interface Dancer {
  name: string;
  email: string;
}

export interface RegistrationFacts {
  /** The competitors with one of these email keys (trimmed, lower case), oldest first. */
  competitorsOf(emails: readonly string[]): Promise<KnownCompetitor[]>;
  /** What the entry rules need for the couple's events (loadRuleContext). */
  ruleContext(eventKeys: readonly string[], pair: Pair): Promise<RuleContext>;
  /** Whether a competitor or an ad hoc entry wears the number already (wornNumbers). */
  numberTaken(n: number): Promise<boolean>;
  /** The next free number: after the highest competitor's, skipping any worn. */
  nextNumber(): Promise<number>;
  /** The person a dancer registering with this name and email is (personFor), or null. */
  personOf(dancer: Dancer): Promise<number | null>;
  /** The persons of a couple's new dancers, made when none is found (linkPersons). */
  linkPersons(dancers: readonly Dancer[]): Promise<number[]>;
  /** A competitor was written (inserted, or updated to these values). */
  competitorWritten(c: KnownCompetitor): void;
  /** An entry was written for a registration of this pair. */
  entryWritten(eventKey: string, pair: Pair, registrationId: number): void;
}

/** The facts of one registration, read from the database inside its transaction. */
export class DatabaseFacts implements RegistrationFacts {
  constructor(
    private readonly trx: Tx,
    private readonly competitionId: number,
  ) {}

  competitorsOf(emails: readonly string[]): Promise<KnownCompetitor[]> {
    // Only the competitors with one of the two emails can be the same people (indexed: the cost of a
    // registration must not grow with the table).
    return (
      this.trx
        .selectFrom('competitors')
        .select(['id', 'name', 'email', 'number', 'placed_out', 'version', 'person_id'])
        .where('competition_id', '=', this.competitionId)
        .where(sql<string>`lower(trim(email))`, 'in', [...emails])
        // The first that is the same person is the oldest, on every database.
        .orderBy('id')
        .execute()
    );
  }

  ruleContext(eventKeys: readonly string[], pair: Pair): Promise<RuleContext> {
    return loadRuleContext(this.trx, this.competitionId, eventKeys, pair);
  }

  async numberTaken(n: number): Promise<boolean> {
    return (await wornNumbers(this.trx, this.competitionId, n).limit(1).executeTakeFirst()) !== undefined;
  }

  async nextNumber(): Promise<number> {
    const highest = await this.trx
      .selectFrom('competitors')
      .select((eb) => eb.fn.max('number').as('n'))
      .where('competition_id', '=', this.competitionId)
      .executeTakeFirst();
    let n = nextLeadNumber(highest?.n == null ? [] : [highest.n], new Set());
    while (await this.numberTaken(n)) n++;
    return n;
  }

  personOf(dancer: Dancer): Promise<number | null> {
    return personFor(this.trx, dancer.name, dancer.email);
  }

  linkPersons(dancers: readonly Dancer[]): Promise<number[]> {
    return linkPersons(this.trx, dancers);
  }

  // The database holds what was written: nothing to keep up to date.
  competitorWritten(): void {}
  entryWritten(): void {}
}

/**
 * The numbers worn in a competition: by competitors, and by ad hoc entries (no lead competitor) —
 * only `n` when given (indexed). One rule for a registration's check and an import's read of them all.
 */
export function wornNumbers(trx: Tx, competitionId: number, n?: number) {
  return trx
    .selectFrom('competitors')
    .select('number')
    .where('competition_id', '=', competitionId)
    .where('number', n === undefined ? 'is not' : '=', n ?? null)
    .unionAll(
      trx
        .selectFrom('entries')
        .select('lead_number as number')
        .where('competition_id', '=', competitionId)
        .where('lead_id', 'is', null)
        .$if(n !== undefined, (q) => q.where('lead_number', '=', n!)),
    );
}
