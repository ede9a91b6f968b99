/**
 * Hand-over and hand-back (docs/mirror.md): the public site gives a competition to a venue with its
 * export and stops writing it; the venue imports it and mirrors it; after the day the venue sends its
 * export back, which replaces the public site's rows, and stops writing it. At every moment exactly
 * one side writes the competition, so nothing written on either side is lost.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { competitionKey } from '../../domain/schemas/competition.ts';
import { competitionExport } from '../../domain/schemas/exchange.ts';
import {
  mirrorHandBack,
  mirrorHandedBack,
  mirrorHandOver,
  type MirrorVenue,
} from '../../domain/schemas/mirror.ts';
import { exportCompetition } from '../api/exchange/queries.ts';
import { importCompetition, replaceCompetition } from '../api/exchange/commands.ts';
import { competitionView } from '../api/competitions/queries.ts';
import { audit } from '../audit.ts';
import { upgradeEntryCodes } from '../auth/entryCodes.ts';
import { actorLabel } from '../auth/sessions.ts';
import { isConstraintViolation, takeTurn } from '../db/dialect.ts';
import type { CompetitionRow } from '../db/schema.ts';
import { PUBLIC_TOPIC_LIST } from '../realtime/feed.ts';
import { HttpError, notFound } from '../errors.ts';
import { requireSignedIn } from '../http/access.ts';
import { runCommand } from '../http/command.ts';
import type { Tx } from '../http/db.ts';
import { callPublicSite, Refused, type MirrorTarget, type VenueMirror } from './venue.ts';

/** Every topic a reader's page listens to: after a competition's rows were replaced, all of it reads again. */
/** Hand-back's body may be as large as an import's. */
const EXPORT_BYTES = 64 * 1024 * 1024;
/** A hand-over or hand-back carries a whole competition: it may take longer than a batch. */
const CALL_TIMEOUT_MS = 120_000;

const keyParam = z.object({ key: competitionKey });

interface Held {
  id: number;
  full_name: string;
  archived_at: string | null;
  handed_over_at: string | null;
  handed_over_to: string | null;
}

/** The competition `key` inside the transaction, after the commands of it queued before (PostgreSQL). */
async function heldCompetition(trx: Tx, key: string): Promise<Held> {
  const found = await trx.selectFrom('competitions').select('id').where('key', '=', key).executeTakeFirst();
  if (!found) throw notFound(`The competition "${key}"`);
  await takeTurn(trx, found.id);
  return trx
    .selectFrom('competitions')
    .select(['id', 'full_name', 'archived_at', 'handed_over_at', 'handed_over_to'])
    .where('id', '=', found.id)
    .executeTakeFirstOrThrow();
}

/** Which venue holds the competition now: the one mirroring it, else the one it was handed to. */
async function holder(trx: Tx, c: Held): Promise<{ id: string | null; name: string } | null> {
  const link = await trx
    .selectFrom('mirror_links')
    .select(['venue_id', 'venue_name'])
    .where('competition_id', '=', c.id)
    .executeTakeFirst();
  if (link) return { id: link.venue_id, name: link.venue_name };
  return c.handed_over_at ? { id: null, name: c.handed_over_to ?? 'another venue' } : null;
}

/** 409 to a venue while another holds the competition. */
export const elsewhere = (key: string, venue: string) =>
  new HttpError(
    409,
    'mirrored_elsewhere',
    `The competition "${key}" is run at another venue (${venue}); it must be handed back from there first.`,
    { venue },
  );

const isHolder = (h: { id: string | null; name: string }, venue: MirrorVenue) =>
  h.id === null ? h.name === venue.name : h.id === venue.id;

