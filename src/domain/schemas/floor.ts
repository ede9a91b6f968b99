import { z } from 'zod';
import { MAX_HEAT_SIZE } from '../rounds/heats.ts';

/** Deck captain's heat size: couples the floor holds at once; null = one heat. */
export const heatsBody = z
  .object({
    heatSize: z
      .number({ error: 'Heat size must be a number of couples' })
      .int({ error: 'Heat size must be a whole number of couples' })
      .min(2, { error: 'A heat holds at least 2 couples' })
      .max(MAX_HEAT_SIZE, { error: `A heat holds at most ${MAX_HEAT_SIZE} couples` })
      .nullable(),
    version: z.number().int().min(0).optional(),
  })
  .strict();
export type HeatsBody = z.infer<typeof heatsBody>;

export const scratchBody = z
  .object({ scratched: z.boolean({ error: 'scratched must be true or false' }) })
  .strict();

/** One couple of a round on the deck captain's list. */
export interface FloorCouple {
  entryId: number;
  coupleNumber: string;
  leadName: string;
  followName: string;
  affiliation: string;
  heat: number;
  checkedIn: boolean;
  scratched: boolean;
}

/** GET …/rounds/{n}/couples, and each round of GET /floor. */
export interface RoundCouples {
  eventKey: string;
  eventName: string;
  roundNumber: number;
  roundName: string;
  roundState: number;
  scheduleIndex: number;
  roundStartTime: string | null;
  startedAt: string | null;
  recallSize: number;
  heatSize: number | null;
  /** How many heats the couples not scratched are split into. */
  heats: number;
  /** False while the round waits for the round before it to be posted. */
  couplesKnown: boolean;
  /** By number; scratched couples stay listed (struck through on screen). */
  couples: FloorCouple[];
  version: number;
}

/** GET /floor: what is on the floor now and what comes next, in schedule order. */
export interface FloorView {
  onFloor: RoundCouples[];
  next: RoundCouples[];
}
