// @vitest-environment jsdom
import '../../../test/setup.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { scheduleItem } from '../../../test/adminTesting.tsx';
import type { Schedule } from '../../../../domain/schemas/events.ts';
import { openSchedule } from './scheduleTesting.ts';

afterEach(() => vi.unstubAllGlobals());

const schedule: Schedule = {
  version: 'v1',
  timing: { firstStartTime: '2026-11-21T14:00:00.000Z', perDanceSeconds: 120, transitionSeconds: 60 },
  floors: [{ name: 'Main floor', pace: 1, minutesLate: 0 }],
  items: [scheduleItem({ estimatedStart: '2026-11-21T14:00:00.000Z' })],
};

describe('publish the schedule to dancers', () => {
  it('asks with the number of emails, then sends', async () => {
    const network = openSchedule(schedule, {
      'GET /competitions/demo/schedule/publish': { body: { publishedAt: null, recipients: 240 } },
      'POST /competitions/demo/schedule/publish': {
        body: { recipients: 240, publishedAt: '2026-11-20T15:45:00.000Z' },
      },
    });
    const button = await screen.findByRole('button', { name: 'Publish the schedule to dancers' });
    await waitFor(() => expect(button).toBeEnabled());
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Send 240 emails?' });
    expect(network.calls('POST', '/competitions/demo/schedule/publish')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send 240 emails' }));
    await waitFor(() => expect(network.calls('POST', '/competitions/demo/schedule/publish')).toHaveLength(1));
    expect(await screen.findByText('“Your day” is on its way to 240 dancers.')).toBeInTheDocument();
  });

  it('says when it was already published before sending again', async () => {
    // 15:45 UTC is 10:45 AM in New York, the competition's zone.
    const network = openSchedule(schedule, {
      'GET /competitions/demo/schedule/publish': {
        body: { publishedAt: '2026-11-20T15:45:00.000Z', recipients: 240 },
      },
    });
    const button = await screen.findByRole('button', { name: 'Publish the schedule to dancers' });
    await waitFor(() => expect(button).toBeEnabled());
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Send 240 emails again?' });
    expect(dialog).toHaveTextContent('already published on 20 Nov at 10:45 AM');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(network.calls('POST', '/competitions/demo/schedule/publish')).toHaveLength(0);
  });
});
