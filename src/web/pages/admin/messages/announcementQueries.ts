import { queryOptions } from '@tanstack/react-query';
import * as endpoints from '../../../../domain/schemas/endpoints.ts';
import type { Audience } from '../../../../domain/schemas/mailings.ts';
import { call } from '../../../api/client.ts';
import { competitionRead } from '../../../api/queries/keys.ts';

/**
 * Sent announcements and the audiences to choose from. Under `dashboard`, which any change of the
 * competition refreshes: new registrations add dancers and teams.
 */
export const announcementsQuery = (key: string | undefined) =>
  competitionRead(key, { topic: 'dashboard', rest: ['announcements'] }, (k) =>
    call(endpoints.getMessagesAnnouncements, { key: k }),
  );

/** An audience the server can count: 'all', or an event or a team once one is chosen. */
export const isComplete = (a: Audience): boolean => a.kind === 'all' || Boolean(a.key);

/** How many dancers an announcement to `audience` would reach (the server counts; nothing is sent). */
export const audienceCountQuery = (key: string | undefined, audience: Audience) =>
  queryOptions({
    ...competitionRead(
      key,
      { topic: 'dashboard', rest: ['audience', audience.kind, audience.key ?? ''] },
      (k) => call(endpoints.postMessagesPreview, { key: k }, { audience }),
    ),
    enabled: key !== undefined && isComplete(audience),
  });
