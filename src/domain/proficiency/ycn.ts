/**
 * YCN proficiency points, single ladder (docs/proficiency-points.md has the rule text and its sources).
 * Pure: given a dancer's placings, the points per style, dance and level, and whether an event is still
 * open to them. No I/O; the server reads the placings (posted finals on this server, imported results).
 *
 * The rule table, as implemented:
 * - Only events where at least a semi-final was danced earn points (a straight final earns none).
 * - Semi-final as the first round after the final (2 rounds danced): 1st 3, 2nd 2, 3rd 1.
 * - Quarter-final or more (3+ rounds danced): 1st 3, 2nd 2, 3rd–6th 1.
 * - The same placing also earns, one level below, double (6/4/2), and two or more levels below, 7.
 * - Points are per dance: a multi-dance event gives each of its dances the event's placing.
 * - 7 points at a level place the dancer out of that level and of every level below, for that style
 *   and dance. Championship has no cap: nobody places out of it.
 */
import type { Level } from '../levels.ts';
import type { Style } from '../styles.ts';

/** The single ladder, lowest first. Newcomer is YCN's "Pre-Bronze". */
export const YCN_LADDER = [
  'Newcomer',
  'Bronze',
  'Silver',
  'Gold',
  'Novice',
  'Pre-Championship',
  'Championship',
] as const;
export type YcnLevel = (typeof YCN_LADDER)[number];

/** Points at a level that place a dancer out of it (and of every level below). */
export const PLACE_OUT_POINTS = 7;

/**
 * Our event levels on the ladder. Newcomer…Gold, Novice and Championship are the ladder's own;
 * Prechamp is Pre-Championship. The rest are not YCN levels, so each is put where its dancers belong:
 * - Beginner (below Newcomer in our order) counts as Newcomer: it earns Newcomer points and is closed to
 *   a dancer placed out of Newcomer.
 * - Advanced counts as Gold (the MIT Open calls its Gold level "Advanced").
 * - Syllabus (open to Newcomer–Gold dancers) counts as Gold, the top of the syllabus: open to anyone
 *   not placed out of Gold, and its placings earn Gold points.
 * - Open (anyone may enter) counts as Championship: never closed to anyone, its placings earn
 *   Championship points.
 */
export const YCN_LEVEL_OF: Record<Level, YcnLevel> = {
  Beginner: 'Newcomer',
  Newcomer: 'Newcomer',
  Bronze: 'Bronze',
  Silver: 'Silver',
  Gold: 'Gold',
  Advanced: 'Gold',
  Syllabus: 'Gold',
  Novice: 'Novice',
  Prechamp: 'Pre-Championship',
  Open: 'Championship',
  Championship: 'Championship',
};

const rung = (l: YcnLevel): number => YCN_LADDER.indexOf(l);

/** Where a placing was earned, to name it in a standing and in a refusal. */
export interface PointsSource {
  competition: string;
  event: string;
  /** The day it was danced (YYYY-MM-DD), for ordering and messages. */
  date: string;
  place: number;
}

/** One couple's placing in one event: what the points are computed from. */
export interface Placing {
  style: Style;
  level: Level;
  dances: readonly string[];
  /** Rounds the event danced, the final included: 1 = a straight final, 2 = semi-final and final. */
  roundsDanced: number;
  /** The final's place; a shared place (2.5: 2nd–3rd) counts as the better of the two. */
  place: number;
  source: Omit<PointsSource, 'place'>;
}

/**
 * Points at the event's own level for a placing: 0 unless at least a semi-final was danced. A shared
 * place counts as the better place it shares (2.5 → 2nd).
 */
export function pointsAtLevel(roundsDanced: number, place: number): number {
  const p = Math.floor(place);
  if (roundsDanced < 2 || p < 1) return 0;
  if (p === 1) return 3;
  if (p === 2) return 2;
  if (p === 3) return 1;
  return roundsDanced >= 3 && p <= 6 ? 1 : 0;
}

/** Points `below` levels under the event's level for a placing worth `atLevel` there (0 stays 0). */
export function pointsBelow(atLevel: number, below: number): number {
  if (atLevel === 0) return 0;
  if (below === 0) return atLevel;
  return below === 1 ? atLevel * 2 : PLACE_OUT_POINTS;
}

/** One placing's points in one dance at one level. */
export interface Award {
  style: Style;
  dance: string;
  level: YcnLevel;
  points: number;
  source: PointsSource;
}