/** The public site's side: `POST …/hand-over` and `POST …/hand-back` under `/api/mirror/v1` (bearer token). */
export const handoverReceiver: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/competitions/:key/hand-over',
    { schema: { hide: true, params: keyParam, body: mirrorHandOver, response: { 200: competitionExport } } },
    async (req) => {
      const { key } = req.params;
      const { venue } = req.body;
      const done = await app.db.transaction().execute(async (trx) => {
        const c = await heldCompetition(trx, key);
        const h = await holder(trx, c);
        if (h && !isHolder(h, venue)) throw elsewhere(key, h.name);
        if (c.archived_at)
          throw new HttpError(
            409,
            'archived',
            `${c.full_name} is archived on the public site; un-archive it there before a venue takes it over.`,
            { competition: c.full_name },
          );
        // Asked again (its answer was lost): the same export, nothing written twice.
        const first = !c.handed_over_at;
        if (first) {
          await audit(trx, {
            competitionId: c.id,
            actor: `venue ${venue.name}`,
            action: 'competition.hand_over',
            entity: 'competition',
            entityId: c.id,
            after: { to: venue.name, venue: venue.id },
          });
          await trx
            .updateTable('competitions')
            .set({ handed_over_at: new Date().toISOString(), handed_over_to: venue.name })
            .where('id', '=', c.id)
            .execute();
        }
        return { id: c.id, first, doc: await exportCompetition(trx, c.id) };
      });
      // Open pages hear that it is changed elsewhere now.
      if (done.first) await app.feed.publish(done.id, 'competition');
      return done.doc;
    },
  );

  app.post(
    '/competitions/:key/hand-back',
    {
      bodyLimit: EXPORT_BYTES,
      schema: { hide: true, params: keyParam, body: mirrorHandBack, response: { 200: mirrorHandedBack } },
    },
    async (req) => {
      const { key } = req.params;
      const { venue } = req.body;
      const at = new Date().toISOString();
      let id: number | null = null;
      try {
        id = await app.db.transaction().execute(async (trx) => {
          const c = await heldCompetition(trx, key);
          const h = await holder(trx, c);
          if (!h) {
            // Sent again after its answer was lost: the venue's last record is already here.
            if (await arrived(trx, c.id, req.body.export)) return null;
            throw new HttpError(
              409,
              'not_handed_over',
              `The competition "${key}" is run on the public site; it was not handed over to a venue.`,
            );
          }
          if (!isHolder(h, venue)) throw elsewhere(key, h.name);
          await replaceCompetition(trx, c.id, req.body.export);
          await upgradeEntryCodes(trx, app.entryCodes);
          await trx.deleteFrom('mirror_answers').where('competition_id', '=', c.id).execute();
          await trx.deleteFrom('mirror_links').where('competition_id', '=', c.id).execute();
          await trx
            .updateTable('competitions')
            .set({ handed_over_at: null, handed_over_to: null })
            .where('id', '=', c.id)
            .execute();
          return c.id;
        });
      } catch (err) {
        if (isConstraintViolation(err))
          throw new HttpError(
            400,
            'invalid',
            `The venue's export is not consistent and was not taken: ${(err as Error).message}`,
          );
        throw err;
      }
      // Every page of it reads again: from this site's own rows now.
      if (id !== null) await app.feed.publish(id, ...PUBLIC_TOPIC_LIST);
      return { key, at };
    },
  );
};

/** Whether the export's last audit record is already this competition's (its hand-back landed). */
async function arrived(trx: Tx, competitionId: number, doc: unknown): Promise<boolean> {
  const log = (doc as { tables?: { audit_log?: { hash?: unknown }[] } } | null)?.tables?.audit_log;
  const hash = log?.at(-1)?.hash;
  if (typeof hash !== 'string') return false;
  const found = await trx
    .selectFrom('audit_log')
    .select('id')
    .where('competition_id', '=', competitionId)
    .where('hash', '=', hash)
    .executeTakeFirst();
  return !!found;
}

// ---------------------------------------------------------------------------------------------------
// The venue's side: site administrators' commands under /api/v1.

function venueMirror(app: FastifyInstance): { mirror: VenueMirror; venue: MirrorVenue; site: MirrorTarget } {
  const mirror = app.mirror;
  const venue = mirror?.identity();
  if (!mirror || !venue)
    throw new HttpError(
      409,
      'mirror_off',
      'This server has no public site to take competitions from: set PROMENADE_MIRROR_URL and PROMENADE_MIRROR_TOKEN (docs/mirror.md).',
    );
  return { mirror, venue, site: mirror.publicSite };
}

