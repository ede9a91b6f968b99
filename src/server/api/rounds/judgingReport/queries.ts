/**
 * The chairman's report on the judging: every posted round's stored result, read as the results
 * pages read it (resultView), measured per judge by the domain (src/domain/judgingReport.ts).
 */
import type { Db } from '../../../http/db.ts';
import { fromJson } from '../../../http/json.ts';
import { HttpError } from '../../../errors.ts';
import { publicRoundResults } from '../publicResults/queries.ts';
import { resultView } from '../results/queries.ts';
import { judgesInMarkingOrder } from '../../officials/judges.ts';
import { judgeVerdicts, type RoundWorking } from '../../../../domain/judgingReport.ts';
import type { JudgeRoundReport, JudgingReport } from '../../../../domain/schemas/judgingReport.ts';
import type { MultiDanceResult } from '../../../../domain/scoring/types.ts';

/** What the engine stored for a posted round, as the report reads it; null when it kept no working. */
function workingOf(view: ReturnType<typeof resultView>, dances: number): RoundWorking | null {
  if (view.ajs) return { system: 'ajs', dances: view.ajs.dances };
  if (view.kind === 'final') {
    const table = view.finalTable as MultiDanceResult | null;
    return table?.tables && table.perDance ? { system: 'skating-final', final: table } : null;
  }
  return view.byJudge
    ? { system: 'skating-recall', dances, crosses: view.byJudge, recalled: view.recalled }
    : null;
}

/** The event `?event=` names; 400 naming the field when the competition has no such event. */
async function namedEvent(db: Db, competitionId: number, eventKey: string) {
  const event = await db
    .selectFrom('events')
    .select('id')
    .where('competition_id', '=', competitionId)
    .where('key', '=', eventKey)
    .executeTakeFirst();
  if (event) return event;
  const message = `event: this competition has no event "${eventKey}"`;
  throw new HttpError(400, 'invalid', message, [{ path: ['event'], message }]);
}

/**
 * The report over the competition's posted rounds (one event's with `eventKey`), judges in the
 * officials' order and each judge's rounds in the running order of events.
 */
export async function judgingReport(
  db: Db,
  competitionId: number,
  eventKey?: string,
): Promise<JudgingReport> {
  const only = eventKey === undefined ? undefined : await namedEvent(db, competitionId, eventKey);
  const rows = await publicRoundResults(db)
    .innerJoin('events', 'events.id', 'rounds.event_id')
    .selectAll('round_results')
    .select([
      'events.key as event_key',
      'events.name as event_name',
      'events.dances as event_dances',
      'rounds.round_number',
      'rounds.round_name',
    ])
    .where('round_results.competition_id', '=', competitionId)
    .$if(only !== undefined, (q) => q.where('rounds.event_id', '=', only!.id))
    .orderBy('events.sort_order')
    .orderBy('events.id')
    .orderBy('rounds.round_number')
    .orderBy('rounds.id')
    .execute();
  const officials = await judgesInMarkingOrder(db, competitionId);
  // The working names judges by their label on the sheets: the letter, or the name without one.
  const byLabel = new Map(officials.map((o) => [o.letter || o.name, o]));
  const rounds = new Map<string, JudgeRoundReport[]>();
  for (const row of rows) {
    const working = workingOf(resultView(row, true), fromJson<string[]>(row.event_dances, []).length);
    if (!working) continue;
    for (const v of judgeVerdicts(working)) {
      const list = rounds.get(v.judge) ?? [];
      rounds.set(v.judge, list);
      list.push({
        eventKey: row.event_key,
        eventName: row.event_name,
        roundNumber: row.round_number,
        roundName: row.round_name,
        system: working.system,
        deviation: v.deviation,
        panelDeviation: v.panelDeviation,
        flagged: v.flagged,
        reasons: v.reasons,
        why: v.why,
        details: v.details,
      });
    }
  }
  const known = officials.map((o) => o.letter || o.name).filter((label) => rounds.has(label));
  // A label no official has any more (a judge removed after the round was posted) comes last.
  const gone = [...rounds.keys()].filter((label) => !byLabel.has(label)).sort();
  return {
    judges: [...known, ...gone].map((label) => {
      const o = byLabel.get(label);
      return { officialId: o?.id ?? null, name: o?.name ?? label, label, rounds: rounds.get(label)! };
    }),
  };
}
