/**
 * Checking a registrations CSV (columns: IMPORT_COLUMNS; the first six required): the file's problems,
 * and its records as the couples to register with every problem found on the way. Writes nothing: the
 * import command registers them.
 */
import type { CsvRecords } from '../../../domain/csv.ts';
import {
  columnsProblem,
  recordCountProblems,
  type CsvImportRecords,
  type ImportWork,
} from '../../http/csvImport.ts';
import { LEVELS, type Level } from '../../../domain/levels.ts';
import { STYLES, type Style } from '../../../domain/styles.ts';
import type { RegistrationTierName } from '../../../domain/registration.ts';
import {
  IMPORT_COLUMNS,
  MAX_IMPORT_ROWS,
  REQUIRED_IMPORT_COLUMNS,
  registrationCreate,
  type ImportProblem,
} from '../../../domain/schemas/registration.ts';
import type { RegisterInput, RegisterOptions } from './register.ts';
import { issueParams } from '../../errors.ts';

const FIELD_COLUMN: Record<string, string> = {
  'lead.name': 'lead_name',
  'lead.email': 'lead_email',
  'follow.name': 'follow_name',
  'follow.email': 'follow_email',
  affiliation: 'affiliation',
  events: 'events',
};

/** "Latin:Silver; Standard:Gold" → {Latin: 'Silver', Standard: 'Gold'}. */
function placedOutText(text: string): {
  value: Partial<Record<Style, Level>>;
  error?: string;
  /** The part that is not Style:Level, for the web's words. */
  part?: string;
} {
  const value: Partial<Record<Style, Level>> = {};
  if (!text) return { value };
  for (const part of text.split(/[;|]/)) {
    if (!part.trim()) continue;
    const [s, l] = part.split(':').map((x) => x.trim().toLowerCase());
    const style = STYLES.find((x) => x.toLowerCase() === s);
    const level = LEVELS.find((x) => x.toLowerCase() === l);
    if (!style || !level)
      return { value, error: `"${part.trim()}" is not Style:Level (e.g. Latin:Silver)`, part: part.trim() };
    value[style] = level;
  }
  return { value };
}

function yesNo(text: string): boolean | null {
  const t = text.toLowerCase();
  if (['', 'no', 'n', 'false', '0'].includes(t)) return false;
  if (['yes', 'y', 'true', '1'].includes(t)) return true;
  return null;
}

/** The problems of a registrations file as a whole: its columns and its number of couples. */
export function registrationFileProblems(file: CsvRecords): ImportProblem[] {
  const missing = REQUIRED_IMPORT_COLUMNS.filter((col) => !file.header.includes(col));
  const unknown = file.header.filter((h) => h && !(IMPORT_COLUMNS as readonly string[]).includes(h));
  return [
    ...(missing.length ? [columnsProblem('Missing', missing)] : []),
    ...(unknown.length ? [columnsProblem('Unknown', unknown, IMPORT_COLUMNS)] : []),
    ...recordCountProblems(file.records.length, MAX_IMPORT_ROWS, 'couples'),
  ];
}

export interface ImportRow {
  line: number;
  input: RegisterInput;
  opts: Partial<RegisterOptions>;
}

