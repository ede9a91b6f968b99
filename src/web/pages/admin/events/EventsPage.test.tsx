// @vitest-environment jsdom
import '../../../test/setup.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeNetwork, renderRoutes, settingsFixture, signedInRoutes } from '../testing.tsx';
import type { AdminEvent } from './setupApi.ts';

afterEach(() => vi.unstubAllGlobals());

const latin: AdminEvent = {
  key: 'bronze-latin',
  name: 'Bronze Latin',
  style: 'Latin',
  level: 'Bronze',
  dances: ['ChaCha', 'Rumba'],
  entries: [{ id: 1, leadNumber: 101, leadName: 'A', followName: 'B', scratched: false }],
  rounds: [
    {
      roundNumber: 1,
      roundName: 'Final',
      roundId: 'bronze-latin-R1',
      scheduleIndex: 1,
      roundStartTime: null,
      recallSize: 0,
      roundState: 2,
      entries: [{ entryId: 1, leadNumber: 101, heat: 1 }],
      version: 3,
    },
  ],
  version: 7,
};

describe('events screen', () => {
  it('honours the settings that hide "Generate rounds" and "Clear rounds"', async () => {
    fakeNetwork(
      signedInRoutes({
        'GET /competitions/demo/events': { body: [latin] },
        'GET /competitions/demo/settings/events': {
          body: { ...settingsFixture, hideGenerateRoundsButton: true, hideClearRoundsButton: true },
        },
      }),
    );
    renderRoutes('/admin/setup/events');
    const row = await screen.findByTestId('event-bronze-latin');
    fireEvent.click(within(row).getByRole('button', { name: 'Rounds' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('table', { name: 'Rounds' });
    expect(within(dialog).queryByRole('button', { name: 'Generate rounds' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Clear rounds' })).toBeNull();
  });

  it('asks before deleting an event with marks, then deletes it with confirm', async () => {
    const network = fakeNetwork(
      signedInRoutes({
        'GET /competitions/demo/events': { body: [latin] },
        'GET /competitions/demo/settings/events': { body: settingsFixture },
        'DELETE /competitions/demo/events/bronze-latin?version=7': {
          status: 409,
          body: {
            error: { code: 'has_marks', message: '"Bronze Latin" already has judges\' marks (round 1).' },
          },
        },
        'DELETE /competitions/demo/events/bronze-latin?version=7&confirm=true': {
          body: { deleted: 'bronze-latin', archived: true },
        },
      }),
    );
    renderRoutes('/admin/setup/events');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Bronze Latin' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete event' }));
    expect(await within(dialog).findByText(/already has judges' marks/)).toBeInTheDocument();
    expect(
      network.calls('DELETE', '/competitions/demo/events/bronze-latin?version=7&confirm=true'),
    ).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: /Delete anyway/ }));
    await waitFor(() =>
      expect(
        network.calls('DELETE', '/competitions/demo/events/bronze-latin?version=7&confirm=true'),
      ).toHaveLength(1),
    );
  });
});
