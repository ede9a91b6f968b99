/**
 * What the deck captain's screen works out from the floor view: heats to line up, who is checked in,
 * finding a couple by number or name. Pure, so the screen and its tests share it.
 */
import type { FloorCouple, FloorView, RoundCouples } from '../../../../domain/schemas/floor.ts';
import type { ScheduleItem } from '../../../../domain/schemas/events.ts';
import { RoundState } from '../../../shared/roundStates.ts';
import { readEntryCode, type EntryCode } from '../../../shared/entryCode.ts';
import { englishWords, type DeckWords } from './text.ts';

export interface RoundRef {
  eventKey: string;
  roundNumber: number;
}

export const sameRound = (a: RoundRef | null | undefined, b: RoundRef | null | undefined) =>
  !!a && !!b && a.eventKey === b.eventKey && a.roundNumber === b.roundNumber;

/** "Silver Standard, Semi-Final": the event as typed, the round in the reader's language. */
export const roundLabel = (r: Pick<RoundCouples, 'eventName' | 'roundName'>, w: DeckWords = englishWords) =>
  `${r.eventName}, ${w.round(r.roundName)}`;

const byNumber = (a: FloorCouple, b: FloorCouple) =>
  Number(a.coupleNumber) - Number(b.coupleNumber) || a.coupleNumber.localeCompare(b.coupleNumber);

export interface HeatGroup {
  /** 1, 2, … for a heat; null for the scratched couples, listed apart because they do not dance. */
  heat: number | null;
  couples: FloorCouple[];
}

/**
 * The couples as the deck captain lines them up: heat by heat, by number within a heat, and the
 * scratched couples last (they keep their place on the list, struck through, but are in no heat).
 */
export function heatGroups(round: Pick<RoundCouples, 'couples'>): HeatGroup[] {
  const heats = new Map<number, FloorCouple[]>();
  const scratched: FloorCouple[] = [];
  for (const c of round.couples) {
    if (c.scratched) scratched.push(c);
    else heats.set(c.heat, [...(heats.get(c.heat) ?? []), c]);
  }
  const groups: HeatGroup[] = [...heats.entries()]
    .sort(([a], [b]) => a - b)
    .map(([heat, couples]) => ({ heat, couples: couples.sort(byNumber) }));
  if (scratched.length) groups.push({ heat: null, couples: scratched.sort(byNumber) });
  return groups;
}

/** Check-in among the couples still dancing (scratched couples do not count). */
export function checkInCount(round: Pick<RoundCouples, 'couples'>): { checkedIn: number; dancing: number } {
  const dancing = round.couples.filter((c) => !c.scratched);
  return { checkedIn: dancing.filter((c) => c.checkedIn).length, dancing: dancing.length };
}

export function checkInSummary(round: Pick<RoundCouples, 'couples'>, w: DeckWords = englishWords): string {
  return w.t('summary.checkedIn', { ...checkInCount(round) });
}

/** "3 heats of at most 5 couples" / "One heat of 14 couples", as the heat size setting left it. */
export function heatSummary(
  round: Pick<RoundCouples, 'couples' | 'heats' | 'heatSize'>,
  w: DeckWords = englishWords,
): string {
  const { dancing } = checkInCount(round);
  if (round.heats > 1 && round.heatSize)
    return w.t('summary.heats', { heats: round.heats, size: round.heatSize });
  return w.t('summary.oneHeat', { count: dancing });
}

/**
 * The deck captain's taps show at once: `pending` (entry id → checked in) overrides what the server
 * last said until the server confirms, so a live refresh in between never flips a button back.
 */
export function withPending<T extends Pick<RoundCouples, 'couples'>>(
  round: T,
  pending: ReadonlyMap<number, boolean>,
): T {
  if (pending.size === 0 || !round.couples.some((c) => pending.has(c.entryId))) return round;
  return {
    ...round,
    couples: round.couples.map((c) =>
      pending.has(c.entryId) ? { ...c, checkedIn: pending.get(c.entryId) === true } : c,
    ),
  };
}

/**
 * A round can be started from here once it is waiting (Initialized or Empty), has couples to dance and
 * waits for no other round (a redance before it still to be posted).
 */
