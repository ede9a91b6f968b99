import { z } from 'zod';
import { LEVELS } from '../levels.ts';
import { DANCES_BY_STYLE, STYLES } from '../styles.ts';
import { requiredText, shortText, version } from './common.ts';

/** Awards and Break are schedule items, not dances: an event made of one of them has no couples. */
export const SCHEDULE_ITEMS = ['Awards', 'Break'] as const;

const style = z.enum(STYLES, { error: `Style must be one of: ${STYLES.join(', ')}` });
const level = z.enum(LEVELS, { error: `Level must be one of: ${LEVELS.join(', ')}` });
const dances = z
  .array(shortText('Dance'), { error: 'Choose the dances' })
  .min(1, { error: 'Choose at least one dance' })
  .max(12, { error: 'At most 12 dances' });

function checkDances(v: { style?: string; dances?: string[] }, ctx: z.RefinementCtx): void {
  if (!v.dances || !v.style) return;
  const allowed = [...(DANCES_BY_STYLE[v.style as keyof typeof DANCES_BY_STYLE] ?? []), ...SCHEDULE_ITEMS];
  v.dances.forEach((d, i) => {
    if (!allowed.includes(d))
      ctx.addIssue({ code: 'custom', path: ['dances', i], message: `${d} is not a ${v.style} dance` });
  });
  if (new Set(v.dances).size !== v.dances.length)
    ctx.addIssue({ code: 'custom', path: ['dances'], message: 'A dance is listed twice' });
}

export const eventFields = z.object({ name: requiredText('Event name'), style, level, dances });

export const eventCreate = eventFields.strict().superRefine(checkDances);
export type EventCreate = z.infer<typeof eventCreate>;

export const eventPatch = eventFields
  .partial()
  .extend({ version: version.optional() })
  .strict()
  .superRefine(checkDances);
export type EventPatch = z.infer<typeof eventPatch>;

export const eventGridCreate = z
  .object({
    cells: z
      .array(z.object({ style, level }).strict())
      .min(1, { error: 'Tick at least one style × level cell' })
      .max(60, { error: 'At most 60 events at once' }),
    /** Added to every name, e.g. " – Day 2", to tell a second set apart. */
    suffix: shortText('Name suffix').default(''),
  })
  .strict();
export type EventGridCreate = z.infer<typeof eventGridCreate>;

export const eventDeleteQuery = z.object({
  /** Needed when the event has marks: its data is then archived in the audit trail. */
  confirm: z.enum(['true', 'false']).optional(),
});

export const roundAdd = z
  .object({
    after: z.number({ error: 'after must be a round number' }).int().min(0),
    name: shortText('Round name').optional(),
    recallSize: z.number().int().min(0).max(10_000).optional(),
  })
  .strict();

export const roundPatch = z
  .object({
    scheduleIndex: z.number({ error: 'Schedule index must be a number' }).min(0).max(100_000).optional(),
    roundStartTime: z.iso
      .datetime({ offset: true, error: 'Start time must be a date and time like 2026-11-21T09:00:00Z' })
      .nullable()
      .optional(),
    recallSize: z.number({ error: 'Recall size must be a number' }).int().min(0).max(10_000).optional(),
    roundState: z.number().int().min(0).max(5).optional(),
    roundName: requiredText('Round name').optional(),
    version: version.optional(),
  })
  .strict();
export type RoundPatch = z.infer<typeof roundPatch>;

export const roundGenerate = z
  .object({
    /** Recall sizes to use instead of the defaults, first round first (the Final's is ignored). */
    recallSizes: z.array(z.number().int().min(0).max(10_000)).max(20).optional(),
    /** The event version the organizer last saw. */
    version: version.optional(),
  })
  .strict();

/** The whole running order in its new order: one entry per round id. */
export const scheduleReorder = z
  .object({
    order: z.array(z.string().max(200)).min(1).max(2_000),
    /** The schedule version the client last saw. */
    version: z.string().max(200).optional(),
  })
  .strict();
export type ScheduleReorder = z.infer<typeof scheduleReorder>;

export const panelPut = z
  .object({
    officialIds: z.array(z.number().int().positive()).max(100),
    version: version.optional(),
  })
  .strict();

export const eventEntryCreate = z
  .object({
    leadName: requiredText('Lead name'),
    followName: requiredText('Follow name'),
    affiliation: shortText('Affiliation').default('Other'),
    leadNumber: z.number().int().min(1).max(99_999).optional(),
    leadId: z.number().int().positive().optional(),
    followId: z.number().int().positive().optional(),
  })
  .strict();
export type EventEntryCreate = z.infer<typeof eventEntryCreate>;

/** What GET …/schedule answers: the running order with estimated times (server and web share it). */
export interface ScheduleItem {
  roundId: string;
  eventKey: string;
  eventName: string;
  style: string;
  level: string;
  dances: string[];
  /** 'round', or 'Awards' / 'Break' for those schedule items. */
  kind: string;
  roundNumber: number;
  roundName: string;
  scheduleIndex: number;
  roundStartTime: string | null;
  roundState: number;
  recallSize: number;
  couples: number;
  heats: number;
  startedAt: string | null;
  endedAt: string | null;
  estimatedStart: string | null;
  estimatedEnd: string | null;
  minutesLate: number | null;
  version: number;
}

export interface Schedule {
  /** Changes whenever any round's place or version changes; send it back with a reorder. */
  version: string;
  timing: { firstStartTime: string | null; perDanceSeconds: number; transitionSeconds: number };
  items: ScheduleItem[];
}
