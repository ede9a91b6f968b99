import { LEVELS, isLevel, type Level } from '../../../domain/levels.ts';
import { STYLES, isStyle, type Style } from '../../../domain/styles.ts';
import { checkCoupleEligibility } from '../../../domain/eligibility.ts';
import { placedOutList } from '../../../domain/registrationRules.ts';
import { checkYcnEntry, type Standing } from '../../../domain/proficiency/ycn.ts';

export interface EventChoice {
  key: string;
  name: string;
  style: string;
  level: string;
  dances: string[];
  /** Its own fee per dancer (a team match, a solo); null or absent: the tier's fee. */
  fee?: number | null;
}

export interface StyleGroup {
  style: string;
  levels: { level: string; events: EventChoice[] }[];
}

/** Events by style (in the sport's order), then level (lowest first), as a couple looks for them. */
export function groupEvents(events: readonly EventChoice[]): StyleGroup[] {
  const styleRank = (s: string) => (isStyle(s) ? STYLES.indexOf(s) : STYLES.length);
  const levelRank = (l: string) => (isLevel(l) ? LEVELS.indexOf(l) : LEVELS.length);
  const styles = [...new Set(events.map((e) => e.style))].sort(
    (a, b) => styleRank(a) - styleRank(b) || a.localeCompare(b),
  );
  return styles.map((style) => {
    const inStyle = events.filter((e) => e.style === style);
    const levels = [...new Set(inStyle.map((e) => e.level))].sort(
      (a, b) => levelRank(a) - levelRank(b) || a.localeCompare(b),
    );
    return {
      style,
      levels: levels.map((level) => ({ level, events: inStyle.filter((e) => e.level === level) })),
    };
  });
}

/** Why this couple may not enter the event under the level rule, or null (same rule as the server). */
export function levelRefusal(
  event: EventChoice,
  lead: { name: string; placedOut: Partial<Record<Style, Level>> },
  follow: { name: string; placedOut: Partial<Record<Style, Level>> },
): string | null {
  if (!isStyle(event.style) || !isLevel(event.level)) return null;
  const refusals = checkCoupleEligibility({ style: event.style, level: event.level }, [
    { name: lead.name.trim() || 'The lead', placedOut: placedOutList(lead.placedOut) },
    { name: follow.name.trim() || 'The follow', placedOut: placedOutList(follow.placedOut) },
  ]);
  return refusals.length ? refusals.map((r) => r.message).join(' ') : null;
}

/** Why a dancer may not enter the event under YCN points, or null (the server's rule, same module). */
export function ycnRefusal(
  event: EventChoice,
  dancers: readonly { name: string; standings: readonly Standing[] }[],
): string | null {
  if (!isStyle(event.style) || !isLevel(event.level)) return null;
  const ev = { name: event.name, style: event.style, level: event.level, dances: event.dances };
  const refusals = dancers.flatMap((d) => checkYcnEntry(d.name.trim() || 'This dancer', ev, d.standings));
  return refusals.length ? refusals.map((r) => r.message).join(' ') : null;
}
