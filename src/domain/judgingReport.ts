/**
 * The chairman's report on the judging: for each judge of a posted round, how far their marks were
 * from the panel's result, and whether that stands out enough to raise with the judge. Pure: it reads
 * the working the scoring engine stored with the result (the Skating tables, the recall crosses by
 * judge, the AJS component working), so it measures against exactly what was published. The
 * thresholds and why they were chosen: docs/judging-report.md.
 */
import type { MultiDanceResult } from './scoring/types.ts';
import type { AjsComponent, AjsDanceScore } from './scoring/ajs.ts';
import { median } from './scoring/ajs.ts';
import { compareCouples } from './scoring/util.ts';
import { counted } from './words.ts';
import { toCsv } from './csv.ts';
import type {
  DroppedScore,
  JudgeFlag,
  JudgingDetails,
  JudgingReport,
  PlacingAway,
} from './schemas/judgingReport.ts';

/** A judge's place this many places or more from the official place is "far away". */
export const FAR_AWAY_PLACES = 2;
/** A final: flagged with at least this share of the judge's places far away… */
export const FAR_AWAY_SHARE = 0.25;
/** …and never for fewer than this many. */
export const FAR_AWAY_MIN = 3;
/** Flagged against the panel: the judge's deviation at least this many times the panel's median… */
export const PANEL_FACTOR = 2;
/** …and at least this much, so a near-unanimous panel does not flag one small difference. */
export const DEVIATION_FLOOR = { 'skating-final': 0.5, 'skating-recall': 0.25, ajs: 0.5 } as const;
/** A recall: flagged whatever the panel did when half the judge's crosses went to couples not recalled. */
export const RECALL_SHARE_ALONE = 0.5;
/** AJS: flagged whatever the panel did when a component's mean distance reaches this (points). */
export const AJS_MEAN_ALONE = 1;
/** AJS: flagged with at least this share of a component's scores dropped by the tolerance (min. 2). */
export const AJS_DROPPED_SHARE = 0.25;
export const AJS_DROPPED_MIN = 2;

/** What the engine stored for a posted round, as the report reads it. */
export type RoundWorking =
  | { system: 'skating-final'; final: Pick<MultiDanceResult, 'tables' | 'perDance'> }
  | {
      system: 'skating-recall';
      /** The dances of the round (a judge may give each couple one cross per dance). */
      dances: number;
      /** couple → judge → crosses over all dances (the stored `byJudge`). */
      crosses: { [couple: string]: { [judge: string]: number } };
      recalled: readonly string[];
    }
  | {
      system: 'ajs';
      /** dance → couple → component working (the stored AJS result's `dances`). */
      dances: { [dance: string]: { [couple: string]: Pick<AjsDanceScore, 'components'> } };
    };

/** One judge's verdict in one round; `judge` is their label in the working (letter or name). */
export interface JudgeVerdict {
  judge: string;
  deviation: number;
  panelDeviation: number;
  flagged: boolean;
  /** Why flagged, in English (the CSV's words): `why` worded by `judgeFlagText`. */
  reasons: string[];
  why: JudgeFlag[];
  details: JudgingDetails;
}

/** A verdict's flags and their English, which can never disagree. */
const verdict = (why: JudgeFlag[]) => ({ flagged: why.length > 0, why, reasons: why.map(judgeFlagText) });

/** The English of a flag: the report's `reasons` and the CSV. */
export function judgeFlagText(f: JudgeFlag): string {
  switch (f.kind) {
    case 'farAway':
      return f.dances === 1
        ? `${counted(f.count, 'couple')} ${f.places}+ places away in the final`
        : `${counted(f.count, 'placing')} ${f.places}+ places away in the final (${f.dances} dances)`;
    case 'finalDeviation':
      return `mean ${f.deviation} places from the official place, the panel's median ${f.panel}`;
    case 'recallShare':
      return `${f.count} of ${counted(f.crosses, 'cross', 'crosses')} (${percent(f.share)}) to couples not recalled, the panel's median ${percent(f.panel)}`;
    case 'ajsMean':
      return `mean ${f.mean} from the median in ${f.component}, the panel's median ${f.panel}`;
    case 'ajsDropped':
      return `${f.dropped} of ${f.scores} ${f.component} scores dropped by the tolerance`;
  }
}

/** Half up to two decimals, as the report shows every number. */
const round2 = (x: number): number => Math.round(x * 100 + 1e-9) / 100;
const mean = (xs: readonly number[]): number => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
const panelMedian = (xs: readonly number[]): number => (xs.length ? median(xs) : 0);
const percent = (share: number): string => `${Math.round(share * 100)}%`;

/** Stands out from the panel: at least PANEL_FACTOR times the panel's median and above the floor. */
const aboveThePanel = (own: number, panel: number, floor: number): boolean =>
  own >= floor && own >= PANEL_FACTOR * panel;

