/** GET /competitions/{key}/announcements: what the MC reads out. */
import { z } from 'zod';
import { eventRef, roundRef } from './parts.ts';
import { resultCouple } from './results.ts';

export const announcedCouple = resultCouple.extend({
  /** Final place (a shared place is the mean, e.g. 2.5); null in a recall. */
  place: z.number().nullable(),
});
export type AnnouncedCouple = z.infer<typeof announcedCouple>;

/** One posted round. Recalls list the recalled couples; finals every placed couple. */
export const announcement = z.object({
  /** Stable id of the round: `${eventKey}/${roundNumber}`. */
  id: z.string(),
  ...eventRef,
  ...roundRef,
  kind: z.enum(['recall', 'final']),
  postedAt: z.string(),
  /** The round the recalled couples go to ("Final"); null for a final. */
  nextRoundName: z.string().nullable(),
  couples: z.array(announcedCouple),
});
export type Announcement = z.infer<typeof announcement>;

export const announcements = z.object({
  /** Posted rounds in posting order, the latest last. */
  items: z.array(announcement),
});
export type Announcements = z.infer<typeof announcements>;
