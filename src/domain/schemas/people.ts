/**
 * People across competitions and their proficiency points. Public answers never carry an
 * email: a person is their name, their results and their points, all of which results pages publish.
 */
import { z } from 'zod';
import { STYLES } from '../styles.ts';
import { YCN_LADDER } from '../proficiency/ycn.ts';
import { email, importProblem } from './registration.ts';
import { csvImport, requiredText, type RuleProblem } from './common.ts';

const id = z.number().int();

/** One placing or round reached, on this server or imported from elsewhere. */
export const personResult = z.object({
  /** The competition on this server (its key, for links), or null for an imported result. */
  competitionKey: z.string().nullable(),
  competitionName: z.string(),
  /** The day of the competition (YYYY-MM-DD). */
  date: z.string(),
  /** The event on this server (its key, for links), or null for an imported result. */
  eventKey: z.string().nullable(),
  eventName: z.string(),
  style: z.string(),
  level: z.string(),
  dances: z.array(z.string()),
  role: z.enum(['lead', 'follow']),
  partner: z.string(),
  /** The last round the couple danced (or were recalled to); null when not known (imported). */
  roundReached: z.string().nullable(),
  /** Place in the final, or null. */
  place: z.number().nullable(),
  /** Rounds the event danced, the final included (what YCN points depend on); null while not known. */
  roundsDanced: z.number().int().nullable(),
  imported: z.boolean(),
  /** Entered, with nothing of the event posted yet (an upcoming or running competition). */
  entered: z.boolean(),
});
export type PersonResult = z.infer<typeof personResult>;

/** GET /people/{personId}: public. Newest result first. */
export const personPublic = z.object({
  id,
  name: z.string(),
  results: z.array(personResult),
});
export type PersonPublic = z.infer<typeof personPublic>;

export const pointsSource = z.object({
  competition: z.string(),
  event: z.string(),
  date: z.string(),
  place: z.number(),
  /** Points this placing gave at this level. */
  points: z.number(),
});

export const standing = z.object({
  style: z.enum(STYLES),
  dance: z.string(),
  level: z.enum(YCN_LADDER),
  points: z.number(),
  placedOut: z.boolean(),
  sources: z.array(pointsSource),
});
export type StandingView = z.infer<typeof standing>;

/** GET /people/{personId}/points: every style, dance and level with points (YCN single ladder). */
export const personPoints = z.object({
  personId: id,
  name: z.string(),
  standings: z.array(standing),
});
export type PersonPoints = z.infer<typeof personPoints>;

/**
 * POST …/people/standing: the registration form asks for a dancer's standing by the name and email
 * typed. Answered only when BOTH match a person (an email alone says nothing about whose it is).
 */
export const standingLookup = z.object({ name: requiredText('Name'), email: email('Email') }).strict();
export const standingAnswer = z.object({
  /** The person the name and email are known as, or null (a new dancer, or nothing matched). */
  person: z.object({ id, name: z.string() }).nullable(),
  standings: z.array(standing),
});
export type StandingAnswer = z.infer<typeof standingAnswer>;

// ---- Site administrators ----------------------------------------------------------------------

export const personCompetitor = z.object({
  competitorId: id,
  competitionKey: z.string(),
  competitionName: z.string(),
  startDate: z.string(),
  name: z.string(),
  email: z.string(),
  entries: z.number().int(),
});

/** A person as a site administrator reviews it: every email and competitor linked to it. */
export const personAdmin = z.object({
  id,
  name: z.string(),
  /** (name, email) pairs a registration joins this person by. */
  identities: z.array(z.object({ name: z.string(), email: z.string() })),
  competitors: z.array(personCompetitor),
  /** Placings imported from competitions elsewhere. */
  importedResults: z.number().int(),
  version: z.number().int(),
});
export type PersonAdmin = z.infer<typeof personAdmin>;

