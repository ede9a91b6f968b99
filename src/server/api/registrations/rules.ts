/**
 * The entry rules as registering and changing entries apply them: what they read, and how a refusal answers.
 */
import { HttpError } from '../../errors.ts';
import type { Db } from '../../http/db.ts';
import { fromJson } from '../../http/json.ts';
import { pairKey, type Pair } from '../../../domain/entries.ts';
import { RegistrationClosedError } from '../../../domain/fees.ts';
import {
  problemsStatus,
  PROBLEM_STATUS,
  type EntryProblem,
  type RuleEntry,
  type RuleEvent,
} from '../../../domain/registrationRules.ts';
import { entriesWithEvent } from '../joins.ts';

export interface RuleEventRow extends RuleEvent {
  id: number;
  /** The event's own fee per dancer (currency units); null: the tier's (billing). */
  fee: number | null;
}

export interface RuleContext {
  events: Map<string, RuleEventRow>;
  existing: (RuleEntry & { registrationId: number | null })[];
}

/** Every event of the competition by key, as the entry rules see it. */
export async function loadRuleEvents(db: Db, competitionId: number): Promise<Map<string, RuleEventRow>> {
  const events = await db
    .selectFrom('events')
    .select(['id', 'key', 'name', 'style', 'level', 'dances', 'fee'])
    .where('competition_id', '=', competitionId)
    .execute();
  return new Map(
    events.map((e) => [
      e.key,
      { ...e, fee: e.fee === null ? null : Number(e.fee), dances: fromJson<string[]>(e.dances, []) },
    ]),
  );
}

/**
 * What the entry rules need: every event by key and, of the events the couple names, the entries that
 * may be the same pair: those with its pair key, and those without a key (compared by name). Reading
 * every entry of the competition, or of the event, made each registration and each imported row slower
 * as the table grew.
 */
export async function loadRuleContext(
  db: Db,
  competitionId: number,
  eventKeys: readonly string[],
  pair: Pair,
): Promise<RuleContext> {
  const events = await loadRuleEvents(db, competitionId);
  const eventIds = [...events.values()].filter((e) => eventKeys.includes(e.key)).map((e) => e.id);
  // Two lookups of the (event_id, pair_key) index, not one scan of the events' entries.
  const candidates = (pairKeyIs: string | null) =>
    entriesWithEvent(db)
      .select([
        'events.key as eventKey',
        'entries.lead_name',
        'entries.follow_name',
        'entries.registration_id',
      ])
      .where('entries.event_id', 'in', eventIds)
      .where('entries.pair_key', pairKeyIs === null ? 'is' : '=', pairKeyIs);
  const entries = !eventIds.length
    ? []
    : await candidates(pairKey(pair)).unionAll(candidates(null)).execute();
  return {
    events,
    existing: entries.map((e) => ({
      eventKey: e.eventKey,
      leadName: e.lead_name,
      followName: e.follow_name,
      registrationId: e.registration_id,
    })),
  };
}

/** Registration closed (the domain's refusal) as the HTTP answer: 403 `registration_closed`. */
export function registrationRuleHttp(err: unknown): unknown {
  if (!(err instanceof RegistrationClosedError)) return err;
  return new HttpError(403, 'registration_closed', err.message, {
    reason: err.action === 'register' ? 'register' : 'entries',
  });
}

/** Applies a registration rule of the domain, answering its refusal as `registrationRuleHttp` says. */
export function underRegistrationRules<T>(rule: () => T): T {
  try {
    return rule();
  } catch (err) {
    throw registrationRuleHttp(err);
  }
}

/** Refuses with the status of the first kind of problem (400, 409, 422), listing every problem. */
export function refuse(problems: readonly EntryProblem[]): never {
  const status = problemsStatus(problems);
  const main = problems.filter((p) => PROBLEM_STATUS[p.code] === status);
  const code = main[0]?.code === 'duplicate_pair' ? 'duplicate_entry' : (main[0]?.code ?? 'invalid');
  throw new HttpError(status, code, main.map((p) => p.message).join(' '), { problems });
}