/** What a placing earns: for each of its dances, at its level and at every level below. */
export function awardsOf(p: Placing): Award[] {
  const atLevel = pointsAtLevel(p.roundsDanced, p.place);
  if (atLevel === 0) return [];
  const top = rung(YCN_LEVEL_OF[p.level]);
  const source: PointsSource = { ...p.source, place: p.place };
  const out: Award[] = [];
  for (const dance of new Set(p.dances))
    for (let r = top; r >= 0; r--)
      out.push({
        style: p.style,
        dance,
        level: YCN_LADDER[r] as YcnLevel,
        points: pointsBelow(atLevel, top - r),
        source,
      });
  return out;
}

/** A dancer's points in one style, dance and level, and whether they have placed out of it. */
export interface Standing {
  style: Style;
  dance: string;
  level: YcnLevel;
  points: number;
  /** Out of this level: 7 points here or at a level above (Championship never places out). */
  placedOut: boolean;
  /** The placings the points came from, newest first. */
  sources: (PointsSource & { points: number })[];
}

const placesOut = (level: YcnLevel, points: number) => level !== 'Championship' && points >= PLACE_OUT_POINTS;

/**
 * Every style, dance and level where the dancer has points, with where they came from. Ordered by
 * style, dance, then level from the top of the ladder down.
 */
export function standings(placings: readonly Placing[]): Standing[] {
  const byKey = new Map<string, Standing>();
  for (const a of placings.flatMap(awardsOf)) {
    const key = `${a.style}\n${a.dance}\n${a.level}`;
    let s = byKey.get(key);
    if (!s) {
      s = { style: a.style, dance: a.dance, level: a.level, points: 0, placedOut: false, sources: [] };
      byKey.set(key, s);
    }
    s.points += a.points;
    s.sources.push({ ...a.source, points: a.points });
  }
  const list = [...byKey.values()];
  for (const s of list) {
    s.sources.sort((a, b) => b.date.localeCompare(a.date) || a.event.localeCompare(b.event));
    // Placed out here when this level or one above it (same style and dance) reached 7.
    s.placedOut = list.some(
      (o) =>
        o.style === s.style &&
        o.dance === s.dance &&
        rung(o.level) >= rung(s.level) &&
        placesOut(o.level, o.points),
    );
  }
  return list.sort(
    (a, b) =>
      a.style.localeCompare(b.style) || a.dance.localeCompare(b.dance) || rung(b.level) - rung(a.level),
  );
}

/** Why a dancer may not enter an event under YCN points. */
export interface YcnRefusal {
  dancer: string;
  dance: string;
  /** The level whose 7 points closed the event's level (the event's own, or one above it). */
  level: YcnLevel;
  points: number;
  sources: Standing['sources'];
  message: string;
}

/** 1st, 2nd, 3rd, 4th…; a shared place gets "=" (2.5 → "2nd="). */
export function ordinal(place: number): string {
  const p = Math.floor(place);
  const teen = p % 100 >= 11 && p % 100 <= 13;
  const suffix = teen ? 'th' : (['th', 'st', 'nd', 'rd'][p % 10] ?? 'th');
  return `${p}${suffix}${p !== place ? '=' : ''}`;
}

/**
 * Whether a dancer may enter an event under YCN points: refused when placed out of the event's level in
 * ANY of its dances (a multi-dance event needs eligibility in all of them). The refusal names the dancer,
 * the dance, the points and where they were earned.
 */
export function checkYcnEntry(
  dancer: string,
  event: { name: string; style: Style; level: Level; dances: readonly string[] },
  dancerStandings: readonly Standing[],
): YcnRefusal[] {
  const level = YCN_LEVEL_OF[event.level];
  const out: YcnRefusal[] = [];
  for (const dance of new Set(event.dances)) {
    // The lowest level at or above the event's with 7 points: the one that closes it.
    const closing = dancerStandings
      .filter(
        (s) =>
          s.style === event.style &&
          s.dance === dance &&
          rung(s.level) >= rung(level) &&
          placesOut(s.level, s.points),
      )
      .sort((a, b) => rung(a.level) - rung(b.level))[0];
    if (!closing) continue;
    const where = closing.sources
      .map((s) => `${ordinal(s.place)} in ${s.event} at ${s.competition} (${s.date}, ${s.points} pts)`)
      .join('; ');
    out.push({
      dancer,
      dance,
      level: closing.level,
      points: closing.points,
      sources: closing.sources,
      message:
        `${dancer} has ${closing.points} YCN points in ${closing.level} ${event.style} ${dance} ` +
        `(${PLACE_OUT_POINTS} place a dancer out), from ${where}, and may not enter ${event.name}.`,
    });
  }
  return out;
}
