/**
 * Skate: check a result by hand from the command line (npm run skate, or npm run ajs for AJS 3.0).
 *
 *   npm run skate -- file.json            places and the full working as text
 *   npm run skate -- file.json --json     the engine's result as JSON
 *   npm run skate -- file.json --strict   (recalls) refuse a judge who marked the wrong number
 *
 * The file holds either a final or a recall round:
 *
 *   { "final":  { "Waltz": { "11": [1, 5, 1, 1, 2], "21": [2, 2, 5, 4, 1], … }, "Tango": { … } },
 *     "judges": ["A", "B", "C", "D", "E"] }                      (judges optional)
 *
 *   { "recall": { "couples": ["10", "11", …], "requested": 6,
 *                 "marks": { "Waltz": { "A": ["11", "12", …], "B": [ … ] } } } }
 *
 *   { "ajs": { "Waltz": { "A": { "11": { "TQ": 8.5, "MM": 8.75 }, … }, … } },     (npm run ajs)
 *     "assignments": { "A": ["TQ", "MM"], … }, "tolerance": 1.2 }          (both optional)
 *
 * Final marks are places 1..n, one per judge, in the same judge order for every couple. Examples are
 * in src/domain/scoring/examples/.
 */
import { readFileSync } from 'node:fs';
import { formatAjs, formatFinal, formatRecall } from './format.ts';
import { scoreAjs, type AjsOptions, type AjsScores } from './ajs.ts';
import { InvalidMarksError, placeMultiDance, recallTally } from './index.ts';
import type { FinalMarks, RecallInput } from './types.ts';

interface SkateFile extends Pick<AjsOptions, 'assignments' | 'tolerance' | 'couples'> {
  ajs?: AjsScores;
  final?: FinalMarks;
  judges?: string[];
  recall?: RecallInput;
}

function main(argv: string[]): number {
  const flags = new Set(argv.filter((a) => a.startsWith('--')));
  const files = argv.filter((a) => !a.startsWith('--'));
  if (files.length !== 1 || flags.has('--help')) {
    process.stderr.write('Usage: npm run skate -- file.json [--json] [--strict]\n');
    return files.length === 1 ? 0 : 2;
  }
  const path = files[0] as string;
  let data: SkateFile;
  try {
    data = JSON.parse(readFileSync(path, 'utf8')) as SkateFile;
  } catch (e) {
    process.stderr.write(`Cannot read ${path}: ${(e as Error).message}\n`);
    return 2;
  }
  try {
    if (data.final) {
      const result = placeMultiDance(data.final, { judges: data.judges });
      process.stdout.write(
        `${flags.has('--json') ? JSON.stringify(result, null, 2) : formatFinal(result)}\n`,
      );
      return 0;
    }
    if (data.ajs) {
      const result = scoreAjs(data.ajs, data);
      process.stdout.write(`${flags.has('--json') ? JSON.stringify(result, null, 2) : formatAjs(result)}\n`);
      return 0;
    }
    if (data.recall) {
      const result = recallTally(data.recall, { requireExactCounts: flags.has('--strict') });
      process.stdout.write(
        `${flags.has('--json') ? JSON.stringify(result, null, 2) : formatRecall(result, data.recall.requested)}\n`,
      );
      return 0;
    }
    process.stderr.write(`${path} has none of "final", "recall", "ajs"\n`);
    return 2;
  } catch (e) {
    if (e instanceof InvalidMarksError) {
      process.stderr.write(`Invalid marks: ${e.message}\n`);
      return 1;
    }
    throw e;
  }
}

process.exitCode = main(process.argv.slice(2));
