/**
 * Figure: "Suggest a schedule" on the generated 1,000-entry, 120-round competition
 * (src/domain/scheduleSample.ts): how long the suggestion takes with its default budget, and the
 * conflicts, overlaps and day length before and after. In process: the optimizer is pure.
 */
import { sampleCompetition } from '../src/domain/scheduleSample.ts';
import { suggestSchedule } from '../src/domain/scheduleSuggest.ts';
import { ms, type Row } from './lib/report.ts';

export function scheduleSuggestFigures(): Row[] {
  const input = sampleCompetition();
  const t0 = performance.now();
  const result = suggestSchedule(input);
  const elapsed = performance.now() - t0;
  const { before, after } = result;
  const data = { before, after, iterations: result.iterations, entries: input.entries };
  return [
    {
      figure: 'Suggest a schedule, 1,000 entries / 120 rounds / 2 floors: time',
      value: ms(elapsed),
      target: '≤ 2000 ms',
      pass: elapsed <= 2000,
      data,
      note: `${result.iterations} moves tried (simulated annealing, 1.2 s budget)`,
    },
    {
      figure: 'Suggest a schedule: conflicts before → after',
      value: `${before.conflicts} → ${after.conflicts}`,
      target: 'fewer',
      pass: after.conflicts < before.conflicts,
    },
    {
      figure: 'Suggest a schedule: overlaps before → after',
      value: `${before.overlaps} → ${after.overlaps}`,
      target: '',
      pass: null,
    },
    {
      figure: 'Suggest a schedule: day length before → after',
      value: `${before.lengthMinutes} → ${after.lengthMinutes} min`,
      target: '',
      pass: null,
    },
  ];
}
