// @vitest-environment jsdom
import '../../../test/setup.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeNetwork, renderRoutes, settingsFixture, signedInRoutes } from '../../../test/adminTesting.tsx';
import type { EventView } from '../../../api/types.ts';
import { skipOutcome } from './skipOutcome.ts';

afterEach(() => vi.unstubAllGlobals());

const latin: EventView = {
  key: 'bronze-latin',
  name: 'Bronze Latin',
  style: 'Latin',
  level: 'Bronze',
  dances: ['ChaCha', 'Rumba'],
  roundNaming: 'fraction',
  scoringSystem: 'skating',
  ajsComponents: null,
  ajsRounds: 1,
  ajsTolerance: 1.5,
  fee: null,
  entries: [
    {
      id: 1,
      entryId: 1,
      leadId: null,
      followId: null,
      leadNumber: 101,
      leadName: 'A',
      followName: 'B',
      affiliation: '',
      registeredTime: '2026-01-01T00:00:00Z',
      checkedIn: false,
      scratched: false,
      joinsRound: null,
      withdrawal: null,
      version: 1,
    },
  ],
  rounds: [
    {
      roundNumber: 1,
      roundName: 'Final',
      roundId: 'bronze-latin-R1',
      eventName: 'Bronze Latin',
      scheduleIndex: 1,
      roundStartTime: null,
      type: 'regular',
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

describe('skipping a round: the confirmation says where the couples go', () => {
  const round = (roundNumber: number, roundName: string, couples: number, roundState = 0) => ({
    ...latin.rounds[0]!,
    roundNumber,
    roundName,
    roundState,
    entries: Array.from({ length: couples }, (_, i) => ({ entryId: i + 1, leadNumber: 100 + i, heat: 1 })),
  });
  const rounds = [round(1, 'Quarter-Final', 20), round(2, 'Semi-Final', 0), round(3, 'Final', 0)];

  it('the first round sends its couples forward: nobody is eliminated', () => {
    expect(skipOutcome(rounds, rounds[0]!)).toBe(
      'Nobody is eliminated: its 20 couples go forward to Semi-Final (round 2), which then dances with all of them.',
    );
  });

  it('a later round sends its couples back to the previous round', () => {
    const later = [round(1, 'Quarter-Final', 0, 5), round(2, 'Semi-Final', 12), round(3, 'Final', 0)];
    expect(skipOutcome(later, later[1]!)).toBe('Its 12 couples go back to Quarter-Final (round 1).');
  });
});
