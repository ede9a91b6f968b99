/**
 * Persons: one dancer across every competition of the server. How a competitor finds its
 * person, and what a person has danced (on this server and imported) with the points it earned.
 */
import type { Db, Tx } from '../../http/db.ts';
import { fromJson } from '../../http/json.ts';
import { notFound } from '../../errors.ts';
import { normalizeName } from '../../../domain/entries.ts';
import { isLevel } from '../../../domain/levels.ts';
import { isStyle } from '../../../domain/styles.ts';
import { dancerEntryColumns, entryStanding, publicRoundResults } from '../rounds/publicResults/queries.ts';
import { standings, type Placing, type Standing } from '../../../domain/proficiency/ycn.ts';
import type { PersonResult } from '../../../domain/schemas/people.ts';
import { entriesWithEvent, roundEntriesWithRound } from '../joins.ts';

const emailKey = (email: string) => email.trim().toLowerCase();

/**
 * The person known by this name AND email, or null. The email alone is not enough: anyone may type
 * anyone's email on the public form, and that must not attach them (or their results) to its owner.
 * Finding a dancer's person reads through PersonIndex; this reads who owns an identity after a write
 * that may have met another command's.
 */
async function findPerson(db: Db, name: string, email: string): Promise<number | null> {
  const key = emailKey(email);
  if (!key) return null;
  const row = await db
    .selectFrom('person_identities')
    .select('person_id')
    .where('name_key', '=', normalizeName(name))
    .where('email', '=', key)
    .executeTakeFirst();
  return row?.person_id ?? null;
}

interface Dancer {
  name: string;
  email: string;
}

/**
 * New persons (and, with an email, the identity a later registration finds each by), two statements
 * for all of them. The dancers' names differ (normalized), as a couple's do.
 */
async function newPersons(trx: Tx, dancers: readonly Dancer[], index: PersonIndex): Promise<number[]> {
  const created = await trx
    .insertInto('persons')
    .values(dancers.map((d) => ({ name: d.name.trim(), name_key: normalizeName(d.name) })))
    .returning(['id', 'name_key'])
    .execute();
  // Matched by name (neither database promises RETURNING's order).
  const ids = dancers.map((d) => created.find((c) => c.name_key === normalizeName(d.name))!.id);
  const identified = dancers.flatMap((d, i) =>
    emailKey(d.email)
      ? [{ name_key: normalizeName(d.name), email: emailKey(d.email), person_id: ids[i]! }]
      : [],
  );
  // Another competition's command may have made such an identity meanwhile (PostgreSQL: commands of
  // different competitions run side by side): then that person is the dancer, and ours is not needed.
  const ours = !identified.length
    ? []
    : await trx
        .insertInto('person_identities')
        .values(identified)
        .onConflict((oc) => oc.columns(['name_key', 'email']).doNothing())
        .returning('person_id')
        .execute();
  const persons: number[] = [];
  for (const [i, d] of dancers.entries()) {
    let person = ids[i]!;
    const key = emailKey(d.email);
    if (!key) index.bare(d.name, person);
    else {
      if (!ours.some((o) => o.person_id === person)) {
        const owner = await findPerson(trx, d.name, key);
        if (owner !== null && owner !== person) {
          await trx.deleteFrom('persons').where('id', '=', person).execute();
          person = owner;
        }
      }
      index.identified(d.name, key, person);
    }
    persons.push(person);
  }
  return persons;
}

/**
 * The person a dancer registering with this name and email is or will be (linkPerson), or null.
 * `index`: the persons an import read once for its whole file; otherwise read for this dancer.
 */
export async function personFor(
  db: Db,
  name: string,
  email: string,
  index?: PersonIndex,
): Promise<number | null> {
  const persons = index ?? (await PersonIndex.load(db, [{ name, email }]));
  return persons.find(name, email) ?? (emailKey(email) ? persons.importedOnly(name) : null);
}