export function canStart(
  round: Pick<RoundCouples, 'roundState' | 'couplesKnown' | 'couples' | 'waitingFor'>,
): boolean {
  return (
    (round.roundState === RoundState.Initialized || round.roundState === RoundState.Empty) &&
    round.couplesKnown &&
    round.waitingFor.length === 0 &&
    round.couples.some((c) => !c.scratched)
  );
}

/** "Starts once the Redance is posted" (its couples join from it), or null when it waits for nothing. */
export function waitingNote(
  round: Pick<RoundCouples, 'waitingFor' | 'couplesKnown'>,
  w: DeckWords = englishWords,
): string | null {
  if (!round.couplesKnown || round.waitingFor.length === 0) return null;
  const rounds = round.waitingFor.map(w.round).reduce((list, next) => w.t('waiting.andThe', { list, next }));
  return w.t('waiting.note', { rounds, count: round.waitingFor.length });
}

/** The round a later round waits for: the one before it in the same event that is not skipped. */
export function previousRoundName(
  schedule: readonly Pick<ScheduleItem, 'eventKey' | 'roundNumber' | 'roundName' | 'roundState'>[],
  round: RoundRef,
): string | undefined {
  return schedule
    .filter(
      (r) =>
        r.eventKey === round.eventKey &&
        r.roundNumber < round.roundNumber &&
        r.roundState !== RoundState.Skipped,
    )
    .sort((a, b) => b.roundNumber - a.roundNumber)[0]?.roundName;
}

export interface CoupleMatch {
  round: RoundCouples;
  couple: FloorCouple;
}

/** Every word of the search (trimmed, lower case) appears in the text. */
const hasWords = (text: string, q: string) => {
  const lower = text.toLowerCase();
  return q.split(/\s+/).every((w) => lower.includes(w));
};

const coupleText = (c: FloorCouple) => `${c.leadName} ${c.followName} ${c.affiliation}`;
const isNumber = (q: string) => /^\d+$/.test(q);

/**
 * Couples of the rounds on screen matching what was typed: a number finds that couple number (exact
 * first, then numbers starting with it); words find lead, follow or team names. Rounds in the order
 * given (floor first, then next), so the couple's most urgent round comes first.
 */
export function findCouples(rounds: readonly RoundCouples[], query: string, limit = 8): CoupleMatch[] {
  const q = query.trim().toLowerCase();
  if (!q) return [];
  const all = rounds.flatMap((round) => round.couples.map((couple) => ({ round, couple })));
  if (isNumber(q)) {
    const exact = all.filter((m) => m.couple.coupleNumber === q);
    const starts = all.filter((m) => m.couple.coupleNumber !== q && m.couple.coupleNumber.startsWith(q));
    return [...exact, ...starts].slice(0, limit);
  }
  return all.filter((m) => hasWords(coupleText(m.couple), q)).slice(0, limit);
}

/**
 * Rounds whose event or round name holds every word typed ("gold latin", "bronze final"), in the
 * order given. A number alone is a couple number, never a round.
 */
export function findRounds<T extends Pick<RoundCouples, 'eventName' | 'roundName'>>(
  rounds: readonly T[],
  query: string,
  limit = 8,
  w: DeckWords = englishWords,
): T[] {
  const q = query.trim().toLowerCase();
  if (!q || isNumber(q)) return [];
  // The round's name as shown (in the reader's language) or as stored (English) both find it.
  return rounds.filter((r) => hasWords(roundLabel(r), q) || hasWords(roundLabel(r, w), q)).slice(0, limit);
}

/** True when the couple matches the search (highlighted in the round's list). */
export function coupleMatches(couple: FloorCouple, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return false;
  if (isNumber(q)) return couple.coupleNumber.startsWith(q);
  return hasWords(coupleText(couple), q);
}

/** Every round of the floor view, on the floor first, then the next ones in schedule order. */
export const floorRounds = (view: FloorView | undefined): RoundCouples[] =>
  view ? [...view.onFloor, ...view.next] : [];

/**
 * The round shown on the right: the one chosen (URL), else the first next round whose couples are
 * known (the one to line up), else the first next round, else what is on the floor.
 */
