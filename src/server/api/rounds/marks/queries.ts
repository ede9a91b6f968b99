/**
 * The reads of judges' marks: one round's marks and what is missing, and the rounds a judge marks
 * now with their own marks.
 */
import { HttpError } from '../../../errors.ts';
import type { Db } from '../../../http/db.ts';
import { RoundState } from '../../../../domain/rounds/index.ts';
import { missingMarks, recallCount } from '../../../../domain/marking.ts';
import { loadRound, type RoundAddress, type RoundContext } from '../context.ts';
import type { MarkHistoryEntry, MarkView } from '../../../../domain/schemas/marks.ts';
import { fromJson } from '../../../http/json.ts';
import { starsJoining, type RoundType } from '../../../../domain/rounds/index.ts';
import { roundsWithEvent } from '../../joins.ts';

/** The round as a marking screen needs it, with the marks still missing. */
export function roundSummary(ctx: RoundContext) {
  const missing = missingMarks(ctx.judges, ctx.marking.dances, ctx.marks);
  return {
    round: {
      roundNumber: ctx.round.round_number,
      roundName: ctx.round.round_name,
      roundState: ctx.round.round_state,
      kind: ctx.marking.kind,
      recallSize: ctx.round.recall_size,
      marksPerDance: ctx.marking.kind === 'recall' ? recallCount(ctx.marking) : null,
      couples: [...ctx.marking.couples],
      stars: starsJoining(ctx.formatEntries, ctx.round.round_number).filter((c) =>
        ctx.marking.couples.includes(c),
      ),
      type: ctx.round.round_type as RoundType,
      dances: [...ctx.marking.dances],
      ...(ctx.marking.ajsComponents ? { ajsComponents: ctx.marking.ajsComponents } : {}),
    },
    missing,
    complete: missing.length === 0 && ctx.judges.length > 0,
  };
}

/** The summary with the round's version (start, and its stale answer). */
export function summaryOf(ctx: RoundContext) {
  const s = roundSummary(ctx);
  return { round: { ...s.round, version: ctx.round.version }, missing: s.missing, complete: s.complete };
}

/** The marks view of one round (GET marks; also returned after a write). */
export function marksView(ctx: RoundContext, onlyOfficial?: number) {
  const judges = ctx.judges.filter((j) => onlyOfficial === undefined || j.id === onlyOfficial);
  const marks: Record<string, Record<string, MarkView>> = {};
  for (const d of ctx.marking.dances) marks[d] = {};
  for (const m of ctx.marks) {
    if (onlyOfficial !== undefined && m.officialId !== onlyOfficial) continue;
    const byJudge = marks[m.dance];
    if (!byJudge) continue;
    byJudge[String(m.officialId)] = {
      value: m.value,
      version: m.version,
      source: m.source as MarkView['source'],
      countOverride: m.countOverride,
      submittedAt: m.submittedAt,
      submittedBy: m.submittedBy,
      locked: m.locked,
      receipt: m.receipt,
    };
  }
  return { judges, marks };
}

/** GET marks: every judge's marks, or only the judge's own (`only`). */
export async function roundMarks(db: Db, competitionId: number, where: RoundAddress, only?: number) {
  const ctx = await loadRound(db, competitionId, where.eventKey, where.n);
  const summary = roundSummary(ctx);
  const view = marksView(ctx, only);
  return {
    ...summary,
    ...view,
    missing: only === undefined ? summary.missing : summary.missing.filter((m) => m.officialId === only),
  };
}

/** The rounds a judge marks now (Running or Marked, on their panel) with their own marks. */
export async function judgeRounds(db: Db, competitionId: number, officialId: number) {
  const judge = await db
    .selectFrom('officials')
    .select(['id', 'name', 'letter', 'role'])
    .where('id', '=', officialId)
    .where('competition_id', '=', competitionId)
    .executeTakeFirst();
  if (!judge || judge.role !== 'Judge') throw new HttpError(404, 'not_found', 'No judge found.');
  const open = await roundsWithEvent(db)
    .select(['events.key', 'rounds.round_number'])
    .where('rounds.competition_id', '=', competitionId)
    .where('rounds.round_state', 'in', [RoundState.Running, RoundState.Marked])
    .orderBy('rounds.schedule_index')
    .orderBy('rounds.id')
    .execute();
  const rounds = [];
  for (const r of open) {
    const ctx = await loadRound(db, competitionId, r.key, r.round_number);
    if (!ctx.judges.some((j) => j.id === officialId)) continue;
    const summary = roundSummary(ctx);
    rounds.push({
      eventKey: ctx.event.key,
      eventName: ctx.event.name,
      scheduleIndex: ctx.round.schedule_index,
      version: ctx.round.version,
      ...summary.round,
      heats: ctx.heats,
      marks: marksView(ctx, officialId).marks,
      missing: summary.missing.filter((m) => m.officialId === officialId).map((m) => m.dance),
    });
  }
  return { judge: { id: judge.id, name: judge.name, letter: judge.letter }, rounds };
}

/** Every stored version of the round's marks, oldest first (the scrutineer's mark history). */
export async function markHistory(db: Db, competitionId: number, where: RoundAddress) {
  const ctx = await loadRound(db, competitionId, where.eventKey, where.n);
  const rows = await db
    .selectFrom('mark_history')
    .leftJoin('officials', 'officials.id', 'mark_history.official_id')
    .select([
      'mark_history.official_id',
      'officials.name',
      'mark_history.dance',
      'mark_history.version',
      'mark_history.value',
      'mark_history.source',
      'mark_history.correction',
      'mark_history.receipt',
      'mark_history.submitted_at',
      'mark_history.submitted_by',
    ])
    .where('mark_history.round_id', '=', ctx.round.id)
    .orderBy('mark_history.id')
    .execute();
  const entries: MarkHistoryEntry[] = rows.map((r) => ({
    officialId: r.official_id,
    judge: r.name ?? `Judge ${r.official_id}`,
    dance: r.dance,
    version: r.version,
    value: fromJson<MarkHistoryEntry['value']>(r.value, []),
    source: r.source,
    correction: r.correction === 1,
    receipt: r.receipt,
    submittedAt: r.submitted_at,
    submittedBy: r.submitted_by,
  }));
  return { entries };
}

/** GET …/ajs-panel: an AJS round's split and panel (404 for a round not scored under AJS). */
export async function roundAjsPanel(db: Db, competitionId: number, where: RoundAddress) {
  const ctx = await loadRound(db, competitionId, where.eventKey, where.n);
  if (!ctx.ajsPanel || !ctx.marking.ajsComponents)
    throw new HttpError(
      404,
      'not_found',
      `The ${ctx.round.round_name} of ${ctx.event.name} is not scored under AJS.`,
    );
  return { ajsComponents: ctx.marking.ajsComponents, ajsPanel: ctx.ajsPanel };
}
