import type { Kysely, Transaction } from 'kysely';
import type { CompetitionRow, Database } from '../../db/schema.ts';
import { parsePlacedOut } from '../../../domain/registrationRules.ts';
import type {
  AdminRegistrations,
  AdminCompetitor,
  ConsentRecord,
} from '../../../domain/schemas/registration.ts';

type Q = Kysely<Database> | Transaction<Database>;

/** The organizer's table: every registration with both dancers, fees and entries, and the ad hoc entries. */
export async function adminRegistrations(db: Q, c: CompetitionRow): Promise<AdminRegistrations> {
  const [regs, people, entries] = await Promise.all([
    db.selectFrom('registrations').selectAll().where('competition_id', '=', c.id).orderBy('id').execute(),
    db.selectFrom('competitors').selectAll().where('competition_id', '=', c.id).execute(),
    db
      .selectFrom('entries')
      .innerJoin('events', 'events.id', 'entries.event_id')
      .select([
        'entries.id',
        'entries.registration_id',
        'entries.lead_name',
        'entries.follow_name',
        'entries.affiliation',
        'entries.lead_number',
        'entries.scratched',
        'entries.checked_in',
        'entries.registered_time',
        'entries.version',
        'events.key',
        'events.name',
        'events.style',
        'events.level',
      ])
      .where('entries.competition_id', '=', c.id)
      .orderBy('events.sort_order')
      .orderBy('entries.id')
      .execute(),
  ]);
  const byId = new Map(people.map((p) => [p.id, p]));
  const person = (id: number): AdminCompetitor => {
    const p = byId.get(id);
    return {
      id,
      name: p?.name ?? '',
      email: p?.email ?? '',
      affiliation: p?.affiliation ?? '',
      number: p?.number ?? null,
      placedOut: parsePlacedOut(p?.placed_out ?? '{}'),
      version: p?.version ?? 0,
    };
  };
  const consents = (json: string): { lead: ConsentRecord; follow: ConsentRecord } => {
    const none: ConsentRecord = { liability: false, media: false };
    try {
      const v = JSON.parse(json) as { lead?: ConsentRecord; follow?: ConsentRecord };
      return { lead: v.lead ?? none, follow: v.follow ?? none };
    } catch {
      return { lead: none, follow: none };
    }
  };
  return {
    currency: c.currency,
    registrations: regs.map((r) => ({
      id: r.id,
      lead: person(r.lead_id),
      follow: person(r.follow_id),
      affiliation: r.affiliation,
      tier: r.tier,
      amountDue: r.amount_due,
      amountPaid: r.amount_paid,
      paidAt: r.paid_at,
      consents: consents(r.consents),
      createdAt: r.created_at,
      version: r.version,
      entries: entries
        .filter((e) => e.registration_id === r.id)
        .map((e) => ({
          id: e.id,
          eventKey: e.key,
          eventName: e.name,
          style: e.style,
          level: e.level,
          leadNumber: e.lead_number,
          scratched: e.scratched === 1,
          checkedIn: e.checked_in === 1,
          version: e.version,
        })),
    })),
    adhoc: entries
      .filter((e) => e.registration_id === null)
      .map((e) => ({
        id: e.id,
        eventKey: e.key,
        eventName: e.name,
        leadName: e.lead_name,
        followName: e.follow_name,
        affiliation: e.affiliation,
        leadNumber: e.lead_number,
        scratched: e.scratched === 1,
        registeredTime: e.registered_time,
        version: e.version,
      })),
  };
}
