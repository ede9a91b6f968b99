/**
 * CSV as RFC 4180 describes it: fields separated by commas, records by CRLF (LF alone is accepted),
 * fields that hold a comma, quote or line break enclosed in double quotes, a quote inside written twice.
 * Spreadsheet exports also add a byte-order mark and a last empty line; both are ignored.
 */

/** What is wrong with the file's quoting, for a reader in another language. */
export type CsvErrorCode = 'quote_in_field' | 'text_after_quote' | 'unclosed_quote';

export class CsvError extends Error {
  constructor(
    message: string,
    readonly line: number,
    readonly code: CsvErrorCode,
  ) {
    super(message);
  }
}

/** Records of fields. Throws CsvError (with the line) on an unclosed quote or text after a closing quote. */
export function parseCsv(text: string): string[][] {
  return finish(parseCsvSteps(text));
}

/** Rows between two pauses of the `…Steps` parsers: a few milliseconds of work. */
const ROWS_PER_STEP = 200;

/** Runs a `…Steps` generator to its end at once. */
function finish<T>(steps: Generator<void, T, void>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * `parseCsv` in steps: it pauses (yields) every ROWS_PER_STEP records, so a server can answer other
 * requests between the steps of a large file.
 */
export function* parseCsvSteps(text: string): Generator<void, string[][], void> {
  const src = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let afterQuote = false;
  let line = 1;
  let quoteLine = 1;
  /** A run of characters with no meaning to CSV outside quotes. */
  const plain = /[^,\r\n"]+/y;
  for (let i = 0; i < src.length; i++) {
    const ch = src[i] as string;
    if (quoted) {
      if (ch === '"') {
        if (src[i + 1] === '"') {
          field += '"';
          i++;
        } else {
          quoted = false;
          afterQuote = true;
        }
      } else {
        // The run up to the next quote at once: a 3,000-row file char by char took ~100 ms.
        const quote = src.indexOf('"', i);
        const end = quote === -1 ? src.length : quote;
        const run = src.slice(i, end);
        for (let n = run.indexOf('\n'); n !== -1; n = run.indexOf('\n', n + 1)) line++;
        field += run;
        i = end - 1;
      }
      continue;
    }
    if (ch === ',') {
      row.push(field);
      field = '';
      afterQuote = false;
    } else if (ch === '\r' || ch === '\n') {
      if (ch === '\r' && src[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      afterQuote = false;
      line++;
      if (rows.length % ROWS_PER_STEP === 0) yield;
    } else if (ch === '"') {
      if (field !== '' || afterQuote)
        throw new CsvError(`Line ${line}: a quote in the middle of a field`, line, 'quote_in_field');
      quoted = true;
      quoteLine = line;
    } else {
      if (afterQuote)
        throw new CsvError(`Line ${line}: text after a closing quote`, line, 'text_after_quote');
      plain.lastIndex = i;
      plain.test(src);
      field += src.slice(i, plain.lastIndex);
      i = plain.lastIndex - 1;
    }
  }
  if (quoted)
    throw new CsvError(`Line ${quoteLine}: a quoted field is never closed`, quoteLine, 'unclosed_quote');
  if (field !== '' || row.length > 0 || afterQuote) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** Characters spreadsheets skip before a formula's first sign: whitespace, controls, zero-width ones. */
const SKIPPED = '[\\s\\u0000-\\u001f\\u007f\\u00ad\\u180e\\u200b-\\u200f\\u2060-\\u2064\\ufeff]*';
/** Signs that start a formula, with their full-width forms. */
const SIGNS = '[=+\\-@\\uff1d\\uff0b\\uff0d\\uff20]';
/**
 * Where a spreadsheet could start a formula: the cell's start, and after every `,` or `;` (a file opened
 * in the other separator locale splits the cell there, even inside quotes), when the first visible
 * character is a sign.
 */
const FORMULA_AT = new RegExp(`(^|[,;])(?=${SKIPPED}${SIGNS}|[\\t\\r])`, 'g');

/** Whether csvField guards this text. */
export function formulaLike(s: string): boolean {
  FORMULA_AT.lastIndex = 0;
  return FORMULA_AT.test(s);
}

/**
 * One field, quoted only when it must be (also when it holds a `;`, for the other separator locale).
 * Every place a spreadsheet could start a formula (FORMULA_AT) gets a ' so the spreadsheet shows text.
 */
export function csvField(value: string | number | boolean | null | undefined): string {
  let s = value === null || value === undefined ? '' : String(value);
  if (typeof value === 'string') s = s.replace(FORMULA_AT, "$1'");
  return /[",;\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** Records → CSV text with CRLF line ends (RFC 4180) and a final CRLF. */
export function toCsv(
  rows: ReadonlyArray<ReadonlyArray<string | number | boolean | null | undefined>>,
): string {
  return rows.map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/**
 * Records with a header row → objects keyed by the (trimmed, lower-cased) header names. Blank lines are
 * skipped; `line` is the record's first line in the file, for messages.
 */
export function csvRecords(text: string): CsvRecords {
  return finish(csvRecordsSteps(text));
}

export interface CsvRecords {
  header: string[];
  records: { line: number; values: Record<string, string> }[];
}

/** `csvRecords` in steps, pausing as `parseCsvSteps` does. */
export function* csvRecordsSteps(text: string): Generator<void, CsvRecords, void> {
  const rows = yield* parseCsvSteps(text);
  const header = (rows[0] ?? []).map((h) => h.trim().toLowerCase());
  const records: { line: number; values: Record<string, string> }[] = [];
  for (let i = 1; i < rows.length; i++) {
    const r = rows[i] as string[];
    if (r.every((f) => f.trim() === '')) continue;
    const values: Record<string, string> = {};
    header.forEach((h, j) => {
      values[h] = (r[j] ?? '').trim();
    });
    records.push({ line: i + 1, values });
    if (i % ROWS_PER_STEP === 0) yield;
  }
  return { header, records };
}
