import { checkCoupleEligibility, type PlacedOut } from './eligibility.ts';
import { findDuplicateEntry, normalizeName, type Pair } from './entries.ts';
import { compareLevels, isLevel, type Level } from './levels.ts';
import { isStyle, type Style } from './styles.ts';
import { checkYcnEntry, type Standing } from './proficiency/ycn.ts';
import type { Eligibility } from './schemas/competition.ts';

/** Numbers worn by leads start here (spec: the demo uses 100…). */
export const FIRST_LEAD_NUMBER = 100;

export interface RuleEvent {
  key: string;
  name: string;
  style: string;
  level: string;
  /** The event's dances: YCN points are per dance. */
  dances?: readonly string[];
}

export interface RuleEntry extends Pair {
  eventKey: string;
}

export interface RuleDancer {
  name: string;
  placedOut: Partial<Record<Style, Level>>;
  /** The dancer's YCN points (under the `ycn` rule). */
  standings?: readonly Standing[];
}

export type EntryProblemCode = 'unknown_event' | 'repeated_event' | 'duplicate_pair' | 'not_eligible';

export interface EntryProblem {
  code: EntryProblemCode;
  eventKey: string;
  message: string;
  /** What the message says, for a reader in another language (the web words it from these). */
  values?: Record<string, string | number>;
}

/** HTTP status of a problem: bad request, conflict with an existing entry, or a rule of the sport. */
export const PROBLEM_STATUS: Record<EntryProblemCode, number> = {
  unknown_event: 400,
  repeated_event: 400,
  duplicate_pair: 409,
  not_eligible: 422,
};

/** The highest level per style of two statements (a dancer never "un-places"). */
export function mergePlacedOut(
  a: Partial<Record<Style, Level>>,
  b: Partial<Record<Style, Level>>,
): Partial<Record<Style, Level>> {
  const out: Partial<Record<Style, Level>> = { ...a };
  for (const [style, level] of Object.entries(b) as [Style, Level][]) {
    const have = out[style];
    if (have === undefined || compareLevels(level, have) > 0) out[style] = level;
  }
  return out;
}

export function placedOutList(m: Partial<Record<Style, Level>>): PlacedOut[] {
  return (Object.entries(m) as [Style, Level][]).map(([style, level]) => ({ style, level }));
}

/** Reads a stored {style: level} JSON document, keeping only known styles and levels. */
export function parsePlacedOut(json: string): Partial<Record<Style, Level>> {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return {};
  }
  const out: Partial<Record<Style, Level>> = {};
  if (raw && typeof raw === 'object')
    for (const [s, l] of Object.entries(raw as Record<string, unknown>))
      if (isStyle(s) && isLevel(l)) out[s] = l;
  return out;
}

/** A registration's own declarations, stored as {lead: {style: level}, follow: {…}}. */
export function parseDeclaredPlacedOut(json: string): {
  lead: Partial<Record<Style, Level>>;
  follow: Partial<Record<Style, Level>>;
} {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    raw = {};
  }
  const part = (k: 'lead' | 'follow') =>
    raw && typeof raw === 'object' && k in raw ? JSON.stringify((raw as Record<string, unknown>)[k]) : '{}';
  return { lead: parsePlacedOut(part('lead')), follow: parsePlacedOut(part('follow')) };
}

/**
 * Every reason the couple may not enter these events (spec §5, domain.md): an event that does not
 * exist, an event named twice, the same pair already in the event (either order), or a dancer who may
 * not dance the event's level under the competition's rule (`eligibility`, default `declared`: placed
 * out of it by declaration; `ycn`: 7 YCN points at or above it in one of its dances; `none`: no rule).
 * An empty list means every entry is allowed.
 */
export function checkEntries(input: {
  eventKeys: readonly string[];
  events: ReadonlyMap<string, RuleEvent>;
  existing: readonly RuleEntry[];
  lead: RuleDancer;
  follow: RuleDancer;
  eligibility?: Eligibility;
}): EntryProblem[] {
  const rule = input.eligibility ?? 'declared';
  const problems: EntryProblem[] = [];
  const seen = new Set<string>();
  const pair: Pair = { leadName: input.lead.name, followName: input.follow.name };
  for (const key of input.eventKeys) {
    const event = input.events.get(key);
    if (!event) {
      problems.push({
        code: 'unknown_event',
        eventKey: key,
        message: `There is no event "${key}".`,
        values: { event: key },
      });
      continue;
    }
    if (seen.has(key)) {
      problems.push({
        code: 'repeated_event',
        eventKey: key,
        message: `${event.name} is listed twice.`,
        values: { event: event.name },
      });
      continue;
    }
    seen.add(key);
    const inEvent = input.existing.filter((e) => e.eventKey === key);
    if (findDuplicateEntry(inEvent, pair)) {
      problems.push({
        code: 'duplicate_pair',
        eventKey: key,
        message: `${input.lead.name} and ${input.follow.name} are already entered in ${event.name}.`,
        values: { lead: input.lead.name, follow: input.follow.name, event: event.name },
      });
    }
    if (rule === 'ycn' && isStyle(event.style) && isLevel(event.level)) {
      const ycnEvent = {
        name: event.name,
        style: event.style,
        level: event.level,
        dances: event.dances ?? [],
      };
      for (const d of [input.lead, input.follow])
        for (const r of checkYcnEntry(d.name, ycnEvent, d.standings ?? []))
          problems.push({
            code: 'not_eligible',
            eventKey: key,
            message: r.message,
            values: {
              rule: 'ycn',
              dancer: r.dancer,
              points: r.points,
              level: r.level,
              style: event.style,
              dance: r.dance,
              event: event.name,
            },
          });
    }
    if (rule === 'declared' && isStyle(event.style) && isLevel(event.level)) {
      const refusals = checkCoupleEligibility({ style: event.style, level: event.level }, [
        { name: input.lead.name, placedOut: placedOutList(input.lead.placedOut) },
        { name: input.follow.name, placedOut: placedOutList(input.follow.placedOut) },
      ]);
      for (const r of refusals)
        problems.push({
          code: 'not_eligible',
          eventKey: key,
          message: `${event.name}: ${r.message}`,
          values: {
            rule: 'placedOut',
            dancer: r.dancer,
            placedOutOf: r.placedOutOf,
            style: r.style,
            level: r.level,
            event: event.name,
          },
        });
    }
  }
  return problems;
}

/** The status to answer with when there are problems: the first kind in 400, 409, 422 order. */
export function problemsStatus(problems: readonly EntryProblem[]): number {
  return Math.min(...problems.map((p) => PROBLEM_STATUS[p.code]));
}

/**
 * The next lead number: one more than the highest competitor number (at least FIRST_LEAD_NUMBER), so
 * numbers follow registration order; skips numbers already worn (e.g. an ad hoc 999).
 */
export function nextLeadNumber(competitorNumbers: readonly number[], taken: ReadonlySet<number>): number {
  let n = Math.max(FIRST_LEAD_NUMBER - 1, ...competitorNumbers) + 1;
  while (taken.has(n)) n++;
  return n;
}

/** Two registrations are of the same person when name and email match (ignoring case and spacing). */
export function samePerson(a: { name: string; email: string }, b: { name: string; email: string }): boolean {
  return (
    normalizeName(a.name) === normalizeName(b.name) &&
    a.email.trim().toLowerCase() === b.email.trim().toLowerCase()
  );
}
