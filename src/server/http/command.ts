/**
 * THE way a command runs on the server: the route has already checked access (access.ts) and
 * parsed the body (Zod); `runCommand` applies the change and its audit record in ONE transaction,
 * and publishes the named topics on the change feed only after the commit, so no browser refetches
 * before the data is there and nothing is announced that did not happen.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FeedTopic } from '../../domain/schemas/competition.ts';
import type { CompetitionRow } from '../db/schema.ts';
import { actorLabel, type Actor } from '../auth/sessions.ts';
import { audit, type AuditRecord } from '../audit.ts';
import { HttpError, stale } from '../errors.ts';
import type { StaffRole } from './access.ts';
import type { Tx } from './db.ts';
import type { EntryCodes } from '../auth/entryCodes.ts';
import { isPostgres, mustRetry, takeTurn } from '../db/dialect.ts';
import { Turns } from './turns.ts';
import { sleep } from '../auth/slowdown.ts';

export interface CommandContext {
  trx: Tx;
  /**
   * The competition of the route's `:key`. A site-level command (no `:key`: creating or importing a
   * competition) has none: it writes its own audit record under the new competition and publishes nothing.
   */
  competition: CompetitionRow;
  actor: Actor;
  /** The caller's role in the competition (null for the public, e.g. a registration). */
  role: StaffRole | null;
  /** Who did it, as the audit trail names them. */
  who: string;
  /**
   * Appends to the audit trail inside this transaction. `actor` names who acted when the session does
   * not (a couple changing their entries with their entry code).
   */
  audit: (record: Omit<AuditRecord, 'competitionId' | 'actor'> & { actor?: string }) => Promise<void>;
  /** Topics to publish after the commit, added while the command runs (e.g. only when it changed something). */
  publish: (...topics: FeedTopic[]) => void;
  /** How entry codes are stored (keyed by the installation's secret). */
  entryCodes: EntryCodes;
}

export interface CommandSpec<T> {
  /** Topics published after the commit (more may be added through `ctx.publish`). */
  topics?: readonly FeedTopic[];
  /**
   * The change concerns only what staff may see (a result computed, approved or withdrawn before it is
   * posted): its topics reach staff streams only, so a public stream does not tell that it happened.
   */
  staffOnly?: boolean;
  run: (ctx: CommandContext) => Promise<T>;
}

/** Tries of a command PostgreSQL asked to run again (40001/40P01) before answering 503 `busy`. */
export const COMMAND_ATTEMPTS = 10;

/** Per app (tests run several in one process): its commands queued per competition (turns.ts). */
const queues = new WeakMap<FastifyInstance, Turns>();

/**
 * Runs `spec` in one transaction. On SQLite transactions are serial anyway (one writer). On PostgreSQL
 * several instances and connections write at once, so the commands of one competition take turns
 * (`takeTurn`: an advisory lock until the commit): whatever a command reads (the next number, the
 * pair's entries, the round's state and marks) no other command of the competition changes meanwhile.
 * Should PostgreSQL still ask for a retry (a deadlock, 40P01, or a serialization failure, 40001), the
 * command runs again from the start, here, with nothing of the failed try kept (its topics included).
 */
export async function runCommand<T>(
  app: FastifyInstance,
  req: FastifyRequest,
  spec: CommandSpec<T>,
): Promise<T> {
  const competition = req.competition as CompetitionRow | null;
  for (let attempt = 1; ; attempt++) {
    let done: { out: T; topics: Set<FeedTopic> };
    try {
      done = await inTurn(app, competition, () => runOnce(app, req, spec));
    } catch (err) {
      if (!mustRetry(err)) throw err;
      if (attempt >= COMMAND_ATTEMPTS) {
        req.log.warn({ err, attempt }, 'command still conflicting after retries');
        throw new HttpError(
          503,
          'busy',
          'Many changes arrived at once and this one could not be saved. Try again.',
          { reason: 'writes' },
        );
      }
      // Apart, and a little longer each time, so the same commands do not collide again.
      await sleep(Math.random() * 10 * attempt);
      continue;
    }
    app.storage.stored();
    // Published once, after the commit that counted.
    if (done.topics.size && competition)
      await (spec.staffOnly
        ? app.feed.publishToStaff(competition.id, ...done.topics)
        : app.feed.publish(competition.id, ...done.topics));
    return done.out;
  }
}

/**
 * On PostgreSQL, this instance's commands of one competition wait here, holding no connection, for the
 * one before them (the advisory lock then orders them with other instances'). SQLite is left as it was:
 * its one connection already makes every transaction wait its turn.
 */
function inTurn<T>(
  app: FastifyInstance,
  competition: CompetitionRow | null,
  work: () => Promise<T>,
): Promise<T> {
  if (!isPostgres(app.db)) return work();
  let turns = queues.get(app);
  if (!turns) queues.set(app, (turns = new Turns()));
  return turns.run(competition?.id ?? 0, work);
}

async function runOnce<T>(
  app: FastifyInstance,
  req: FastifyRequest,
  spec: CommandSpec<T>,
): Promise<{ out: T; topics: Set<FeedTopic> }> {
  const competition = req.competition as CompetitionRow | null;
  const topics = new Set<FeedTopic>(spec.topics ?? []);
  const who = actorLabel(req.actor);
  const out = await app.db.transaction().execute(async (trx) => {
    await takeTurn(trx, competition?.id ?? null);
    // Handed over (to a venue, or back) since the access check: nothing more is written here, so the
    // export the other side took has everything (docs/mirror.md).
    if (competition && !competition.handed_over_at) {
      const now = await trx
        .selectFrom('competitions')
        .select(['handed_over_at', 'handed_over_to'])
        .where('id', '=', competition.id)
        .executeTakeFirst();
      if (now?.handed_over_at)
        throw new HttpError(
          409,
          'handed_over',
          `${competition.full_name} was handed over to ${now.handed_over_to ?? 'another server'} and is changed there now.`,
          { competition: competition.full_name, to: now.handed_over_to },
        );
    }
    return spec.run({
      trx,
      competition: competition as CompetitionRow,
      actor: req.actor,
      role: req.role,
      who,
      audit: (record) => {
        if (!competition) throw new Error('A site-level command writes its own audit record.');
        return audit(trx, { ...record, competitionId: competition.id, actor: record.actor ?? who });
      },
      publish: (...more) => more.forEach((t) => topics.add(t)),
      entryCodes: app.entryCodes,
    });
  });
  return { out, topics };
}

/**
 * Optimistic concurrency: `seen` is the version the client last loaded (absent: the client does not
 * check; a string for versions that are hashes, like the schedule's). A different current version
 * answers 409 `stale` with the current data attached. `currentView` runs only then, so it may read the
 * database; the check is awaited at every call site (a lint rule) so a stale write never goes on.
 */
export async function assertVersion<V extends number | string>(
  seen: V | undefined,
  current: V,
  what: Parameters<typeof stale>[0],
  currentView: () => unknown,
): Promise<void> {
  if (seen !== undefined && seen !== current) throw stale(what, await currentView());
}

/** The version in an `If-Match` header (`"3"`, `W/"3"` or `3`); undefined when absent. */
export function ifMatchVersion(header: string | undefined): number | undefined {
  const raw = header?.replace(/^W\//, '').replace(/"/g, '');
  if (raw === undefined || raw === '') return undefined;
  const version = Number(raw);
  if (!Number.isInteger(version) || version < 0)
    throw new HttpError(400, 'invalid', 'If-Match must be the version number of the data you saw.');
  return version;
}