/** Every judge's verdict in one posted round, judges in the order the working lists them. */
export function judgeVerdicts(working: RoundWorking): JudgeVerdict[] {
  switch (working.system) {
    case 'skating-final':
      return finalVerdicts(working.final);
    case 'skating-recall':
      return recallVerdicts(working);
    case 'ajs':
      return ajsVerdicts(working.dances);
  }
}

/**
 * A Skating final: the judge's place of each couple in each dance against the dance's official place
 * (the single-dance working). Deviation: the mean places away per couple and dance.
 */
function finalVerdicts(final: Pick<MultiDanceResult, 'tables' | 'perDance'>): JudgeVerdict[] {
  const dances = Object.keys(final.tables);
  const judges = final.tables[dances[0] ?? '']?.judges ?? [];
  const base = judges.map((judge, j) => {
    const perDance = dances.map((dance) => {
      const table = final.tables[dance]!;
      const couples: PlacingAway[] = table.rows
        .map((row) => {
          const own = row.marks[j] as number;
          const official = final.perDance[dance]?.[row.couple] ?? row.place;
          return { dance, couple: row.couple, own, official, away: Math.abs(own - official) };
        })
        .sort((a, b) => compareCouples(a.couple, b.couple));
      return { dance, sum: couples.reduce((s, c) => s + c.away, 0), couples };
    });
    const all = perDance.flatMap((d) => d.couples);
    const sum = all.reduce((s, c) => s + c.away, 0);
    return {
      judge,
      deviation: round2(all.length ? sum / all.length : 0),
      details: {
        system: 'skating-final' as const,
        sum,
        marks: all.length,
        farAway: all.filter((c) => c.away >= FAR_AWAY_PLACES),
        dances: perDance,
      },
    };
  });
  const panel = round2(panelMedian(base.map((b) => b.deviation)));
  return base.map((b) => {
    const why: JudgeFlag[] = [];
    const far = b.details.farAway.length;
    if (far >= Math.max(FAR_AWAY_MIN, Math.ceil(b.details.marks * FAR_AWAY_SHARE)))
      why.push({ kind: 'farAway', count: far, places: FAR_AWAY_PLACES, dances: dances.length });
    if (aboveThePanel(b.deviation, panel, DEVIATION_FLOOR['skating-final']))
      why.push({ kind: 'finalDeviation', deviation: b.deviation, panel });
    return { ...b, panelDeviation: panel, ...verdict(why) };
  });
}

/**
 * A recall round: crosses given to couples not recalled, and crosses withheld from couples recalled.
 * Deviation: the share of the judge's crosses that went to couples not recalled.
 */
function recallVerdicts(w: Extract<RoundWorking, { system: 'skating-recall' }>): JudgeVerdict[] {
  const couples = Object.keys(w.crosses).sort(compareCouples);
  const recalled = new Set(w.recalled);
  const judges = [...new Set(couples.flatMap((c) => Object.keys(w.crosses[c] ?? {})))];
  const base = judges.map((judge) => {
    const given = (c: string) => w.crosses[c]?.[judge] ?? 0;
    const crossesGiven = couples.reduce((s, c) => s + given(c), 0);
    const toNot = couples.filter((c) => !recalled.has(c) && given(c) > 0);
    const withheld = couples.filter((c) => recalled.has(c) && given(c) < w.dances);
    const toNotCount = toNot.reduce((s, c) => s + given(c), 0);
    return {
      judge,
      deviation: round2(crossesGiven ? toNotCount / crossesGiven : 0),
      details: {
        system: 'skating-recall' as const,
        crossesGiven,
        toNotRecalled: { count: toNotCount, couples: toNot },
        withheldFromRecalled: {
          count: withheld.reduce((s, c) => s + (w.dances - given(c)), 0),
          couples: withheld,
        },
      },
    };
  });
  const panel = round2(panelMedian(base.map((b) => b.deviation)));
  return base.map((b) => {
    const why: JudgeFlag[] = [];
    const { crossesGiven, toNotRecalled } = b.details;
    if (
      b.deviation >= RECALL_SHARE_ALONE ||
      aboveThePanel(b.deviation, panel, DEVIATION_FLOOR['skating-recall'])
    )
      why.push({
        kind: 'recallShare',
        count: toNotRecalled.count,
        crosses: crossesGiven,
        share: b.deviation,
        panel,
      });
    return { ...b, panelDeviation: panel, ...verdict(why) };
  });
}