/**
 * The person a new competitor is: the one with its name and email; else the one of its name known only
 * from imported results (who then gets this email); else a new one. `index`: what an import read once
 * for its whole file (PersonIndex), kept up to date here.
 */
export async function linkPerson(trx: Tx, name: string, email: string, index?: PersonIndex): Promise<number> {
  return (await linkPersons(trx, [{ name, email }], index))[0]!;
}

/** linkPerson for a couple's new dancers (names that differ), the new persons made together. */
export async function linkPersons(
  trx: Tx,
  dancers: readonly Dancer[],
  index?: PersonIndex,
): Promise<number[]> {
  const known = index ?? (await PersonIndex.load(trx, dancers));
  const persons: (number | null)[] = [];
  for (const { name, email } of dancers) {
    let person = known.find(name, email);
    const imported = person === null && emailKey(email) ? known.importedOnly(name) : null;
    if (imported !== null) {
      await addIdentity(trx, imported, name, email);
      person = (await findPerson(trx, name, email)) ?? imported;
      known.identified(name, emailKey(email), person, person === imported ? imported : undefined);
    }
    persons.push(person);
  }
  const fresh = dancers.filter((_, i) => persons[i] === null);
  const made = fresh.length ? await newPersons(trx, fresh, known) : [];
  return persons.map((p) => p ?? made.shift()!);
}

/** Rows per IN list: far below both databases' limit on bound parameters. */
const IN_BATCH = 500;

/**
 * The persons the dancers being registered can meet, read in one batch: for one couple, or once for a
 * whole import file (on PostgreSQL every lookup is a round trip). The only way persons are found;
 * linkPerson keeps it up to date with the persons and identities it writes. Asking about a dancer it
 * was not loaded for is a programming error.
 */
export class PersonIndex {
  /** name key + email → person, for every email of the file. */
  private readonly byIdentity = new Map<string, number>();
  private readonly emails = new Set<string>();
  /** name key → the live persons of that name known by no email, for every name of the file. */
  private readonly bareByName = new Map<string, number[]>();

  static async load(
    db: Db,
    dancers: readonly { name: string; email: string }[],
    pause: () => Promise<void> = async () => {},
  ): Promise<PersonIndex> {
    const index = new PersonIndex();
    const emails = [...new Set(dancers.map((d) => emailKey(d.email)).filter(Boolean))];
    const names = [...new Set(dancers.map((d) => normalizeName(d.name)))];
    for (let i = 0; i < emails.length; i += IN_BATCH) {
      const chunk = emails.slice(i, i + IN_BATCH);
      await pause();
      const rows = await db
        .selectFrom('person_identities')
        .select(['name_key', 'email', 'person_id'])
        .where('email', 'in', chunk)
        .execute();
      chunk.forEach((e) => index.emails.add(e));
      for (const r of rows) index.byIdentity.set(`${r.name_key}\n${r.email}`, r.person_id);
    }
    for (let i = 0; i < names.length; i += IN_BATCH) {
      const chunk = names.slice(i, i + IN_BATCH);
      await pause();
      const rows = await db
        .selectFrom('persons')
        .select(['persons.id', 'persons.name_key'])
        .where('persons.name_key', 'in', chunk)
        .where('persons.merged_into', 'is', null)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('person_identities')
                .select('person_identities.person_id')
                .whereRef('person_identities.person_id', '=', 'persons.id'),
            ),
          ),
        )
        .execute();
      for (const n of chunk) index.bareByName.set(n, []);
      for (const r of rows) index.bareByName.get(r.name_key)?.push(r.id);
    }
    return index;
  }

  /** The person known by this name and email, or null (none without an email). */
  find(name: string, email: string): number | null {
    const key = emailKey(email);
    if (!key) return null;
    if (!this.emails.has(key)) throw new Error(`PersonIndex: the email of ${name} was not loaded`);
    return this.byIdentity.get(`${normalizeName(name)}\n${key}`) ?? null;
  }

  /**
   * The only person of this name known by no email at all — made by a site administrator's import of
   * results from elsewhere (importResults.ts) — or null. Such a dancer's first registration here is
   * them: else their imported points would never count (a stranger of the same name is split off by an
   * administrator, people/admin.ts, as any wrong link).
   */
  importedOnly(name: string): number | null {
    const bare = this.bareByName.get(normalizeName(name));
    if (!bare) throw new Error(`PersonIndex: the name ${name} was not loaded`);
    return bare.length === 1 ? bare[0]! : null;
  }

  /** A person got this identity (one known only by name until then: `wasBare`). */
  identified(name: string, email: string, person: number, wasBare?: number): void {
    if (this.emails.has(email)) this.byIdentity.set(`${normalizeName(name)}\n${email}`, person);
    if (wasBare === undefined) return;
    const bare = this.bareByName.get(normalizeName(name));
    if (bare)
      this.bareByName.set(
        normalizeName(name),
        bare.filter((id) => id !== wasBare),
      );
  }

  /** A new person known by no email. */
  bare(name: string, person: number): void {
    this.bareByName.get(normalizeName(name))?.push(person);
  }
}

