import type { Schedule } from '../../../../domain/schemas/events.ts';
import {
  fakeNetwork,
  renderRoutes,
  settingsFixture,
  signedInRoutes,
  type FakeHandler,
} from '../../../test/adminTesting.tsx';

/**
 * Opens the event schedule signed in, over a fake API that answers `schedule`, the event settings
 * (`settings`) and the `more` routes a test needs; returns the fake network to read the writes from.
 */
export function openSchedule(
  schedule: Schedule,
  more: Record<string, FakeHandler> = {},
  settings: object = settingsFixture,
) {
  const network = fakeNetwork(
    signedInRoutes({
      'GET /competitions/demo/schedule': { body: schedule },
      'GET /competitions/demo/settings/events': { body: settings },
      'GET /competitions/demo/schedule/publish': { body: { publishedAt: null, recipients: 0 } },
      ...more,
    }),
  );
  renderRoutes('/admin/eventschedule');
  return network;
}