/** AJS: per component, the mean distance of the judge's scores from the median, and the scores dropped. */
function ajsVerdicts(dances: Extract<RoundWorking, { system: 'ajs' }>['dances']): JudgeVerdict[] {
  // judge → component → distances and dropped scores, read from the working in dance and couple order.
  const by = new Map<string, Map<AjsComponent, { away: number[]; dropped: DroppedScore[] }>>();
  for (const [dance, byCouple] of Object.entries(dances)) {
    for (const couple of Object.keys(byCouple).sort(compareCouples)) {
      const components = byCouple[couple]!.components;
      for (const component of Object.keys(components) as AjsComponent[]) {
        const w = components[component];
        for (const [judge, score] of Object.entries(w.scores)) {
          const mine = by.get(judge) ?? new Map();
          by.set(judge, mine);
          const entry = mine.get(component) ?? { away: [], dropped: [] };
          mine.set(component, entry);
          entry.away.push(Math.abs(score - w.median));
          if (w.dropped.includes(judge)) entry.dropped.push({ dance, couple, score, median: w.median });
        }
      }
    }
  }
  // The panel's median of the mean distance, per component, over the judges who scored it.
  const componentPanel = new Map<AjsComponent, number>();
  const order: AjsComponent[] = ['TQ', 'MM', 'PS', 'CP'];
  for (const c of order) {
    const means = [...by.values()].flatMap((m) => (m.get(c) ? [round2(mean(m.get(c)!.away))] : []));
    componentPanel.set(c, round2(panelMedian(means)));
  }
  const base = [...by.entries()].map(([judge, comps]) => {
    const components = order
      .filter((c) => comps.has(c))
      .map((component) => {
        const e = comps.get(component)!;
        return {
          component,
          scores: e.away.length,
          meanFromMedian: round2(mean(e.away)),
          panelMeanFromMedian: componentPanel.get(component) ?? 0,
          dropped: e.dropped,
        };
      });
    return {
      judge,
      deviation: round2(mean([...comps.values()].flatMap((e) => e.away))),
      details: { system: 'ajs' as const, components },
    };
  });
  const panel = round2(panelMedian(base.map((b) => b.deviation)));
  return base.map((b) => {
    const why: JudgeFlag[] = [];
    for (const c of b.details.components) {
      if (
        c.meanFromMedian >= AJS_MEAN_ALONE ||
        aboveThePanel(c.meanFromMedian, c.panelMeanFromMedian, DEVIATION_FLOOR.ajs)
      )
        why.push({
          kind: 'ajsMean',
          component: c.component,
          mean: c.meanFromMedian,
          panel: c.panelMeanFromMedian,
        });
      if (c.dropped.length >= Math.max(AJS_DROPPED_MIN, Math.ceil(c.scores * AJS_DROPPED_SHARE)))
        why.push({ kind: 'ajsDropped', component: c.component, dropped: c.dropped.length, scores: c.scores });
    }
    return { ...b, panelDeviation: panel, ...verdict(why) };
  });
}

const SYSTEM_NAMES = { 'skating-final': 'Skating final', 'skating-recall': 'Recall', ajs: 'AJS' } as const;

/** What a line of the report says in a few words (the CSV's and the print sheet's "details"). */
export function detailsInWords(d: JudgingDetails): string {
  switch (d.system) {
    case 'skating-final':
      return `${d.sum} places away in all; ${FAR_AWAY_PLACES}+ away: ${
        d.farAway.map((f) => `${f.couple} ${f.dance} (${f.own} for ${f.official})`).join(', ') || 'none'
      }`;
    case 'skating-recall':
      return `${d.crossesGiven} crosses; to couples not recalled: ${d.toNotRecalled.count}${
        d.toNotRecalled.couples.length ? ` (${d.toNotRecalled.couples.join(' ')})` : ''
      }; withheld from couples recalled: ${d.withheldFromRecalled.count}${
        d.withheldFromRecalled.couples.length ? ` (${d.withheldFromRecalled.couples.join(' ')})` : ''
      }`;
    case 'ajs':
      return d.components
        .map(
          (c) =>
            `${c.component}: mean ${c.meanFromMedian} from the median (panel ${c.panelMeanFromMedian}), dropped ${c.dropped.length}${
              c.dropped.length
                ? ` (${c.dropped.map((x) => `${x.couple} ${x.dance} ${x.score} vs ${x.median}`).join(', ')})`
                : ''
            }`,
        )
        .join('; ');
  }
}

export const systemName = (s: JudgingDetails['system']): string => SYSTEM_NAMES[s];

/** A deviation in its system's unit: "0.33 places" (final), "67%" (recall), "1.1 points" (AJS). */
export function deviationText(system: JudgingDetails['system'], x: number): string {
  if (system === 'skating-recall') return percent(x);
  const unit = system === 'ajs' ? 'point' : 'place';
  return `${x} ${unit}${x === 1 ? '' : 's'}`;
}

/** The CSV's columns. */
export const JUDGING_REPORT_CSV_HEADER = [
  'Judge',
  'Letter',
  'Event',
  'Round',
  'System',
  'Deviation',
  'Panel median',
  'Flagged',
  'Reasons',
  'Details',
] as const;

/** The report as CSV: one line per judge and round, judges in the report's order. */
export function judgingReportCsv(report: JudgingReport): string {
  const rows = report.judges.flatMap((j) =>
    j.rounds.map((r) => [
      j.name,
      j.label,
      r.eventName,
      r.roundName,
      systemName(r.system),
      r.deviation,
      r.panelDeviation,
      r.flagged ? 'yes' : 'no',
      r.reasons.join('; '),
      detailsInWords(r.details),
    ]),
  );
  return toCsv([JUDGING_REPORT_CSV_HEADER, ...rows]);
}
