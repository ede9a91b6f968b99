import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { csvRecords, csvRecordsSteps, formulaLike, parseCsv, toCsv, CsvError } from './csv.ts';

describe('CSV (RFC 4180)', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks, CRLF or LF', () => {
    expect(parseCsv('a,"b,c","say ""hi"""\r\n"two\nlines",x,\n')).toEqual([
      ['a', 'b,c', 'say "hi"'],
      ['two\nlines', 'x', ''],
    ]);
  });

  it('ignores a byte-order mark and a missing last line break', () => {
    expect(parseCsv('\uFEFFname\r\nAna')).toEqual([['name'], ['Ana']]);
  });

  it('refuses an unclosed quote and text after a closing quote, with the line', () => {
    expect(() => parseCsv('a\n"open,b\n')).toThrow(CsvError);
    expect(() => parseCsv('a\n"open,b\n')).toThrow(/Line 2/);
    expect(() => parseCsv('"a"b\n')).toThrow(/after a closing quote/);
  });

  it('writes what it reads back (round trip), quoting only when needed', () => {
    expect(
      toCsv([
        ['a', 'b,c', 'q"'],
        [1, '', null],
      ]),
    ).toBe('a,"b,c","q"""\r\n1,,\r\n');
    fc.assert(
      fc.property(
        fc.array(
          fc.array(
            fc.string({ maxLength: 8 }).filter((s) => !formulaLike(s)),
            { minLength: 2, maxLength: 4 },
          ),
          {
            minLength: 1,
            maxLength: 5,
          },
        ),
        (rows) => {
          expect(parseCsv(toCsv(rows))).toEqual(rows);
        },
      ),
    );
  });

  it('keeps a spreadsheet from running a formula in an exported name', () => {
    expect(toCsv([['=HYPERLINK("x")']])).toBe(`"'=HYPERLINK(""x"")"\r\n`);
  });

  it('guards every cell a spreadsheet could run, in either separator locale', () => {
    const attacks = [
      'Zed;=1+1', // a ; locale splits the cell: "=1+1" would be a cell of its own
      'Zed,=1+1',
      'Zed; +1+1',
      'a;b;@SUM(A1)',
      '\u200b=1+1', // zero-width space, skipped by spreadsheets
      '\ufeff@SUM(A1)',
      ' =1+1',
      '\u00a0-1+1',
      '\t=1+1',
      '\r=1+1',
      '\t',
      '\uff1d1+1', // full-width equals
      '+1',
      '-1+1',
      '@SUM(A1)',
      '=HYPERLINK("http://x";"y")',
    ];
    const visibleSign = /^"?[\s\u200b\ufeff]*[=+\-@\uff1d]/;
    for (const cell of attacks) {
      const line = toCsv([['Ana', cell, 'Ben']]).replace(/\r\n$/, '');
      // Split as carelessly as any reader could: at every , and ; even inside quotes.
      for (const part of line.split(/[,;]/))
        expect(part, `${JSON.stringify(cell)} → ${line}`).not.toMatch(visibleSign);
      expect(line.split(/[,;]/).some((p) => /^[\t\r]/.test(p))).toBe(false);
      // Nothing is lost: the cell reads back as itself with the guarding quotes.
      const back = parseCsv(line + '\r\n')[0]!;
      expect(back[1]!.replace(/(^|[,;])'/g, '$1')).toBe(cell);
    }
    // Ordinary text is left alone; a ; only quotes it.
    expect(toCsv([['Smith-Jones', 'Ana Lee', 'Latin; Standard', 3, -2]])).toBe(
      'Smith-Jones,Ana Lee,"Latin; Standard",3,-2\r\n',
    );
  });

  it('maps records by lower-cased header, skipping blank lines, with their line numbers', () => {
    const { header, records } = csvRecords('Lead_Name , events\nAna,x\n\n Ben ,y;z\n');
    expect(header).toEqual(['lead_name', 'events']);
    expect(records).toEqual([
      { line: 2, values: { lead_name: 'Ana', events: 'x' } },
      { line: 4, values: { lead_name: 'Ben', events: 'y;z' } },
    ]);
  });
});

describe('CSV in steps', () => {
  it('pauses every few hundred records of a large file and reads the same records', () => {
    const text = ['a,b', ...Array.from({ length: 3000 }, (_, i) => `x${i},"y\n${i}"`)].join('\r\n');
    const steps = csvRecordsSteps(text);
    let pauses = 0;
    let step = steps.next();
    while (!step.done) {
      pauses++;
      step = steps.next();
    }
    // Whoever drives it (a server between event-loop turns) gets the loop back this often.
    expect(pauses).toBeGreaterThanOrEqual(3000 / 200);
    expect(step.value).toEqual(csvRecords(text));
    expect(step.value.records[2999]).toEqual({ line: 3001, values: { a: 'x2999', b: 'y\n2999' } });
  });
});
