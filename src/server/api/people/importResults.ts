/**
 * Results from competitions elsewhere, imported from CSV so their placings count for proficiency points.
 * The one CSV import path (csvImport.ts): every row checked, a dry run (the default) writes nothing, and
 * a file with any problem is refused whole.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { audit } from '../../audit.ts';
import type { CommandContext } from '../../http/command.ts';
import {
  columnsProblem,
  importCsv,
  recordCountProblems,
  type CsvImportRecords,
  type ImportWork,
} from '../../http/csvImport.ts';
import type { Tx } from '../../http/db.ts';
import { toJson } from '../../http/json.ts';
import type { CsvRecords } from '../../../domain/csv.ts';
import { displayProblem, storedForm } from '../../../domain/displayText.ts';
import { normalizeName } from '../../../domain/entries.ts';
import { LEVELS, type Level } from '../../../domain/levels.ts';
import { DANCES_BY_STYLE, STYLES, type Style } from '../../../domain/styles.ts';
import { isPlainDate } from '../../../domain/time.ts';
import { MAX_RESULT_ROWS, RESULT_COLUMNS, type ResultsImportAnswer } from '../../../domain/schemas/people.ts';
import { importedEventName } from './persons.ts';

type Problem = ResultsImportAnswer['problems'][number];
type Row = ResultsImportAnswer['results'][number] & {
  style: Style;
  level: Level;
  dances: string[];
  roundsDanced: number;
};

/** Letters and digits only, lower-cased: "Cha Cha" = "chacha", "Pre-Champ" = "prechamp". */
const squash = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/** Our levels, and the YCN ladder's names for two of them. */
const LEVEL_WORDS = new Map<string, Level>([
  ...LEVELS.map((l) => [squash(l), l] as const),
  ['prebronze', 'Newcomer'],
  ['prechampionship', 'Prechamp'],
  ['champ', 'Championship'],
]);

/** A lead or follow cell: `#12` names person 12; a name finds the one person of that name, or a new one. */
async function dancer(
  trx: Tx,
  text: string,
): Promise<{ personId: number | null; name: string; problem?: string }> {
  const byId = /^#(\d{1,9})$/.exec(text);
  if (byId) {
    const p = await trx
      .selectFrom('persons')
      .select(['id', 'name', 'merged_into'])
      .where('id', '=', Number(byId[1]))
      .executeTakeFirst();
    if (!p) return { personId: null, name: text, problem: `There is no person ${text}.` };
    const id = p.merged_into ?? p.id;
    const live = await trx
      .selectFrom('persons')
      .select('name')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return { personId: id, name: live.name };
  }
  const people = await trx
    .selectFrom('persons')
    .select('id')
    .where('name_key', '=', normalizeName(text))
    .where('merged_into', 'is', null)
    .orderBy('id')
    .execute();
  if (people.length > 1)
    return {
      personId: null,
      name: text,
      problem: `${people.length} people are named ${text} (${people.map((p) => `#${p.id}`).join(', ')}): write the one meant, e.g. #${people[0]!.id}.`,
    };
  return { personId: people[0]?.id ?? null, name: text };
}

/** The problems of a results file as a whole: its columns and its number of results. */
function resultsFileProblems(file: CsvRecords): Problem[] {
  // "rounds_danced" is read as "rounds danced".
  const header = file.header.map((h) => h.replace(/_/g, ' '));
  const missing = RESULT_COLUMNS.filter((c) => !header.includes(c));
  return [
    ...(missing.length ? [columnsProblem('Missing', missing, RESULT_COLUMNS)] : []),
    ...recordCountProblems(file.records.length, MAX_RESULT_ROWS, 'results'),
  ];
}

