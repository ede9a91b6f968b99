import { z } from 'zod';
import { WITHDRAWAL_KINDS } from '../rounds/formats.ts';
import { flagBody, version } from './common.ts';
import { coupleNames, eventRef, roundRef, roundSlot } from './parts.ts';
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
    version: version.optional(),
  })
  .strict();
export type HeatsBody = z.infer<typeof heatsBody>;

export const scratchBody = flagBody('scratched');

/** One couple of a round on the deck captain's list. */
export const floorCouple = z.object({
  entryId: z.number(),
  coupleNumber: z.string(),
  ...coupleNames,
  heat: z.number(),
  checkedIn: z.boolean(),
  scratched: z.boolean(),
  /** A star couple joining at this round: screens show ★ by the number. */
  star: z.boolean(),
  /** Disqualified or withdrew (the chairman's record) from this round or earlier. */
  status: z.enum(WITHDRAWAL_KINDS).optional(),
});
export type FloorCouple = z.infer<typeof floorCouple>;

/** GET …/rounds/{n}/couples, and each round of GET /floor. */
export const roundCouples = z.object({
  ...eventRef,
  ...roundRef,
  roundState: z.number(),
  ...roundSlot,
  /** The floor it is danced on. */
  floor: z.string(),
  startedAt: z.string().nullable(),
  recallSize: z.number(),
  heatSize: z.number().nullable(),
  /** How many heats the couples not scratched are split into. */
  heats: z.number(),
  /** False while the round waits for the round before it to be posted. */
  couplesKnown: z.boolean(),
  /**
   * Rounds to be posted before this one can start (the round before it and, when it has one, its
   * redance); empty once it can start or has started.
   */
  waitingFor: z.array(z.string()),
  /** By number; scratched couples stay listed (struck through on screen). */
  couples: z.array(floorCouple),
  version: z.number(),
});
export type RoundCouples = z.infer<typeof roundCouples>;

/** POST …/rounds/{n}/heats: the new list with what changed in words. */
export const heatsAnswer = roundCouples.extend({ message: z.string() });
export type HeatsAnswer = z.infer<typeof heatsAnswer>;

/** GET /floor: what is on the floor now and what comes next, in schedule order. */
export const floorView = z.object({ onFloor: z.array(roundCouples), next: z.array(roundCouples) });
export type FloorView = z.infer<typeof floorView>;