/**
 * The organizer corrected a competitor's name or email: a later registration with the corrected pair
 * joins the same person (unless that pair is already someone else's).
 */
export async function addIdentity(trx: Tx, personId: number, name: string, email: string): Promise<void> {
  const key = emailKey(email);
  if (!key) return;
  await trx
    .insertInto('person_identities')
    .values({ name_key: normalizeName(name), email: key, person_id: personId })
    .onConflict((oc) => oc.columns(['name_key', 'email']).doNothing())
    .execute();
}

/** A person by id; a merged one answers as the person it was merged into. 404 when none. */
export async function livePerson(db: Db, id: number): Promise<{ id: number; name: string; version: number }> {
  const row = await db
    .selectFrom('persons')
    .select(['id', 'name', 'merged_into', 'version'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound(`Person #${id}`);
  if (row.merged_into === null) return row;
  // Merging re-points every earlier merge, so one step always reaches the live person.
  return livePerson(db, row.merged_into);
}

interface Posted {
  event_id: number;
  round_number: number;
  round_name: string;
  kind: 'recall' | 'final';
  placements: string;
  recalled: string | null;
}

/**
 * Everything the person has entered on this server (with what is posted of it: the round reached, the
 * place) and every imported result, newest first. Public data: the entries and results pages publish
 * the same.
 */
export async function personResults(db: Db, personId: number): Promise<PersonResult[]> {
  const competitors = await db
    .selectFrom('competitors')
    .select('id')
    .where('person_id', '=', personId)
    .execute();
  const ids = competitors.map((c) => c.id);
  const entries = !ids.length
    ? []
    : await entriesWithEvent(db)
        .innerJoin('competitions', 'competitions.id', 'entries.competition_id')
        .select([
          ...dancerEntryColumns,
          'events.key as eventKey',
          'events.name as eventName',
          'events.style',
          'events.level',
          'events.dances',
          'events.sort_order',
          'competitions.key as competitionKey',
          'competitions.full_name as competitionName',
          'competitions.start_date as date',
        ])
        .where((eb) => eb.or([eb('entries.lead_id', 'in', ids), eb('entries.follow_id', 'in', ids)]))
        // The sort below is stable and onceEach keeps the first of a repeated result: ties in entry order.
        .orderBy('entries.id')
        .execute();
  const eventIds = [...new Set(entries.map((e) => e.event_id))];
  const entryIds = entries.map((e) => e.id);
  const [posted, danced] = await Promise.all([
    !eventIds.length
      ? []
      : (publicRoundResults(db)
          .select([
            'rounds.event_id',
            'rounds.round_number',
            'rounds.round_name',
            'round_results.kind',
            'round_results.placements',
            'round_results.recalled',
          ])
          .where('rounds.event_id', 'in', eventIds)
          .orderBy('rounds.round_number')
          .execute() as Promise<Posted[]>),
    !entryIds.length
      ? []
      : roundEntriesWithRound(db)
          .select(['round_entries.entry_id', 'rounds.round_number', 'rounds.round_name'])
          .where('round_entries.entry_id', 'in', entryIds)
          .orderBy('rounds.round_number')
          .execute(),
  ]);
  const here: (PersonResult & { order: number })[] = [];
  for (const e of entries) {
    // Nothing posted yet (null): entered only.
    const standing = entryStanding(e, posted, danced);
    const lead = ids.includes(e.lead_id ?? -1);
    here.push({
      competitionKey: e.competitionKey,
      competitionName: e.competitionName,
      date: e.date,
      eventKey: e.eventKey,
      eventName: e.eventName,
      style: e.style,
      level: e.level,
      dances: fromJson<string[]>(e.dances, []),
      role: lead ? 'lead' : 'follow',
      partner: lead ? e.follow_name : e.lead_name,
      roundReached: standing?.roundReached ?? null,
      place: standing?.place ?? null,
      roundsDanced: standing?.roundsDanced ?? null,
      imported: false,
      entered: standing === null,
      order: e.sort_order,
    });
  }
  const imported = await db
    .selectFrom('person_results')
    .selectAll()
    .where((eb) => eb.or([eb('lead_person_id', '=', personId), eb('follow_person_id', '=', personId)]))
    .orderBy('id')
    .execute();
  const elsewhere: (PersonResult & { order: number })[] = imported.map((r) => {
    const dances = fromJson<string[]>(r.dances, []);
    const lead = r.lead_person_id === personId;
    return {
      competitionKey: null,
      competitionName: r.competition,
      date: r.date,
      eventKey: null,
      eventName: importedEventName(r.level, r.style, dances),
      style: r.style,
      level: r.level,
      dances,
      role: lead ? 'lead' : 'follow',
      partner: lead ? r.follow_name : r.lead_name,
      roundReached: null,
      place: r.place,
      roundsDanced: r.rounds_danced,
      imported: true,
      entered: false,
      order: r.id,
    };
  });
  return onceEach(
    [...here, ...elsewhere].sort(
      (a, b) =>
        b.date.localeCompare(a.date) ||
        a.competitionName.localeCompare(b.competitionName) ||
        a.order - b.order,
    ),
  ).map(({ order: _order, ...r }) => r);
}

/**
 * One of each result: a competition restored from its backup under another key (or a result imported
 * that is also on this server) holds the same placings again, and they must count once, not twice.
 */
function onceEach<T extends PersonResult>(results: T[]): T[] {
  const seen = new Set<string>();
  return results.filter((r) => {
    const key = JSON.stringify([
      r.competitionName.trim().toLowerCase(),
      r.date,
      r.style,
      r.level,
      [...r.dances].sort(),
      r.role,
      r.place,
      r.entered,
    ]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** How an imported result's event is named: "Silver Standard Waltz/Tango". */
export const importedEventName = (level: string, style: string, dances: readonly string[]) =>
  `${level} ${style} ${dances.join('/')}`;

/** The placings that count for points: finals with a place, of a known style and level. */
export function placingsOf(results: readonly PersonResult[]): Placing[] {
  const out: Placing[] = [];
  for (const r of results) {
    if (r.place === null || r.roundsDanced === null || !isStyle(r.style) || !isLevel(r.level)) continue;
    out.push({
      style: r.style,
      level: r.level,
      dances: r.dances,
      roundsDanced: r.roundsDanced,
      place: r.place,
      source: { competition: r.competitionName, event: r.eventName, date: r.date },
    });
  }
  return out;
}

/** A person's YCN standings (no person: none). */
export async function personStandings(db: Db, personId: number | null): Promise<Standing[]> {
  if (personId === null) return [];
  return standings(placingsOf(await personResults(db, personId)));
}
