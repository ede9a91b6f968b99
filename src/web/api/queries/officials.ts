import { paths } from '../paths.ts';
import type { AdminOfficial, JudgeRoundsView } from '../types.ts';
import { competitionRead } from './keys.ts';

/** Officials are part of the competition's metadata (its `competition` topic). */
export const officialsQuery = (key: string | undefined) =>
  competitionRead<AdminOfficial[]>(key, { topic: 'competition', rest: ['officials'] }, paths.officials);

/** A judge's open rounds; under `schedule`: starting and posting rounds publish it. */
export const judgeRoundsQuery = (key: string | undefined, judgeId: number) =>
  competitionRead<JudgeRoundsView>(key, { topic: 'schedule', rest: ['judge', judgeId] }, (k) =>
    paths.judgeRounds(k, judgeId),
  );