/** Each record as a couple to register; the problems of records that cannot be. */
export async function importRows(
  records: CsvImportRecords,
  events: readonly { key: string; name: string }[],
  work: ImportWork,
): Promise<{ rows: ImportRow[]; problems: ImportProblem[] }> {
  const eventByText = new Map<string, string>();
  for (const e of events) {
    eventByText.set(e.key.toLowerCase(), e.key);
    eventByText.set(e.name.toLowerCase(), e.key);
  }

  const problems: ImportProblem[] = [];
  const rows: ImportRow[] = [];
  for (const { line, values: v } of records) {
    await work.pause();
    const rowProblems: ImportProblem[] = [];
    const eventKeys: string[] = [];
    for (const item of (v.events ?? '').split(/[;|]/)) {
      const t = item.trim();
      if (!t) continue;
      const key = eventByText.get(t.toLowerCase());
      if (key) eventKeys.push(key);
      else
        rowProblems.push({
          line,
          column: 'events',
          message: `There is no event "${t}".`,
          code: 'unknown_event',
          values: { event: t },
        });
    }
    const leadPlaced = placedOutText(v.lead_placed_out ?? '');
    const followPlaced = placedOutText(v.follow_placed_out ?? '');
    for (const [column, placed] of [
      ['lead_placed_out', leadPlaced],
      ['follow_placed_out', followPlaced],
    ] as const) {
      if (placed.error)
        rowProblems.push({
          line,
          column,
          message: placed.error,
          code: 'placed_out',
          values: { text: placed.part ?? '' },
        });
    }
    const leadMedia = yesNo(v.lead_media ?? '');
    const followMedia = yesNo(v.follow_media ?? '');
    if (leadMedia === null)
      rowProblems.push({ line, column: 'lead_media', message: 'Write yes or no.', code: 'yes_no' });
    if (followMedia === null)
      rowProblems.push({ line, column: 'follow_media', message: 'Write yes or no.', code: 'yes_no' });
    const tierText = (v.tier ?? '').toUpperCase();
    const tier: RegistrationTierName | undefined =
      tierText === '' ? undefined : tierText === 'LATE' ? 'CLOSED' : (tierText as RegistrationTierName);
    if (tier !== undefined && !['EARLY', 'OPEN', 'CLOSED'].includes(tier))
      rowProblems.push({
        line,
        column: 'tier',
        message: 'Write EARLY, OPEN or LATE (or leave empty for the tier now).',
        code: 'tier',
      });
    const numberText = v.lead_number ?? '';
    const leadNumber = numberText === '' ? undefined : Number(numberText);
    if (
      leadNumber !== undefined &&
      !(Number.isInteger(leadNumber) && leadNumber >= 1 && leadNumber <= 99_999)
    )
      rowProblems.push({
        line,
        column: 'lead_number',
        message: 'Write a whole number from 1 to 99999.',
        code: 'lead_number',
        values: { max: 99_999 },
      });
    const paidText = v.amount_paid ?? '';
    const amountPaid = paidText === '' ? undefined : Number(paidText.replace(/^\$/, ''));
    if (
      amountPaid !== undefined &&
      !(Number.isFinite(amountPaid) && amountPaid >= 0 && amountPaid <= 100_000)
    )
      rowProblems.push({
        line,
        column: 'amount_paid',
        message: 'Write an amount like 50 or 50.00.',
        code: 'amount_paid',
      });

    const body = registrationCreate.safeParse({
      lead: { name: v.lead_name ?? '', email: v.lead_email ?? '', placedOut: leadPlaced.value },
      follow: { name: v.follow_name ?? '', email: v.follow_email ?? '', placedOut: followPlaced.value },
      affiliation: v.affiliation ?? '',
      // Unknown events are reported above; an empty list is reported by the schema.
      events: eventKeys,
      consents: {
        lead: { liability: true, media: !!leadMedia },
        follow: { liability: true, media: !!followMedia },
      },
    });
    if (!body.success) {
      for (const issue of body.error.issues) {
        const field = issue.path.map(String).join('.');
        const column = FIELD_COLUMN[field] ?? FIELD_COLUMN[issue.path.slice(0, 2).map(String).join('.')];
        if (column === 'events' && rowProblems.some((p) => p.column === 'events')) continue;
        rowProblems.push({
          line,
          ...(column ? { column } : {}),
          message: issue.message,
          issue: { code: issue.code, ...issueParams(issue) },
        });
      }
    }
    if (rowProblems.length || !body.success) {
      problems.push(...rowProblems);
      continue;
    }
    rows.push({
      line,
      input: body.data,
      opts: {
        ...(tier ? { tier } : {}),
        ...(leadNumber !== undefined ? { leadNumber } : {}),
        ...(amountPaid !== undefined ? { amountPaid } : {}),
      },
    });
  }

  return { rows, problems };
}
