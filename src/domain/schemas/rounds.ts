/** Answers of the round commands (src/server/api/rounds/). */
import { z } from 'zod';
import { eventView } from './events.ts';

/**
 * Generate, clear, add, skip, delete a round and PATCH a round: what was done in words and the
 * event as GET events shows it now.
 */
export const eventRoundsEdited = z.object({ message: z.string(), event: eventView });
export type EventRoundsEdited = z.infer<typeof eventRoundsEdited>;
