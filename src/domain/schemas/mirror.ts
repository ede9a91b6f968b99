/**
 * What the venue and the public site say to each other (docs/mirror.md): the venue sends its public
 * answers in batches numbered by its change feed; the public site applies each batch once, in order.
 */
import { z } from 'zod';
import { competitionKey, feedTopics } from './competition.ts';

/** A path under /api/v1 of a public read, with its query (at most what the venue ever reads). */
export const mirrorPath = z
  .string()
  .max(500)
  .regex(/^\/competitions\/[a-z0-9][a-z0-9-]{1,39}(\/[^\s?#]*)?(\?[^\s#]*)?$/, {
    error: 'must be a path under /competitions/{key}',
  });

export const mirrorVenue = z.strictObject({
  /** Made once by the venue and kept in its database. */
  id: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, { error: 'must be 8 to 64 letters, digits, - or _' }),
  /** Shown on the public site ("Live from the venue"). */
  name: z.string().trim().min(1).max(200),
});
export type MirrorVenue = z.infer<typeof mirrorVenue>;

/** A public change number of the venue's feed (its public stream's numbering). */
const seq = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

const SERVED_TYPES = /^(application\/json|text\/csv|image\/(png|jpeg|webp))(;|$)/;

/** One public answer as the venue gives it to a signed-out reader, or the news that it is gone. */
export const mirrorAnswer = z.union([
  z.strictObject({
    path: mirrorPath,
    status: z.number().int().min(200).max(599),
    /** The headers that travel: content-type, x-total-count, content-disposition, cache-control. */
    headers: z
      .partialRecord(
        z.enum(['content-type', 'x-total-count', 'content-disposition', 'cache-control']),
        z.string().max(500),
      )
      // What public reads answer with; nothing a browser would run as a page of this site.
      .refine((h) => h['content-type'] === undefined || SERVED_TYPES.test(h['content-type']), {
        error: 'content-type must be JSON, CSV or an image',
        path: ['content-type'],
      }),
    /** The body's bytes, base64. */
    body: z.base64(),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
  }),
  z.strictObject({ path: mirrorPath, gone: z.literal(true) }),
]);
export type MirrorAnswer = z.infer<typeof mirrorAnswer>;

/**
 * Public changes `from`+1 … `to` and the answers as they stand after `to`. A batch too large for one
 * request travels in parts: every part but the last has `to` = `from` (answers, no change applied).
 */
export const mirrorBatch = z
  .strictObject({
    venue: mirrorVenue,
    from: seq,
    to: seq,
    topics: z.array(z.enum(feedTopics)).max(feedTopics.length),
    answers: z.array(mirrorAnswer).max(100_000),
  })
  .refine((b) => b.to >= b.from, { error: 'to must not be below from', path: ['to'] });
export type MirrorBatch = z.infer<typeof mirrorBatch>;

/** The public site's answer to a batch or a heartbeat: the public changes it has applied. */
export const mirrorApplied = z.strictObject({ appliedSeq: seq });

/** What the public site has of a competition, when a venue (re)connects. */
export const mirrorState = z.strictObject({
  /** Null: nothing mirrored yet. */
  appliedSeq: seq.nullable(),
  /** Each answer it holds: path → SHA-256 of the body (with status and headers, see `answerHash`). */
  answers: z.record(z.string(), z.string()),
});
export type MirrorState = z.infer<typeof mirrorState>;

export const mirrorHeartbeat = z.strictObject({ venue: mirrorVenue, seq });

export { mirrorHealth, type MirrorHealth } from './common.ts';

/** A competition's link as its readers see it ("Live from the venue · updated 12:03:41"). */
export const mirrorStatus = z.object({
  /** The venue it is mirrored from; null: this server runs it. */
  venue: z.string().nullable(),
  /** `own`: run here; `live`: mirrored, the venue heard from lately; `offline`: not for a while. */
  state: z.enum(['own', 'live', 'offline']),
  /** When the last change from the venue was applied. */
  updatedAt: z.string().nullable(),
  /** When the venue was last heard from. */
  contactAt: z.string().nullable(),
  /** At the venue: its link to the public site for this competition; null elsewhere. */
  link: z
    .object({
      state: z.enum(['connected', 'offline']),
      /** Since when connected, or offline. */
      since: z.string(),
      /** Public changes the public site does not have yet. */
      behind: z.number().int().min(0),
      /** How long the oldest of them has waited. */
      behindSeconds: z.number().int().min(0),
    })
    .nullable(),
});
export type MirrorStatus = z.infer<typeof mirrorStatus>;

/** A venue asks the public site for a competition (docs/mirror.md, "Hand-over and hand-back"). */
export const mirrorHandOver = z.strictObject({ venue: mirrorVenue });

/** A venue gives a competition back: its export (the exchange format) replaces the public site's rows. */
export const mirrorHandBack = z.strictObject({ venue: mirrorVenue, export: z.unknown() });

/** The public site's answer to a hand-back. */
export const mirrorHandedBack = z.strictObject({
  key: z.string(),
  /** When the public site became the competition's primary again. */
  at: z.string(),
});

/** At the venue: which competition to take over from the public site. */
export const takeOverBody = z.strictObject({ key: competitionKey });

/**
 * A competition this server handed over, taken back without its hand-back: a venue whose import
 * failed, or a venue lost. `force`: also while a venue mirrors it (what it did since stays there).
 */
export const takeBackBody = z.strictObject({ force: z.boolean().optional() });

/** At the venue: a competition handed back to the public site. */
export const handBackAnswer = z.object({
  key: z.string(),
  /** The public site's address: the competition is changed there now. */
  to: z.string(),
  at: z.string(),
});