/** Every record's problems, and the rows to write with whom they count for. */
async function checkRows(
  trx: Tx,
  records: CsvImportRecords,
  work: ImportWork,
): Promise<{ rows: Row[]; problems: Problem[] }> {
  const problems: Problem[] = [];
  const rows: Row[] = [];
  const seen = new Set<string>();
  for (const { line, values } of records) {
    await work.pause();
    const v = (col: string) => storedForm(values[col] ?? values[col.replace(/ /g, '_')] ?? '');
    // `code` and `values`: the web words the problem in its reader's language (components/importProblem.ts).
    const bad = (column: string, message: string, code?: string, values?: Record<string, string | number>) =>
      problems.push({ line, column, message, ...(code ? { code } : {}), ...(values ? { values } : {}) });
    const before = problems.length;
    // Every cell by the rule names and notes follow everywhere (no control or direction characters).
    for (const [column, value] of Object.entries(values)) {
      const problem = displayProblem(value);
      if (problem) bad(column, `The ${column} ${problem}.`);
    }
    const competition = v('competition');
    if (!competition || competition.length > 200)
      bad('competition', 'Write the competition name.', 'result_competition');
    const date = v('date');
    if (!isPlainDate(date)) bad('date', 'Write the date like 2025-03-01.', 'result_date');
    const style = STYLES.find((s) => squash(s) === squash(v('style')));
    if (!style) bad('style', `Write one of: ${STYLES.join(', ')}.`, 'one_of', { values: STYLES.join(', ') });
    const level = LEVEL_WORDS.get(squash(v('level')));
    if (!level) bad('level', `Write one of: ${LEVELS.join(', ')}.`, 'one_of', { values: LEVELS.join(', ') });
    const dances: string[] = [];
    for (const d of v('dances')
      .split(/[;|/]/)
      .map((x) => x.trim())
      .filter(Boolean)) {
      const dance = style ? DANCES_BY_STYLE[style].find((x) => squash(x) === squash(d)) : undefined;
      if (dance) dances.push(dance);
      else if (style)
        bad(
          'dances',
          `${d} is not a ${style} dance (${DANCES_BY_STYLE[style].join(', ')}).`,
          'result_dance',
          {
            dance: d,
            style,
            dances: DANCES_BY_STYLE[style].join(', '),
          },
        );
    }
    if (style && !dances.length && problems.length === before)
      bad('dances', 'Write the dances, e.g. Waltz; Quickstep.', 'result_dances');
    const rounds = Number(v('rounds danced'));
    if (!Number.isInteger(rounds) || rounds < 1 || rounds > 10)
      bad(
        'rounds danced',
        'Write how many rounds the event danced, the final included (1 = a straight final).',
        'result_rounds',
      );
    const place = Number(v('place'));
    if (!Number.isFinite(place) || place < 1 || place > 500 || (place * 2) % 1 !== 0)
      bad('place', 'Write the place, like 1 or 2.5 (a shared place).', 'result_place');
    const lead = await dancer(trx, v('lead'));
    const follow = await dancer(trx, v('follow'));
    if (!v('lead')) bad('lead', "Write the lead's name (or #id of a person).", 'result_lead');
    else if (lead.problem) bad('lead', lead.problem);
    if (!v('follow')) bad('follow', "Write the follow's name (or #id of a person).", 'result_follow');
    else if (follow.problem) bad('follow', follow.problem);
    if (v('lead') && v('follow') && normalizeName(lead.name) === normalizeName(follow.name))
      bad('follow', 'The lead and the follow must be two different people.', 'same_person');
    if (problems.length > before || !style || !level) continue;
    const event = importedEventName(level, style, dances);
    const key = [competition, date, event, normalizeName(lead.name), normalizeName(follow.name)].join('\n');
    if (seen.has(key)) {
      bad('place', 'This result is in the file twice.', 'twice');
      continue;
    }
    seen.add(key);
    if (lead.personId !== null && follow.personId !== null) {
      const already = await trx
        .selectFrom('person_results')
        .select('id')
        .where('lead_person_id', '=', lead.personId)
        .where('follow_person_id', '=', follow.personId)
        .where('competition', '=', competition)
        .where('date', '=', date)
        .where('style', '=', style)
        .where('level', '=', level)
        .where('dances', '=', toJson(dances))
        .executeTakeFirst();
      if (already) {
        bad('competition', `This result was already imported (${event} at ${competition}).`);
        continue;
      }
    }
    rows.push({
      line,
      competition,
      date,
      event,
      place,
      lead: { name: lead.name, personId: lead.personId },
      follow: { name: follow.name, personId: follow.personId },
      style,
      level,
      dances,
      roundsDanced: rounds,
    });
  }
  return { rows, problems };
}

/** Writes the rows, making a person for each new name (once per name in the file). */
async function writeRows(ctx: CommandContext, rows: Row[]): Promise<void> {
  const made = new Map<string, number>();
  const personOf = async (d: Row['lead']): Promise<number> => {
    if (d.personId !== null) return d.personId;
    const key = normalizeName(d.name);
    const known = made.get(key);
    if (known !== undefined) return known;
    const p = await ctx.trx
      .insertInto('persons')
      .values({ name: d.name.trim(), name_key: key })
      .returning('id')
      .executeTakeFirstOrThrow();
    made.set(key, p.id);
    return p.id;
  };
  for (const r of rows) {
    r.lead.personId = await personOf(r.lead);
    r.follow.personId = await personOf(r.follow);
    await ctx.trx
      .insertInto('person_results')
      .values({
        lead_person_id: r.lead.personId,
        follow_person_id: r.follow.personId,
        lead_name: r.lead.name,
        follow_name: r.follow.name,
        competition: r.competition,
        date: r.date,
        style: r.style,
        level: r.level,
        dances: toJson(r.dances),
        rounds_danced: r.roundsDanced,
        place: r.place,
        imported_by: ctx.who,
        created_at: new Date().toISOString(),
      })
      .execute();
  }
}

/** The import command (site administrators): all or nothing, a dry run by default. */
export async function importResults(
  app: FastifyInstance,
  req: FastifyRequest,
  csv: string,
  dryRun: boolean,
): Promise<ResultsImportAnswer> {
  const outcome = await importCsv(app, req, csv, dryRun, {
    fileProblems: resultsFileProblems,
    tryRecords: async (ctx, records, work) => {
      const { rows, problems } = await checkRows(ctx.trx, records, work);
      return { problems, tried: rows };
    },
    commit: async (ctx, rows) => {
      await writeRows(ctx, rows);
      await audit(ctx.trx, {
        competitionId: null,
        actor: ctx.who,
        action: 'person.results.import',
        entity: 'person_results',
        after: { rows: rows.length },
      });
    },
  });
  const rows = outcome.tried ?? [];
  return {
    dryRun,
    rows: outcome.rows,
    problems: outcome.problems,
    created: outcome.committed ? rows.length : 0,
    results: rows.map(({ style: _s, level: _l, dances: _d, roundsDanced: _r, ...shown }) => shown),
  };
}
