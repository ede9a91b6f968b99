import * as endpoints from '../../../domain/schemas/endpoints.ts';
import { call } from '../client.ts';
import { competitionRead } from './keys.ts';

/** Officials are part of the competition's metadata (its `competition` topic). */
export const officialsQuery = (key: string | undefined) =>
  competitionRead(key, { topic: 'competition', rest: ['officials'] }, (k) =>
    call(endpoints.getOfficials, { key: k }),
  );
