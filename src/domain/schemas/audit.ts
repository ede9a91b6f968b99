import { z } from 'zod';

/**
 * GET …/audit/verify (issue 18): the competition's audit trail checked link by link. `records` is how
 * many records were read; `head` the last record's hash (write it down to tell later that nothing
 * before it changed); `brokenAt` the id of the first record whose link is broken, and why.
 */
export const auditVerdict = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), records: z.number().int().min(0), head: z.string() }),
  z.object({
    ok: z.literal(false),
    brokenAt: z.number().int(),
    records: z.number().int().min(0),
    reason: z.string(),
  }),
]);
export type AuditVerdict = z.infer<typeof auditVerdict>;