/** A failed call to the public site as this server answers it: its refusal, or 502 when it is not there. */
function fromPublicSite(err: unknown, site: MirrorTarget, doing: string): HttpError {
  if (err instanceof Refused && err.status >= 400 && err.status < 500 && err.status !== 401)
    return new HttpError(
      err.status === 413 ? 413 : err.status,
      err.code,
      `The public site refused to ${doing}: ${err.message}`,
    );
  const why =
    err instanceof Refused
      ? err.status === 401
        ? 'it does not accept this venue’s token (PROMENADE_MIRROR_TOKEN)'
        : `it answered ${err.status}: ${err.message}`
      : err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')
        ? 'it did not answer in time'
        : `no connection (${err instanceof Error ? ((err.cause as Error | undefined)?.message ?? err.message) : String(err)})`;
  return new HttpError(
    502,
    'public_site_unreachable',
    `Could not ${doing}: the public site (${site.url}) could not be reached — ${why}. Check the internet connection and try again.`,
    { url: site.url },
  );
}

/**
 * `POST /competitions/take-over {key}`: the public site hands `key` over; its export is imported here
 * under the same key (a copy handed back before is replaced) and mirrored from now on.
 */
export async function takeOver(
  app: FastifyInstance,
  req: FastifyRequest,
  key: string,
): ReturnType<typeof competitionView> {
  const { mirror, venue, site } = venueMirror(app);
  await refuseOwnCopy(app.db, key);
  let doc: unknown;
  try {
    doc = await callPublicSite(site, `/competitions/${key}/hand-over`, { venue }, CALL_TIMEOUT_MS);
  } catch (err) {
    throw fromPublicSite(err, site, `hand over "${key}"`);
  }
  const id = await runCommand(app, req, {
    run: async (ctx) => {
      const { user } = requireSignedIn(ctx.actor);
      try {
        const here = await refuseOwnCopy(ctx.trx, key);
        let competitionId: number;
        if (here) {
          competitionId = here.id;
          await replaceCompetition(ctx.trx, here.id, doc);
          await ctx.trx
            .updateTable('competitions')
            .set({ handed_over_at: null, handed_over_to: null })
            .where('id', '=', here.id)
            .execute();
        } else {
          competitionId = await importCompetition(ctx.trx, doc, key);
          await ctx.trx
            .insertInto('memberships')
            .values({ user_id: user.id, competition_id: competitionId, role: 'admin' })
            .execute();
        }
        await upgradeEntryCodes(ctx.trx, ctx.entryCodes);
        await audit(ctx.trx, {
          competitionId,
          actor: ctx.who,
          action: 'competition.take_over',
          entity: 'competition',
          entityId: competitionId,
          after: { from: site.url, replaced: !!here },
        });
        return competitionId;
      } catch (err) {
        if (isConstraintViolation(err))
          throw new HttpError(
            502,
            'invalid_export',
            `The public site's export could not be imported: ${(err as Error).message}`,
          );
        throw err;
      }
    },
  });
  await app.feed.publish(id, ...PUBLIC_TOPIC_LIST);
  await mirror.adopt(key);
  const row = await app.db
    .selectFrom('competitions')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return competitionView(app.db, row);
}

/** The competition `key` here when it is a copy handed back (to be replaced); 409 when it is run here. */
async function refuseOwnCopy(db: FastifyInstance['db'] | Tx, key: string) {
  const here = await db
    .selectFrom('competitions')
    .select(['id', 'handed_over_at'])
    .where('key', '=', key)
    .executeTakeFirst();
  if (here && !here.handed_over_at)
    throw new HttpError(
      409,
      'duplicate',
      `This server already runs a competition "${key}"; only a copy handed back to the public site is replaced by a take-over.`,
      { reason: 'competition', key },
    );
  return here ?? null;
}

/**
 * `POST /competitions/{key}/hand-back`: stops mirroring it, marks it handed over here (its writes are
 * refused from then on) in one transaction with reading its export, and sends the export to the public
 * site. A refusal by the public site undoes the mark; no answer keeps it (the export may have arrived):
 * asking again sends it again, and the public site takes it once.
 */
