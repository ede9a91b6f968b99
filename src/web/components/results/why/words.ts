/**
 * The Skating System's decisions worded from their `why` in German or Spanish (an English reader reads
 * the engine's own sentences and never loads this chunk; ../reasons.ts).
 */
import type { NotPlacedWhy, PlacingWhy, StepWhy } from '../../../../domain/scoring/types.ts';
import { columnLabel } from '../../../../domain/scoring/util.ts';
import { catalog, loadCatalog, translator, type Translate } from '../../../../domain/i18n/catalog.ts';
import type { Locale } from '../../../../domain/i18n/locales.ts';
import { placeLabel, sportText, type SportKey } from '../../../../domain/i18n/sport.ts';
import en from './locales/en.json' with { type: 'json' };

export const resultWhyText = catalog('resultWhy', en, {
  de: () => import('./locales/de.json'),
  es: () => import('./locales/es.json'),
});
type T = Translate<keyof typeof en>;
type S = Translate<SportKey>;

/** A decision in one language: a placing (without its closing place) and a Rule 10/11 step. */
export interface ReasonWords {
  placing(why: PlacingWhy | NotPlacedWhy): string;
  step(why: StepWhy): string;
  place(place: number): string;
}

/** Loads the words in `locale` (and the sport's, for places). */
export async function loadReasonWords(locale: Locale): Promise<void> {
  await Promise.all([loadCatalog(resultWhyText, locale), loadCatalog(sportText, locale)]);
}

/** The words in `locale`; call once loadReasonWords has. */
export function reasonWords(locale: Locale): ReasonWords {
  const t = translator(resultWhyText, locale);
  const sport = translator(sportText, locale);
  return {
    placing: (why) => placingWhyText(t, sport, why),
    step: (why) => stepWhyText(t, sport, why),
    place: (place) => placeLabel(sport, place),
  };
}

const tally = (x: { count: number; sum: number }): string => `${x.count}(${x.sum})`;

/** A placing decision without its closing place. */
export function placingWhyText(t: T, sport: S, why: PlacingWhy | NotPlacedWhy): string {
  switch (why.kind) {
    case 'notPlaced':
      return t('notPlaced', { place: placeLabel(sport, why.nextPlace) });
    case 'shared':
      return t('shared', {
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
      const only = t(why.kind === 'rule5' ? 'rule5' : 'rule8', {
        majority: why.majority,
        marks: why.marks,
        column: columnLabel(why.column),
        tally: tally(why),
      });
      return why.kind === 'rule8' ? `${skipped(t, why, why.skipped)} ${only}` : only;
    }
    default: {
      const found = t('candidates', {
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
          ? t('rule6', { ...couples, firstCount: why.first.count, secondCount: why.second.count })
          : why.kind === 'rule7'
            ? t('rule7', { ...couples, count: why.first.count })
            : t('rule7next', {
                ...couples,
                equal: tally(why.equal),
                deciding: columnLabel(why.decidingColumn),
              });
      return [why.skipped ? skipped(t, why, why.skipped) : null, found, decision].filter(Boolean).join(' ');
    }
  }
}

function skipped(t: T, facts: { majority: number; marks: number }, s: { from: number; to: number }): string {
  return t('skipped', {
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
  return t('and', { first: items.slice(0, -1).join(', '), last: items.at(-1) });
}

const couples = (t: T, cs: readonly string[], start = false): string =>
  t(start ? 'couplesStart' : 'couples', { count: cs.length, list: list(t, cs) });

export function stepWhyText(t: T, sport: S, why: StepWhy): string {
  switch (why.kind) {
    case 'lastOfTie':
      return t('lastOfTie', {
        couple: why.couple,
        total: why.total,
        place: placeLabel(sport, why.place),
      });
    case 'otherOfRule11':
      return t('otherOfRule11', { couple: why.couple, place: placeLabel(sport, why.place) });
    case 'rule10':
    case 'rule11': {
      const place = placeLabel(sport, why.place);
      const head = t('rule10', {
        place,
        couples: couples(t, why.couples),
        total: why.total,
        lines: why.lines
          .map((l) => t('rule10.line', { couple: l.couple, count: l.count, place, sum: l.sum }))
          .join('; '),
      });
      if (why.kind === 'rule10') {
        const decision =
          why.by === 'count'
            ? t('rule10.count', {
                winner: why.winner,
                place,
                best: why.best.count,
                runnerUp: why.runnerUp.count,
              })
            : t('rule10.sum', {
                winner: why.winner,
                place,
                count: why.best.count,
                best: why.best.sum,
                runnerUp: why.runnerUp.sum,
              });
        return `${head} ${decision}`;
      }
      const rule11 = t('rule11', {
        leaders: couples(t, why.leaders, true),
        marks: why.marks,
        majority: why.majority,
        column: columnLabel(why.place),
      });
      const n = why.awarded.length;
      const decision =
        n > 1
          ? t('rule11.shared', {
              couples: couples(t, why.awarded, true),
              column: columnLabel(why.column),
              first: why.place,
              last: why.place + n - 1,
              place: why.placeAwarded,
            })
          : t('rule11.won', {
              column: columnLabel(why.column),
              standings: why.standings
                .map((s) => t('coupleTally', { couple: s.couple, tally: tally(s) }))
                .join(', '),
              couple: why.awarded[0],
              place,
            });
      return `${head} ${rule11} ${decision}`;
    }
  }
}