export function defaultRound(view: FloorView): RoundRef | null {
  const r = view.next.find((x) => x.couplesKnown) ?? view.next[0] ?? view.onFloor[0];
  return r ? { eventKey: r.eventKey, roundNumber: r.roundNumber } : null;
}

/** "Lead & Follow", as every list of the deck captain names a couple. */
export const coupleName = (c: { leadName: string; followName: string }) => `${c.leadName} & ${c.followName}`;

/** What a scanned code means for the round being lined up. */
export type ScanOutcome =
  | { kind: 'checkIn'; couple: FloorCouple }
  | { kind: 'already'; couple: FloorCouple }
  | { kind: 'scratched'; couple: FloorCouple }
  /** Not among this round's couples; `elsewhere`: another round on the floor or coming up that has them. */
  | { kind: 'notInRound'; number: number; elsewhere: string | null }
  | { kind: 'couplesNotKnown' }
  | { kind: 'noRound' }
  | { kind: 'otherCompetition'; number: number }
  | { kind: 'notACard' };

const findScanned = (round: Pick<RoundCouples, 'couples'>, code: EntryCode) =>
  round.couples.find((c) => c.entryId === code.entryId) ??
  round.couples.find((c) => c.coupleNumber === String(code.coupleNumber));

/**
 * A scanned number card against the round open on the screen: the couple to check in, or why not. The
 * entry id matches the card's own event; the couple number any other event the couple dances.
 */
export function scanOutcome(
  text: string,
  competitionKey: string,
  round: RoundCouples | undefined,
  others: readonly RoundCouples[],
  w: DeckWords = englishWords,
): ScanOutcome {
  const code = readEntryCode(text);
  if (!code) return { kind: 'notACard' };
  if (code.competitionKey !== null && code.competitionKey !== competitionKey)
    return { kind: 'otherCompetition', number: code.coupleNumber };
  if (!round) return { kind: 'noRound' };
  if (!round.couplesKnown) return { kind: 'couplesNotKnown' };
  const couple = findScanned(round, code);
  if (!couple) {
    const elsewhere = others.find((r) => !sameRound(r, round) && r.couplesKnown && findScanned(r, code));
    return {
      kind: 'notInRound',
      number: code.coupleNumber,
      elsewhere: elsewhere ? roundLabel(elsewhere, w) : null,
    };
  }
  if (couple.scratched) return { kind: 'scratched', couple };
  return couple.checkedIn ? { kind: 'already', couple } : { kind: 'checkIn', couple };
}

/** "214 — Smith / Jones": a couple as the scan feedback names it. */
const scannedName = (c: FloorCouple) => `${c.coupleNumber} — ${c.leadName} / ${c.followName}`;

export interface ScanFeedback {
  tone: 'done' | 'note' | 'problem';
  text: string;
}

/** The feedback of a scan that checks nobody in (a check-in's own feedback depends on the server). */
export function scanFeedback(
  outcome: Exclude<ScanOutcome, { kind: 'checkIn' }>,
  { t }: DeckWords = englishWords,
): ScanFeedback {
  switch (outcome.kind) {
    case 'already':
      return { tone: 'note', text: t('scan.already', { couple: scannedName(outcome.couple) }) };
    case 'scratched':
      return { tone: 'problem', text: t('scan.scratched', { couple: scannedName(outcome.couple) }) };
    case 'notInRound':
      return {
        tone: 'problem',
        text: outcome.elsewhere
          ? t('scan.notInRoundElsewhere', { number: outcome.number, round: outcome.elsewhere })
          : t('scan.notInRound', { number: outcome.number }),
      };
    case 'couplesNotKnown':
      return { tone: 'problem', text: t('scan.couplesNotKnown') };
    case 'noRound':
      return { tone: 'problem', text: t('scan.noRound') };
    case 'otherCompetition':
      return { tone: 'problem', text: t('scan.otherCompetition', { number: outcome.number }) };
    case 'notACard':
      return { tone: 'problem', text: t('scan.notACard') };
  }
}

export const checkedInFeedback = (c: FloorCouple, { t }: DeckWords = englishWords): ScanFeedback => ({
  tone: 'done',
  text: t('scan.checkedIn', { couple: scannedName(c) }),
});
