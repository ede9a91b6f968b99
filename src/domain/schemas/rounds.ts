/** Answers of the round commands (src/server/api/rounds/). */
import { z } from 'zod';

/**
 * Generate, clear, add, skip, delete a round and PATCH a round: what was done in words and the
 * event as GET events shows it now. The event's shape belongs to the events resource (its schema
 * is described there; not restated here).
 */
export const eventRoundsEdited = z.object({ message: z.string(), event: z.unknown() });
export type EventRoundsEdited = z.infer<typeof eventRoundsEdited>;
