/**
 * Championship formats on the wire: a star couple's round, a redance, the
 * chairman's disqualification or withdrawal of a couple. Rules: src/domain/rounds/formats.ts.
 */
import { z } from 'zod';
import { WITHDRAWAL_KINDS } from '../rounds/formats.ts';
import { displayText, longText } from './common.ts';

const reason = (what: string) =>
  longText('The reason', 500).min(3, { error: `Say why the couple ${what} (at least 3 characters)` });

/** A star couple joins the event at round `joinsRound`; null: an ordinary couple again. */
export const starBody = z
  .object({
    joinsRound: z
      .number({ error: 'joinsRound is the number of the round the star couple joins, or null' })
      .int()
      .min(2, { error: 'A star couple joins round 2 or later (everyone dances the first round)' })
      .max(1_000)
      .nullable(),
    version: z.number().int().min(0).optional(),
  })
  .strict();
export type StarBody = z.infer<typeof starBody>;

export const starSet = z.object({
  message: z.string(),
  entryId: z.number(),
  coupleNumber: z.string(),
  joinsRound: z.number().nullable(),
  version: z.number(),
  /** For the web's words in the reader's language (`message` stays English). */
  eventName: z.string(),
  /** The round the couple joins at; null: from the first round. */
  roundName: z.string().nullable(),
  /** The rounds before it whose recall size changed with it. */
  recalls: z.array(z.object({ roundName: z.string(), recallSize: z.number() })),
});
export type StarSet = z.infer<typeof starSet>;

/**
 * The chairman takes a couple out: `kind` disqualified or withdrew; `scope` 'round' (from the round
 * the couple is in now on) or 'event' (struck from the whole event).
 */
export const withdrawalBody = z
  .object({
    kind: z.enum(WITHDRAWAL_KINDS, { error: 'kind is "disqualified" or "withdrew"' }),
    reason: reason('leaves'),
    scope: z.enum(['round', 'event'], { error: 'scope is "round" or "event"' }).default('round'),
    version: z.number().int().min(0).optional(),
  })
  .strict();
export type WithdrawalBody = z.infer<typeof withdrawalBody>;

export const reinstateBody = z.object({ reason: reason('is reinstated') }).strict();

export const withdrawalDone = z.object({
  message: z.string(),
  entryId: z.number(),
  coupleNumber: z.string(),
  withdrawal: z.enum(WITHDRAWAL_KINDS).nullable(),
  fromRound: z.number().nullable(),
  keepsPlace: z.boolean(),
  version: z.number(),
  /** For the web's words in the reader's language (`message` stays English). */
  eventName: z.string(),
  /** The round the couple leaves (withdrawal) or is back in (reinstated); null before the event starts. */
  roundName: z.string().nullable(),
  /** That round's result was computed again without (or with) the couple. */
  recomputed: z.boolean(),
});

/** A redance after round n recalling `recallSize` couples back into the next round. */
export const redanceBody = z
  .object({
    recallSize: z
      .number({ error: 'recallSize is how many couples the redance brings back' })
      .int()
      .min(1)
      .max(1_000),
    name: displayText('Round name', 60).min(1, { error: 'Round name is required' }).optional(),
    version: z.number().int().min(0).optional(),
  })
  .strict();
