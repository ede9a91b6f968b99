import type {
  MultiDanceStep,
  NotPlacedWhy,
  PlacingTable,
  PlacingWhy,
  StepWhy,
} from '../../../domain/scoring/types.ts';
import { columnLabel } from '../../../domain/scoring/util.ts';
import { translator, type Translate } from '../../../domain/i18n/catalog.ts';
import { placeLabel, sportText, type SportKey } from '../../../domain/i18n/sport.ts';
import { resultTablesText, type ResultTablesKey } from './text.ts';

type T = Translate<ResultTablesKey>;
type S = Translate<SportKey>;

/** A sentence under a dance's table: the couples one comparison placed, and why. */
export interface DanceReason {
  places: string;
  reason: string;
}

/**
 * The sentences under a dance's table (/results and the printed results): couples placed by one
 * comparison share its reason (but for the closing "→ 3rd"), said once.
 */
export function danceReasons(
  table: PlacingTable,
  t: T = translator(resultTablesText, 'en'),
  sport: S = translator(sportText, 'en'),
): DanceReason[] {
  const rows = [...table.rows].sort((a, b) => a.place - b.place);
  const reasons: DanceReason[] = [];
  for (const r of rows) {
    const last = reasons.at(-1);
    const label = t('reason.couple', { place: placeLabel(sport, r.place), couple: r.couple });
    const reason = placingReason(t, sport, r, false);
    if (last && last.reason === reason) last.places += `, ${label}`;
    else reasons.push({ places: label, reason });
  }
  return reasons;
}

/**
 * A row's reason in the reader's language, from its `why`; a result posted before `why` existed has
 * only the engine's English `reason`, shown as stored. `withPlace`: keep the closing "→ 3rd".
 */
export function placingReason(
  t: T,
  sport: S,
  row: { reason: string; why?: PlacingWhy | NotPlacedWhy | undefined },
  withPlace = true,
): string {
  if (!row.why) return withPlace ? row.reason : row.reason.replace(/ → [^ ]+$/, '');
  const text = placingWhyText(t, sport, row.why);
  const place = 'place' in row.why && row.why.kind !== 'shared' ? row.why.place : null;
  return withPlace && place !== null ? `${text} → ${placeLabel(sport, place)}` : text;
}

/** A Rule 10 / Rule 11 step in the reader's language; the stored English `text` when it has no `why`. */
export function stepReason(t: T, sport: S, step: Pick<MultiDanceStep, 'text' | 'why'>): string {
  return step.why ? stepWhyText(t, sport, step.why) : step.text;
}

const tally = (x: { count: number; sum: number }): string => `${x.count}(${x.sum})`;

/** A placing decision without its closing place. */
function placingWhyText(t: T, sport: S, why: PlacingWhy | NotPlacedWhy): string {
  switch (why.kind) {
    case 'notPlaced':
      return t('why.notPlaced', { place: placeLabel(sport, why.nextPlace) });
    case 'shared':
      return t('why.shared', {
        count: why.others.length,
        others: why.others.join(', '),
        from: columnLabel(why.from),
        to: columnLabel(why.to),
        firstPlace: why.firstPlace,
        lastPlace: why.lastPlace,
        place: why.place,
      });
    case 'rule5':
    case 'rule8': {
      const only = t(why.kind === 'rule5' ? 'why.rule5' : 'why.rule8', {
        majority: why.majority,
        marks: why.marks,
        column: columnLabel(why.column),
        tally: tally(why),
      });
      return why.kind === 'rule8' ? `${skipped(t, why, why.skipped)} ${only}` : only;
    }
    default: {
      const found = t('why.candidates', {
        count: why.candidates,
        majority: why.majority,
        marks: why.marks,
        column: columnLabel(why.column),
      });
      const couples = {
        first: why.first.couple,
        second: why.second.couple,
        firstTally: tally(why.first),
        secondTally: tally(why.second),
        column: columnLabel(why.column),
      };
      const decision =
        why.kind === 'rule6'
          ? t('why.rule6', { ...couples, firstCount: why.first.count, secondCount: why.second.count })
          : why.kind === 'rule7'
            ? t('why.rule7', { ...couples, count: why.first.count })
            : t('why.rule7next', {
                ...couples,
                equal: tally(why.equal),
                deciding: columnLabel(why.decidingColumn),
              });
      return [why.skipped ? skipped(t, why, why.skipped) : null, found, decision].filter(Boolean).join(' ');
    }
  }
}

function skipped(t: T, facts: { majority: number; marks: number }, s: { from: number; to: number }): string {
  return t('why.skipped', {
    majority: facts.majority,
    marks: facts.marks,
    several: s.to > s.from ? 'yes' : 'no',
    from: columnLabel(s.from),
    to: columnLabel(s.to),
  });
}

/** "12", "12 and 14", "12, 14 and 15" in the reader's words. */
function list(t: T, items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return t('why.and', { first: items.slice(0, -1).join(', '), last: items.at(-1) });
}

const couples = (t: T, cs: readonly string[], start = false): string =>
  t(start ? 'why.couplesStart' : 'why.couples', { count: cs.length, list: list(t, cs) });

function stepWhyText(t: T, sport: S, why: StepWhy): string {
  switch (why.kind) {
    case 'lastOfTie':
      return t('why.lastOfTie', {
        couple: why.couple,
        total: why.total,
        place: placeLabel(sport, why.place),
      });
    case 'otherOfRule11':
      return t('why.otherOfRule11', { couple: why.couple, place: placeLabel(sport, why.place) });
    case 'rule10':
    case 'rule11': {
      const place = placeLabel(sport, why.place);
      const head = t('why.rule10', {
        place,
        couples: couples(t, why.couples),
        total: why.total,
        lines: why.lines
          .map((l) => t('why.rule10.line', { couple: l.couple, count: l.count, place, sum: l.sum }))
          .join('; '),
      });
      if (why.kind === 'rule10') {
        const decision =
          why.by === 'count'
            ? t('why.rule10.count', {
                winner: why.winner,
                place,
                best: why.best.count,
                runnerUp: why.runnerUp.count,
              })
            : t('why.rule10.sum', {
                winner: why.winner,
                place,
                count: why.best.count,
                best: why.best.sum,
                runnerUp: why.runnerUp.sum,
              });
        return `${head} ${decision}`;
      }
      const rule11 = t('why.rule11', {
        leaders: couples(t, why.leaders, true),
        marks: why.marks,
        majority: why.majority,
        column: columnLabel(why.place),
      });
      const n = why.awarded.length;
      const decision =
        n > 1
          ? t('why.rule11.shared', {
              couples: couples(t, why.awarded, true),
              column: columnLabel(why.column),
              first: why.place,
              last: why.place + n - 1,
              place: why.placeAwarded,
            })
          : t('why.rule11.won', {
              column: columnLabel(why.column),
              standings: why.standings
                .map((s) => t('why.coupleTally', { couple: s.couple, tally: tally(s) }))
                .join(', '),
              couple: why.awarded[0],
              place,
            });
      return `${head} ${rule11} ${decision}`;
    }
  }
}
