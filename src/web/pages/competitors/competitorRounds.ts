/**
 * A competitor's own day: each round of each event they are entered in, in the running order, from
 * the public schedule (its times are the server's: actual, set or estimated) and their posted results
 * (which rounds they are through to, and where their event ended). Pure, so tested without a browser.
 */
import type { ScheduleItem } from '../../../domain/schemas/events.ts';
import type { PublicCompetitorEntry } from '../../../domain/schemas/registration.ts';
import type { CompetitorResult } from '../../../domain/schemas/results.ts';
import { RoundState } from '../../shared/roundStates.ts';
import { nowAndNext } from '../../../domain/schedule.ts';
import { translator } from '../../../domain/i18n/catalog.ts';
import type { Locale } from '../../../domain/i18n/locales.ts';
import { competitorsText } from './text.ts';

export interface CompetitorRound {
  item: ScheduleItem;
  /** The couple number they dance this round with. */
  number: number;
  partner: string;
  /** Not theirs for sure yet: they dance it only if recalled from the round before. */
  ifRecalled: boolean;
}

type Entry = Pick<PublicCompetitorEntry, 'eventKey' | 'leadNumber' | 'scratched' | 'partner'>;
type Result = Pick<CompetitorResult, 'eventKey' | 'roundReached' | 'out'>;

export function competitorRounds(
  entries: readonly Entry[],
  schedule: readonly ScheduleItem[],
  results: readonly Result[] = [],
): CompetitorRound[] {
  const order = new Map(schedule.map((item, i) => [item.roundId, i]));
  const out: CompetitorRound[] = [];
  for (const entry of entries) {
    if (entry.scratched) continue;
    let rounds = schedule.filter(
      (i) => i.kind === 'round' && i.eventKey === entry.eventKey && i.roundState !== RoundState.Skipped,
    );
    const result = results.find((r) => r.eventKey === entry.eventKey);
    // The last round they danced or were recalled to: theirs for sure, and every round before it.
    const reached = result?.roundReached ? rounds.findIndex((r) => r.roundName === result.roundReached) : -1;
    // Not recalled: the event's later rounds go on without them.
    if (result?.out && reached >= 0) rounds = rounds.slice(0, reached + 1);
    rounds.forEach((item, i) =>
      out.push({
        item,
        number: entry.leadNumber,
        partner: entry.partner.name,
        ifRecalled: i > Math.max(0, reached),
      }),
    );
  }
  // With several floors the running order is per floor: the day reads in time order. A
  // round without a time keeps its place after the last timed round before it in the running order.
  const when = new Map<string, number>();
  let carried = -Infinity;
  for (const item of schedule) {
    const t = Date.parse(item.startedAt ?? item.estimatedStart ?? '');
    if (!Number.isNaN(t)) carried = t;
    when.set(item.roundId, Number.isNaN(t) ? carried : t);
  }
  const key = (r: CompetitorRound) => when.get(r.item.roundId) ?? -Infinity;
  return out.sort((a, b) => key(a) - key(b) || order.get(a.item.roundId)! - order.get(b.item.roundId)!);
}

/** From this many minutes before, a round is "soon": the dancer should be on the deck. */
export const SOON_MINUTES = 45;

export type DancerNext =
  | { kind: 'on'; round: CompetitorRound }
  | { kind: 'soon'; round: CompetitorRound; minutes: number }
  | { kind: 'later'; round: CompetitorRound }
  | { kind: 'done' };

/**
 * What the dancer needs to know first: a round of theirs on the floor now, else the next
 * one still to come — "on in about 15 minutes" once it is near (to the nearest 5 minutes, "a few"
 * below that). A round they dance only if recalled counts too: they must be ready for it.
 */
export function dancerNext(rounds: readonly CompetitorRound[], now: Date): DancerNext {
  // On now and still to come by the rule every screen uses; among those, theirs in time order.
  const on = nowAndNext(rounds.map((r) => r.item));
  const onFloor = new Set(on.now);
  const toCome = new Set(on.next);
  const running = rounds.find((r) => onFloor.has(r.item));
  if (running) return { kind: 'on', round: running };
  const next = rounds.find((r) => toCome.has(r.item));
  if (!next) return { kind: 'done' };
  const start = next.item.estimatedStart ?? next.item.roundStartTime;
  if (!start) return { kind: 'later', round: next };
  const minutes = (Date.parse(start) - now.getTime()) / 60_000;
  if (minutes > SOON_MINUTES) return { kind: 'later', round: next };
  return { kind: 'soon', round: next, minutes: Math.max(0, Math.round(minutes / 5) * 5) };
}

/** "on in about 15 minutes", "on in a few minutes", "on now". */
export function dancerNextWords(next: DancerNext, locale: Locale = 'en'): string | null {
  const t = translator(competitorsText, locale);
  if (next.kind === 'on') return t('next.on');
  if (next.kind !== 'soon') return null;
  return next.minutes < 5 ? t('next.few') : t('next.soon', { minutes: next.minutes });
}