/**
 * GET /people/duplicates: persons sharing a name (likely one dancer registered with two emails). A
 * group whose every pair was marked as different dancers is left out; `distinctPairs` lists the pairs
 * of a group marked so far (each `[lower id, higher id]`).
 */
export const duplicateGroup = z.object({
  name: z.string(),
  persons: z.array(personAdmin),
  distinctPairs: z.array(z.tuple([id, id])),
});
export const duplicates = z.array(duplicateGroup);
export type DuplicateGroup = z.infer<typeof duplicateGroup>;

/** Merge `from` into `into`: every competitor, identity and imported result moves; `from` is gone. */
export const personMerge = z
  .object({
    from: id.positive(),
    into: id.positive(),
    /** The versions the administrator saw (409 stale otherwise). */
    fromVersion: z.number().int().min(0).optional(),
    intoVersion: z.number().int().min(0).optional(),
  })
  .strict()
  .refine((b) => b.from !== b.into, {
    error: 'Choose two different people',
    path: ['into'],
    params: { reason: 'differentPeople' } satisfies RuleProblem,
  });

/** Most persons one "different dancers" decision takes (a group of that name, never a whole list). */
export const MAX_DISTINCT_PERSONS = 20;

/**
 * POST /people/distinct: these persons are different dancers who share a name; every pair among them
 * is marked and leaves the duplicates review. A merge of two of them later drops their mark.
 */
export const personDistinct = z
  .object({
    personIds: z
      .array(id.positive(), { error: 'personIds must be a list of person numbers' })
      .min(2, { error: 'Choose at least two people' })
      .max(MAX_DISTINCT_PERSONS, { error: `Choose at most ${MAX_DISTINCT_PERSONS} people at once` }),
  })
  .strict()
  .refine((b) => new Set(b.personIds).size === b.personIds.length, {
    error: 'Each person may be named only once',
    path: ['personIds'],
    params: { reason: 'personTwice' } satisfies RuleProblem,
  });

export const personDistinctAnswer = z.object({
  message: z.string(),
  persons: z.array(z.object({ id, name: z.string() })),
  /** The pairs marked by this decision (pairs marked before are not repeated), `[lower id, higher id]`. */
  marked: z.array(z.tuple([id, id])),
});
export type PersonDistinctAnswer = z.infer<typeof personDistinctAnswer>;

/** A competitor wrongly linked: it (and its name and email) becomes a new person of its own. */
export const personSplit = z
  .object({ competitorId: id.positive(), version: z.number().int().min(0).optional() })
  .strict();

/** The two persons after a merge or split. */
export const personChange = z.object({ person: personAdmin, other: personAdmin.nullable() });
export type PersonChange = z.infer<typeof personChange>;

// ---- Results from elsewhere (CSV) --------------------------------------------------------------

export const RESULT_COLUMNS = [
  'competition',
  'date',
  'style',
  'level',
  'dances',
  'rounds danced',
  'place',
  'lead',
  'follow',
] as const;
export const MAX_RESULT_ROWS = 5_000;

// Within the 1 MiB body every route takes (about 10,000 rows of results).
export const resultsImport = csvImport(1_000_000, '1 MB');

const importedDancer = z.object({
  name: z.string(),
  /** The person the row counts for; null: a new person will be made (or was, when not a dry run). */
  personId: id.nullable(),
});

export const resultsImportAnswer = z.object({
  dryRun: z.boolean(),
  rows: z.number().int(),
  problems: z.array(importProblem),
  /** Results written (0 on a dry run or when there are problems). */
  created: z.number().int(),
  /** Each row that can be imported, with whom it counts for. */
  results: z.array(
    z.object({
      line: id,
      competition: z.string(),
      date: z.string(),
      event: z.string(),
      place: z.number(),
      lead: importedDancer,
      follow: importedDancer,
    }),
  ),
});
export type ResultsImportAnswer = z.infer<typeof resultsImportAnswer>;
