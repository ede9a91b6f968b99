import { sql } from 'kysely';
import type { Dashboard } from '../../../domain/schemas/competition.ts';
import { ROUND_STATE_ORDER } from '../../../domain/rounds/state.ts';
import type { CompetitionRow } from '../../db/schema.ts';
import type { Db } from '../../http/db.ts';
import { moneyTotals } from '../money/queries.ts';
import { toUnits } from '../../../domain/money/feeRules.ts';

/** The organizer's numbers at a glance: people, entries, fees and rounds by state. */
export async function readDashboard(db: Db, c: CompetitionRow): Promise<Dashboard> {
  const [competitors, couples, entries, fees, events, rounds] = await Promise.all([
    db
      .selectFrom('competitors')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('competition_id', '=', c.id)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('entries')
      .select(sql<number>`count(distinct lower(lead_name) || '|' || lower(follow_name))`.as('n'))
      .where('competition_id', '=', c.id)
      .where('scratched', '=', 0)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('entries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('competition_id', '=', c.id)
      .where('scratched', '=', 0)
      .executeTakeFirstOrThrow(),
    moneyTotals(db, c),
    db
      .selectFrom('events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('competition_id', '=', c.id)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('rounds')
      .select(['round_state', (eb) => eb.fn.countAll<number>().as('n')])
      .where('competition_id', '=', c.id)
      .groupBy('round_state')
      .execute(),
  ]);
  const roundsByState = Object.fromEntries(
    ROUND_STATE_ORDER.map((s) => [s, 0]),
  ) as Dashboard['roundsByState'];
  for (const r of rounds) {
    const name = ROUND_STATE_ORDER[r.round_state];
    if (name) roundsByState[name] = Number(r.n);
  }
  return {
    competitors: Number(competitors.n),
    couples: Number(couples.n),
    entries: Number(entries.n),
    feesDue: toUnits(fees.owedCents - fees.paidCents),
    feesPaid: toUnits(fees.paidCents),
    money: fees,
    currency: c.currency,
    events: Number(events.n),
    roundsByState,
  };
}
