import { paths } from '../paths.ts';
import type { AdminOfficial } from '../types.ts';
import { competitionRead } from './keys.ts';

/** Officials are part of the competition's metadata (its `competition` topic). */
export const officialsQuery = (key: string | undefined) =>
  competitionRead<AdminOfficial[]>(key, { topic: 'competition', rest: ['officials'] }, paths.officials);
