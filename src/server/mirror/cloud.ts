/**
 * The public site's side of the mirror (docs/mirror.md): it takes a venue's batches of public answers,
 * applies each once and in order, serves the answers to readers, and refuses writes to a competition
 * run elsewhere.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Selectable } from 'kysely';
import type { CompetitionRow, MirrorLinksTable } from '../db/schema.ts';
import { isPostgres } from '../db/dialect.ts';
import type { Tx } from '../http/db.ts';
import { PUBLIC_TOPIC_LIST } from '../realtime/feed.ts';
import { HttpError, notFound, unauthorized } from '../errors.ts';
import { competitionKey, type FeedTopic } from '../../domain/schemas/competition.ts';
import {
  mirrorApplied,
  mirrorBatch,
  mirrorHeartbeat,
  mirrorState,
  type MirrorBatch,
  type MirrorStatus,
  type MirrorVenue,
} from '../../domain/schemas/mirror.ts';
import { answerHash, canonicalPath, isMirroredRead, type AnswerHeaders } from './surface.ts';
import { elsewhere, handoverReceiver } from './handover.ts';

/** Without a word from the venue this long, the public site says it is offline (heartbeats: 5 s). */
export const OFFLINE_AFTER_MS = 20_000;
/** The largest batch one request may carry; the venue sends a larger one in parts. */
export const BATCH_BYTES = 16 * 1024 * 1024;

type LinkRow = Selectable<MirrorLinksTable>;

async function linkOf(db: FastifyInstance['db'] | Tx, competitionId: number): Promise<LinkRow | undefined> {
  return db
    .selectFrom('mirror_links')
    .selectAll()
    .where('competition_id', '=', competitionId)
    .executeTakeFirst();
}

/**
 * A competition this server handed over, or mirrors from a venue: a public read is answered with the
 * venue's answer, the live stream and the mirror's status as anywhere; every other request is refused.
 * Handed over and not (yet) mirrored: reads go on from this server's own rows.
 */
