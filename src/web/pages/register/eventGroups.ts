import { LEVELS, isLevel, type Level } from '../../../domain/levels.ts';
import { STYLES, isStyle, type Style } from '../../../domain/styles.ts';
import { checkCoupleEligibility } from '../../../domain/eligibility.ts';
import { placedOutList } from '../../../domain/registrationRules.ts';
import { checkYcnEntry, PLACE_OUT_POINTS, type Standing } from '../../../domain/proficiency/ycn.ts';
import { translator } from '../../../domain/i18n/catalog.ts';
import type { Locale } from '../../../domain/i18n/locales.ts';
import { danceLabel, placeLabel, sportText, styleLabel } from '../../../domain/i18n/sport.ts';
import { registerText } from './text.ts';

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
  locale: Locale = 'en',
): string | null {
  if (!isStyle(event.style) || !isLevel(event.level)) return null;
  const t = translator(registerText, locale);
  const ts = translator(sportText, locale);
  const refusals = checkCoupleEligibility({ style: event.style, level: event.level }, [
    { name: lead.name.trim() || t('refusal.lead'), placedOut: placedOutList(lead.placedOut) },
    { name: follow.name.trim() || t('refusal.follow'), placedOut: placedOutList(follow.placedOut) },
  ]);
  const words = refusals.map((r) =>
    t('refusal.level', {
      dancer: r.dancer,
      placedOut: r.placedOutOf,
      style: styleLabel(ts, r.style),
      level: r.level,
    }),
  );
  return words.length ? words.join(' ') : null;
}

/** Why a dancer may not enter the event under YCN points, or null (the server's rule, same module). */
export function ycnRefusal(
  event: EventChoice,
  dancers: readonly { name: string; standings: readonly Standing[] }[],
  locale: Locale = 'en',
): string | null {
  if (!isStyle(event.style) || !isLevel(event.level)) return null;
  const t = translator(registerText, locale);
  const ts = translator(sportText, locale);
  const ev = { name: event.name, style: event.style, level: event.level, dances: event.dances };
  const refusals = dancers.flatMap((d) =>
    checkYcnEntry(d.name.trim() || t('refusal.dancer'), ev, d.standings),
  );
  // The domain's words, in the reader's language: a shared place keeps its "=" ("2nd=").
  const place = (p: number) => `${placeLabel(ts, Math.floor(p))}${Number.isInteger(p) ? '' : '='}`;
  const words = refusals.map((r) =>
    t('refusal.ycn', {
      dancer: r.dancer,
      points: r.points,
      level: r.level,
      style: styleLabel(ts, event.style),
      dance: danceLabel(ts, r.dance),
      need: PLACE_OUT_POINTS,
      sources: r.sources
        .map((s) =>
          t('refusal.source', {
            place: place(s.place),
            event: s.event,
            competition: s.competition,
            date: s.date,
            points: s.points,
          }),
        )
        .join('; '),
      event: event.name,
    }),
  );
  return words.length ? words.join(' ') : null;
}