export async function handBack(
  app: FastifyInstance,
  req: FastifyRequest,
): Promise<{ key: string; to: string; at: string }> {
  const { mirror, venue, site } = venueMirror(app);
  const c = req.competition as CompetitionRow;
  const again = !!c.handed_over_at;
  if (again && c.handed_over_to !== site.url)
    throw new HttpError(
      409,
      'handed_over',
      `${c.full_name} was handed over to ${c.handed_over_to ?? 'another server'}.`,
      { competition: c.full_name, to: c.handed_over_to },
    );
  await mirror.pause(c.id);
  let doc: unknown;
  let at: string;
  try {
    if (again) {
      doc = await exportCompetition(app.db, c.id);
      at = c.handed_over_at!;
    } else {
      at = new Date().toISOString();
      doc = await runCommand(app, req, {
        topics: ['competition'],
        run: async (ctx) => {
          await ctx.audit({
            action: 'competition.hand_back',
            entity: 'competition',
            entityId: c.id,
            after: { to: site.url },
          });
          await ctx.trx
            .updateTable('competitions')
            .set({ handed_over_at: at, handed_over_to: site.url })
            .where('id', '=', c.id)
            .execute();
          return exportCompetition(ctx.trx, c.id);
        },
      });
    }
  } catch (err) {
    await mirror.resume(c.id);
    throw err;
  }
  try {
    await callPublicSite(site, `/competitions/${c.key}/hand-back`, { venue, export: doc }, CALL_TIMEOUT_MS);
  } catch (err) {
    // Refused: the public site did not take it, so it is run here again. Not answered: it may have.
    if (err instanceof Refused && err.status >= 400 && err.status < 500 && err.status !== 401) {
      await app.db.transaction().execute(async (trx) => {
        await takeTurn(trx, c.id);
        await audit(trx, {
          competitionId: c.id,
          actor: actorLabel(req.actor),
          action: 'competition.hand_back_refused',
          entity: 'competition',
          entityId: c.id,
          after: { to: site.url, code: err.code },
        });
        await trx
          .updateTable('competitions')
          .set({ handed_over_at: null, handed_over_to: null })
          .where('id', '=', c.id)
          .execute();
      });
      await app.feed.publish(c.id, 'competition');
      await mirror.resume(c.id);
    }
    throw fromPublicSite(err, site, `hand "${c.key}" back`);
  }
  await mirror.resume(c.id);
  return { key: c.key, to: site.url, at };
}

/**
 * Takes back a competition this server handed over, without waiting for its hand-back: the venue's
 * import failed (nothing was mirrored), or the venue is lost (`force`: its mirror is dropped, and what
 * it did since the hand-over stays there). A venue still sending batches is refused from then on.
 */
export async function takeBack(
  app: FastifyInstance,
  req: FastifyRequest,
  force: boolean,
): Promise<Awaited<ReturnType<typeof competitionView>>> {
  const c = req.competition as CompetitionRow;
  if (!c.handed_over_at)
    throw new HttpError(
      409,
      'not_handed_over',
      `${c.full_name} is run on this server; there is nothing to take back.`,
    );
  // A venue's copy handed back is the public site's: run here again only by taking it over from there.
  const site = app.config.mirrorTo?.url;
  if (site && c.handed_over_to === site)
    throw new HttpError(
      409,
      'handed_over',
      `${c.full_name} was handed back to ${site} and is changed there; take it over from there to run it here again.`,
      { competition: c.full_name, to: site },
    );
  await runCommand(app, req, {
    topics: [...PUBLIC_TOPIC_LIST],
    run: async (ctx) => {
      const link = await ctx.trx
        .selectFrom('mirror_links')
        .select('venue_name')
        .where('competition_id', '=', c.id)
        .executeTakeFirst();
      if (link && !force)
        throw new HttpError(
          409,
          'mirrored',
          `${c.full_name} is run at the venue (${link.venue_name}) and mirrored here: hand it back from there. If that venue is lost, take it back anyway; what it did since the hand-over stays there.`,
          { competition: c.full_name, venue: link.venue_name },
        );
      await ctx.audit({
        action: 'competition.take_back',
        entity: 'competition',
        entityId: c.id,
        before: { to: c.handed_over_to, at: c.handed_over_at },
        after: { forced: force, mirrored: link !== undefined },
      });
      await ctx.trx.deleteFrom('mirror_answers').where('competition_id', '=', c.id).execute();
      await ctx.trx.deleteFrom('mirror_links').where('competition_id', '=', c.id).execute();
      await ctx.trx
        .updateTable('competitions')
        .set({ handed_over_at: null, handed_over_to: null })
        .where('id', '=', c.id)
        .execute();
    },
  });
  const row = await app.db
    .selectFrom('competitions')
    .selectAll()
    .where('id', '=', c.id)
    .executeTakeFirstOrThrow();
  return competitionView(app.db, row);
}