export async function guardHandedOver(
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply | undefined> {
  const c = req.competition as CompetitionRow;
  const reading = req.method === 'GET' || req.method === 'HEAD';
  const route = req.routeOptions.url ?? '';
  const link = await linkOf(app.db, c.id);
  if (!link) {
    if (reading) return undefined;
    throw new HttpError(
      409,
      'handed_over',
      `${c.full_name} was handed over to ${c.handed_over_to ?? 'another server'} and is changed there now.`,
      { competition: c.full_name, to: c.handed_over_to },
    );
  }
  if (/\/(stream|mirror)$/.test(route)) return undefined;
  if (reading && isMirroredRead(route)) {
    const path = canonicalPath(req.url.slice('/api/v1'.length));
    const answer = await app.db
      .selectFrom('mirror_answers')
      .select(['status', 'headers', 'body'])
      .where('competition_id', '=', c.id)
      .where('path', '=', path)
      .executeTakeFirst();
    if (!answer) throw notFound('That page of the competition');
    const headers = JSON.parse(answer.headers) as AnswerHeaders;
    for (const [name, value] of Object.entries(headers)) reply.header(name, value);
    const body = Buffer.from(answer.body);
    // Text as text: the public read cache keeps it (…/events at 3,000 couples is 1.4 MB a read).
    const text = /^(application\/json|text\/)/.test(headers['content-type'] ?? '');
    return reply.code(answer.status).send(text ? body.toString('utf8') : body);
  }
  throw new HttpError(
    409,
    'mirrored',
    `${c.full_name} is run at the venue (${link.venue_name}) and mirrored here: change it there.`,
    { competition: c.full_name, venue: link.venue_name },
  );
}

/** The link as the competition's readers see it ("Live from the venue · updated 12:03:41"). */
export async function mirrorStatusOf(app: FastifyInstance, competitionId: number): Promise<MirrorStatus> {
  const link = await linkOf(app.db, competitionId);
  if (!link) {
    const here = app.mirror?.linkOf(competitionId) ?? null;
    return {
      venue: null,
      state: 'own',
      updatedAt: null,
      contactAt: null,
      link: here && {
        state: here.state,
        since: here.since,
        behind: here.behind,
        behindSeconds: here.behindSeconds,
      },
    };
  }
  const quiet = Date.now() - Date.parse(link.contact_at) > OFFLINE_AFTER_MS;
  return {
    venue: link.venue_name,
    state: link.offline || quiet ? 'offline' : 'live',
    updatedAt: link.applied_at,
    contactAt: link.contact_at,
    link: null,
  };
}

function accepts(tokens: readonly string[], header: string | undefined): boolean {
  const given = Buffer.from(/^Bearer (.+)$/.exec(header ?? '')?.[1] ?? '');
  return tokens.some((t) => {
    const want = Buffer.from(t);
    return want.length === given.length && timingSafeEqual(want, given);
  });
}

/** The competition row a venue's first batch makes: named and dated from the venue's own answer. */
function shellFrom(batch: MirrorBatch, key: string): Record<string, unknown> | null {
  const answer = batch.answers.find((a) => a.path === `/competitions/${key}`);
  if (!answer || 'gone' in answer || answer.status !== 200) return null;
  const c = JSON.parse(Buffer.from(answer.body, 'base64').toString('utf8')) as Record<string, unknown>;
  const text = (v: unknown, fallback: string) => (typeof v === 'string' ? v : fallback);
  const num = (v: unknown) => (typeof v === 'number' ? v : 0);
  return {
    full_name: text(c.fullName, key),
    primary_color: text(c.primaryColor, '#1c7ed6'),
    time_zone: text(c.timeZone, 'UTC'),
    start_date: text(c.startDate, '2000-01-01'),
    end_date: text(c.endDate, '2000-01-01'),
    date_registration_early: typeof c.dateRegistrationEarly === 'string' ? c.dateRegistrationEarly : null,
    date_registration_open: typeof c.dateRegistrationOpen === 'string' ? c.dateRegistrationOpen : null,
    date_registration_closed: typeof c.dateRegistrationClosed === 'string' ? c.dateRegistrationClosed : null,
    payment_tier_early: num(c.paymentTierEarly),
    payment_tier_open: num(c.paymentTierOpen),
    payment_tier_late: num(c.paymentTierLate),
    currency: text(c.currency, 'USD'),
    results_page_shown: c.resultsPageShown === false ? 0 : 1,
  };
}

/** What applying a batch did. */
interface Applied {
  competitionId: number;
  appliedSeq: number;
  /** The topics to announce on this server's feed (none: a duplicate). */
  topics: FeedTopic[];
}

async function applyBatch(trx: Tx, key: string, batch: MirrorBatch, now: string): Promise<Applied> {
  let competition = await trx
    .selectFrom('competitions')
    .select(['id', 'handed_over_at'])
    .where('key', '=', key)
    .executeTakeFirst();
  const shell = shellFrom(batch, key);
  if (!competition) {
    if (!shell)
      throw new HttpError(409, 'out_of_order', 'Send the competition from the start first.', {
        appliedSeq: null,
      });
    const inserted = await trx
      .insertInto('competitions')
      .values({
        key,
        ...(shell as object),
        socials_website: '',
        socials_facebook: '',
        socials_instagram: '',
        page_details: '',
        page_rules: '',
        page_venue: '',
        page_contact: '',
        page_about: '',
        version: 1,
        updated_at: now,
        handed_over_at: now,
        handed_over_to: batch.venue.name,
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    competition = { id: inserted.id, handed_over_at: now };
  } else if (!competition.handed_over_at) {
    throw new HttpError(
      409,
      'not_mirrored',
      `The competition "${key}" is run on this site; hand it over to the venue before the venue sends it here.`,
    );
  }
  let q = trx.selectFrom('mirror_links').selectAll().where('competition_id', '=', competition.id);
  if (isPostgres(trx)) q = q.forUpdate();
  const link = (await q.executeTakeFirst()) as LinkRow | undefined;
  if (link && link.venue_id !== batch.venue.id) throw elsewhere(key, link.venue_name);
  const applied = link?.applied_seq ?? null;
  if (applied !== null && batch.from !== applied) {
    if (batch.to <= applied) {
      await trx
        .updateTable('mirror_links')
        .set({ contact_at: now, offline: 0 })
        .where('competition_id', '=', competition.id)
        .execute();
      return {
        competitionId: competition.id,
        appliedSeq: applied,
        topics: link?.offline ? ['competition'] : [],
      };
    }
    throw new HttpError(
      409,
      'out_of_order',
      `The public site has changes up to ${applied}; send from there.`,
      {
        appliedSeq: applied,
      },
    );
  }
  for (const a of batch.answers) {
    if ('gone' in a) {
      await trx
        .deleteFrom('mirror_answers')
        .where('competition_id', '=', competition.id)
        .where('path', '=', a.path)
        .execute();
      continue;
    }
    const body = Buffer.from(a.body, 'base64');
    const row = {
      status: a.status,
      headers: JSON.stringify(a.headers),
      body,
      // Kept as this side computes it, so a damaged body is sent again on the next connection.
      sha256: answerHash(a.status, a.headers, body),
    };
    await trx
      .insertInto('mirror_answers')
      .values({ competition_id: competition.id, path: a.path, ...row })
      .onConflict((oc) => oc.columns(['competition_id', 'path']).doUpdateSet(row))
      .execute();
  }
  if (shell && link)
    await trx.updateTable('competitions').set(shell).where('id', '=', competition.id).execute();
  const values = {
    venue_name: batch.venue.name,
    applied_seq: batch.to,
    applied_at: batch.answers.length > 0 || batch.to > (applied ?? 0) ? now : (link?.applied_at ?? now),
    contact_at: now,
    offline: 0,
  };
  if (link)
    await trx.updateTable('mirror_links').set(values).where('competition_id', '=', competition.id).execute();
  else
    await trx
      .insertInto('mirror_links')
      .values({ competition_id: competition.id, venue_id: batch.venue.id, ...values })
      .execute();
  const topics = new Set<FeedTopic>(batch.topics.filter((t) => t !== 'marks'));
  // A first batch, a part with answers only, or the venue back: every open page reads again.
  if (batch.answers.length > 0 && (topics.size === 0 || !link))
    for (const t of PUBLIC_TOPIC_LIST) topics.add(t);
  if (link?.offline) topics.add('competition');
  return { competitionId: competition.id, appliedSeq: batch.to, topics: [...topics] };
}

const keyParam = z.object({ key: competitionKey });

/**
 * `/api/mirror/v1`: where venues send (docs/mirror.md). Only with PROMENADE_MIRROR_ACCEPT_TOKEN set;
 * every call carries one of its secrets.
 */
export function mirrorReceiver(tokens: readonly string[]): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', async (req) => {
      if (!accepts(tokens, req.headers.authorization))
        throw unauthorized('This public site does not accept that mirror token.');
    });
    // Hand-over and hand-back (handover.ts), under the same token.
    await app.register(handoverReceiver);

    app.get(
      '/competitions/:key',
      {
        schema: {
          hide: true,
          params: keyParam,
          querystring: z.object({ venue: z.string().max(64) }),
          response: { 200: mirrorState },
        },
      },
      async (req) => {
        const c = await app.db
          .selectFrom('competitions')
          .select(['id', 'handed_over_at'])
          .where('key', '=', req.params.key)
          .executeTakeFirst();
        if (!c) return { appliedSeq: null, answers: {} };
        const link = await linkOf(app.db, c.id);
        if (!link && !c.handed_over_at)
          throw new HttpError(
            409,
            'not_mirrored',
            `The competition "${req.params.key}" is run on this site; hand it over to the venue first.`,
          );
        if (link && link.venue_id !== req.query.venue) throw elsewhere(req.params.key, link.venue_name);
        if (!link) return { appliedSeq: null, answers: {} };
        const answers = await app.db
          .selectFrom('mirror_answers')
          .select(['path', 'sha256'])
          .where('competition_id', '=', c.id)
          .orderBy('path')
          .execute();
        return {
          appliedSeq: link.applied_seq,
          answers: Object.fromEntries(answers.map((a) => [a.path, a.sha256])),
        };
      },
    );

    app.post(
      '/competitions/:key/batches',
      {
        bodyLimit: BATCH_BYTES + 1024 * 1024,
        schema: { hide: true, params: keyParam, body: mirrorBatch, response: { 200: mirrorApplied } },
      },
      async (req) => {
        const key = req.params.key;
        const base = `/competitions/${key}`;
        for (const a of req.body.answers) {
          const own = a.path === base || a.path.startsWith(`${base}/`) || a.path.startsWith(`${base}?`);
          if (!own || canonicalPath(a.path) !== a.path)
            throw new HttpError(
              400,
              'invalid',
              `An answer's path must be of "${key}", in its canonical spelling.`,
            );
        }
        const now = new Date().toISOString();
        const done = await app.db.transaction().execute((trx) => applyBatch(trx, key, req.body, now));
        if (done.topics.length > 0) await app.feed.publish(done.competitionId, ...done.topics);
        return { appliedSeq: done.appliedSeq };
      },
    );

    app.post(
      '/competitions/:key/heartbeat',
      { schema: { hide: true, params: keyParam, body: mirrorHeartbeat, response: { 200: mirrorApplied } } },
      async (req) => {
        const c = await app.db
          .selectFrom('competitions')
          .select('id')
          .where('key', '=', req.params.key)
          .executeTakeFirst();
        const link = c ? await linkOf(app.db, c.id) : undefined;
        if (!c || !link)
          throw new HttpError(409, 'out_of_order', 'Send the competition from the start first.', {
            appliedSeq: null,
          });
        if (link.venue_id !== req.body.venue.id) throw elsewhere(req.params.key, link.venue_name);
        await app.db
          .updateTable('mirror_links')
          .set({ contact_at: new Date().toISOString(), offline: 0 })
          .where('competition_id', '=', c.id)
          .execute();
        if (link.offline) await app.feed.publish(c.id, 'competition');
        return { appliedSeq: link.applied_seq };
      },
    );

    // Says each venue that went quiet offline once, so open pages show it without polling.
    const watch = setInterval(() => {
      void (async () => {
        const cutoff = new Date(Date.now() - OFFLINE_AFTER_MS).toISOString();
        const gone = await app.db
          .updateTable('mirror_links')
          .set({ offline: 1 })
          .where('offline', '=', 0)
          .where('contact_at', '<', cutoff)
          .returning('competition_id')
          .execute();
        for (const g of gone) await app.feed.publish(g.competition_id, 'competition');
      })().catch((err: unknown) => app.log.warn({ err }, 'mirror: checking for quiet venues failed'));
    }, 5_000);
    watch.unref();
    app.addHook('onClose', async () => clearInterval(watch));
  };
}

export type { MirrorVenue };
