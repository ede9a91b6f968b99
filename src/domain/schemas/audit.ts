import { z } from 'zod';

/** A stored mark the audit trail does not vouch for (changed in the database, not by a command). */
export const markMismatch = z.object({
  event: z.string(),
  eventKey: z.string(),
  round: z.string(),
  roundNumber: z.number().int(),
  judge: z.string(),
  officialId: z.number().int(),
  dance: z.string(),
  reason: z.string(),
});
export type MarkMismatch = z.infer<typeof markMismatch>;

/** A posted result whose noted head of the trail the trail no longer holds (records removed after it). */
export const postedHeadMissing = z.object({
  event: z.string(),
  round: z.string(),
  roundNumber: z.number().int(),
  postedAt: z.string(),
  head: z.string(),
});
export type PostedHeadMissing = z.infer<typeof postedHeadMissing>;

/**
 * GET …/audit/verify: the competition's audit trail checked link by link, every stored mark
 * checked against the trail's records of it, and every posted result's noted head looked for in the
 * trail. `records` is how many records were read; `head` the last record's hash (write it down to tell
 * later that nothing before it changed); `brokenAt` the id of the first record whose link is broken
 * (null when the links hold but marks or heads do not), and why; `marks` the stored marks that do not
 * match the trail, `posted` the posted results whose head is gone.
 */
export const auditVerdict = z.discriminatedUnion('ok', [
  z.object({
    ok: z.literal(true),
    records: z.number().int().min(0),
    head: z.string(),
    marksChecked: z.number().int().min(0),
    postedChecked: z.number().int().min(0),
  }),
  z.object({
    ok: z.literal(false),
    brokenAt: z.number().int().nullable(),
    records: z.number().int().min(0),
    reason: z.string(),
    marks: z.array(markMismatch),
    posted: z.array(postedHeadMissing),
  }),
]);
export type AuditVerdict = z.infer<typeof auditVerdict>;
