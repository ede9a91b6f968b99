/**
 * Messages an organizer sends to dancers: announcements (to everyone, one event's or one team's),
 * "Your day" (the published schedule) and unsubscribing from announcements.
 */
import { z } from 'zod';
import { displayText, requiredText, type RuleProblem } from './common.ts';
import { ANNOUNCEMENT_BODY_MAX_BYTES, ANNOUNCEMENT_SUBJECT_MAX } from '../messages/audience.ts';

export const audienceKinds = ['all', 'event', 'team'] as const;

/**
 * Who an announcement goes to: every dancer of the competition ('all'), the dancers of one event
 * ('event', key: the event's name or key) or of one team ('team', key: the affiliation as registered,
 * compared trimmed and without regard to case).
 */
export const audience = z
  .object(
    {
      kind: z.enum(audienceKinds, { error: "audience.kind must be 'all', 'event' or 'team'" }),
      key: z
        .string({ error: 'audience.key must be text' })
        .trim()
        .max(200, { error: 'audience.key must be at most 200 characters' })
        .optional(),
    },
    { error: 'audience must be an object {kind, key?}' },
  )
  .strict()
  .superRefine((a, ctx) => {
    if (a.kind !== 'all' && !a.key)
      ctx.addIssue({
        code: 'custom',
        path: ['key'],
        message: `audience.key is required for ${a.kind === 'event' ? 'an event (its name)' : 'a team (its affiliation)'}`,
        params: { reason: 'audienceKey', kind: a.kind } satisfies RuleProblem,
      });
  });
export type Audience = z.infer<typeof audience>;

const byteLength = (s: string) => new TextEncoder().encode(s).length;

export const announcementCreate = z
  .object({
    audience,
    subject: requiredText('Subject').pipe(
      z.string().max(ANNOUNCEMENT_SUBJECT_MAX, {
        error: `Subject must be at most ${ANNOUNCEMENT_SUBJECT_MAX} characters`,
      }),
    ),
    body: z
      .string({ error: 'Body must be text' })
      // Checked on the raw text first, so a huge body is refused before any other work on it.
      .refine((v) => byteLength(v) <= ANNOUNCEMENT_BODY_MAX_BYTES, {
        error: `Body must be at most ${ANNOUNCEMENT_BODY_MAX_BYTES / 1024} KB`,
        params: { reason: 'bodyTooLarge', kb: ANNOUNCEMENT_BODY_MAX_BYTES / 1024 } satisfies RuleProblem,
        abort: true,
      })
      .pipe(displayText('Body', ANNOUNCEMENT_BODY_MAX_BYTES, { multiline: true }))
      .refine((v) => v.trim().length > 0, {
        error: 'Body is required',
        params: { reason: 'required' } satisfies RuleProblem,
      }),
  })
  .strict();
export type AnnouncementCreate = z.infer<typeof announcementCreate>;

export const announcementPreviewRequest = z.object({ audience }).strict();

/** How many dancers would receive it (distinct addresses, the unsubscribed left out). */
export const audienceCount = z.object({ recipients: z.number().int() });
export type AudienceCount = z.infer<typeof audienceCount>;

export const announcementSent = z.object({
  announcementId: z.number().int(),
  recipients: z.number().int(),
});
export type AnnouncementSent = z.infer<typeof announcementSent>;

/** One sent announcement with how its messages fared (staff only: it names failing addresses). */
export const announcementRecord = z.object({
  id: z.number().int(),
  audience: z.object({ kind: z.enum(audienceKinds), key: z.string().optional() }),
  /** The audience in words: "All dancers", "Event: Adult Silver Waltz", "Team: Harvard". */
  audienceLabel: z.string(),
  subject: z.string(),
  body: z.string(),
  createdAt: z.string(),
  createdBy: z.string(),
  recipients: z.number().int(),
  delivered: z.number().int(),
  failed: z.number().int(),
  /** Waiting to be sent, or kept unsent because no mail server is configured. */
  pending: z.number().int(),
  unsent: z.number().int(),
  failures: z.array(z.object({ to: z.string(), reason: z.string() })),
});
export type AnnouncementRecord = z.infer<typeof announcementRecord>;

export const announcementHistory = z.object({
  /** Newest first. */
  announcements: z.array(announcementRecord),
  /** The competition's events and teams to address an announcement to. */
  events: z.array(z.object({ key: z.string(), name: z.string() })),
  teams: z.array(z.string()),
});
export type AnnouncementHistory = z.infer<typeof announcementHistory>;

/** POST …/unsubscribe?t=TOKEN (one click, RFC 8058) and GET (what the page shows before confirming). */
export const unsubscribeQuery = z
  .object({
    t: z
      .string({ error: 't must be the token of the unsubscribe link' })
      .regex(/^[A-Za-z0-9_-]{16,64}$/, { error: 't is not an unsubscribe token' }),
  })
  .strict();
export const unsubscribeState = z.object({
  competitionName: z.string(),
  unsubscribed: z.boolean(),
});
export type UnsubscribeState = z.infer<typeof unsubscribeState>;

/** POST …/schedule/publish: "Your day" to every dancer; GET: when it was last sent. */
export const schedulePublishState = z.object({
  publishedAt: z.string().nullable(),
  /** Dancers it would go to now (distinct addresses). */
  recipients: z.number().int(),
});
export type SchedulePublishState = z.infer<typeof schedulePublishState>;
export const schedulePublished = z.object({ recipients: z.number().int(), publishedAt: z.string() });
export type SchedulePublished = z.infer<typeof schedulePublished>;
