import { z } from 'zod';

/** Couple numbers travel as text (they are JSON object keys in finals). */
const coupleNumber = z.string().regex(/^\d{1,6}$/, { error: 'Couple numbers are whole numbers, e.g. "112"' });

/** One dance: recall = couple numbers marked; final = couple number → place. */
export const markValue = z.union([
  z.array(coupleNumber).max(500),
  z.record(coupleNumber, z.number().int({ error: 'Places are whole numbers' }).min(1).max(500)),
]);

/** PUT …/marks/{officialId}: {dance: value}, one or several dances of the round. */
export const marksBody = z
  .record(z.string().min(1).max(100), markValue)
  .refine((v) => Object.keys(v).length > 0 && Object.keys(v).length <= 20, {
    error: 'Send the marks of at least one dance',
  });
export type MarksBody = z.infer<typeof marksBody>;

export const marksQuery = z.object({
  /** A judge's wrong recall count is accepted only when they confirmed it (flagged to the scrutineer). */
  override: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
  /** Scrutineer entry from a judge's paper sheet. */
  source: z.enum(['paper', 'scrutineer']).optional(),
});

export const tieDecisions = ['includeTied', 'excludeTied'] as const;
export type TieDecision = (typeof tieDecisions)[number];

export const resultsBody = z
  .object({ tieDecision: z.enum(tieDecisions).optional(), version: z.number().int().min(0).optional() })
  .strict();

/** The chairman approves the computation they saw: `version` of the result (stale → 409). */
export const approveBody = z.object({ version: z.number().int().min(0).optional() }).strict();

export const unpostBody = z
  .object({
    reason: z
      .string({ error: 'Say why the result is un-posted' })
      .trim()
      .min(3, { error: 'Say why the result is un-posted' })
      .max(500),
  })
  .strict();

/** One judge's mark of one dance as GET marks shows it. */
export interface MarkView {
  value: string[] | Record<string, number>;
  version: number;
  source: 'judge' | 'scrutineer' | 'paper';
  countOverride: boolean;
  submittedAt: string;
  submittedBy: string;
}

export interface RoundMarksView {
  round: {
    roundNumber: number;
    roundName: string;
    roundState: number;
    kind: 'recall' | 'final';
    recallSize: number;
    /** Couples each judge marks per dance in a recall round. */
    marksPerDance: number | null;
    couples: string[];
    dances: string[];
  };
  /** The panel in order; `label` is the letter, or the name when no letter is set. */
  judges: { id: number; name: string; letter: string; label: string }[];
  /** dance → official id → mark. */
  marks: Record<string, Record<string, MarkView>>;
  missing: { officialId: number; judge: string; dance: string }[];
  /** Every panel judge has submitted every dance: the round can be computed. */
  complete: boolean;
}

/** Shared by both kinds: `computedAt`/`version` are shown to staff only. */
interface ResultsMeta {
  posted: boolean;
  postedAt: string | null;
  computedAt?: string;
  version?: number;
  /** The chairman's approval of this computation (staff only); null until approved. */
  approvedAt?: string | null;
  approvedBy?: string | null;
}

/** GET/POST round results of a recall round. The public sees placements, sumRecalls, byJudge, recalled. */
export interface RecallResultsView extends ResultsMeta {
  kind: 'recall';
  /** Couples by tally, most marks first. */
  placements: { couple: string; marks: number }[];
  /** Tally per couple. */
  sumRecalls: Record<string, number>;
  /** Tally per couple by judge letter. */
  byJudge: Record<string, Record<string, number>>;
  recalled: string[];
  /** Staff only from here on. */
  cutoffMarks?: number;
  tiedAtCutoff?: string[];
  tieDecision?: 'includeTied' | 'excludeTied' | null;
  /** How many couples each tie decision recalls. */
  options?: { includeTied: number; excludeTied: number };
  markCountProblems?: { dance: string; judge: string; marked: number; requested: number; message: string }[];
}

export interface FinalResultsView extends ResultsMeta {
  kind: 'final';
  placements: Record<string, number>;
  /** The engine's working (per dance tables, Rule 10/11 steps, summary). */
  finalTable: unknown;
}
