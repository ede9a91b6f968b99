// @vitest-environment jsdom
import '../../test/setup.ts';
import 'fake-indexeddb/auto';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeNetwork } from '../../test/network.ts';
import { competitionFixture } from '../../test/adminTesting.tsx';
import JudgePage from './JudgePage.tsx';
import { heatsOf } from './CoupleGrid.tsx';
import { noteSignedIn } from './judgeStore.ts';
import type { JudgeRound, JudgeRoundsView } from '../../api/types.ts';

configure({ asyncUtilTimeout: 5_000 });

function renderJudge(id: number) {
  const router = createMemoryRouter([{ path: '/judges/:judgeid', element: <JudgePage /> }], {
    initialEntries: [`/judges/${id}`],
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MantineProvider>
        <RouterProvider router={router} />
      </MantineProvider>
    </QueryClientProvider>,
  );
}

function roundsOf(judgeId: number, round: Partial<JudgeRound> = {}): JudgeRoundsView {
  return {
    judge: { id: judgeId, name: 'Margaret Ellison', letter: 'A' },
    rounds: [
      {
        eventKey: 'L-GOLD',
        eventName: 'Gold Latin',
        scheduleIndex: 1,
        version: 3,
        roundNumber: 1,
        roundName: 'Semi-Final',
        roundState: 3,
        kind: 'recall',
        recallSize: 3,
        marksPerDance: 3,
        stars: [],
        type: 'regular',
        couples: ['11', '12', '13', '14', '15', '16'],
        heats: [{ heat: 1, couples: ['11', '12', '13', '14', '15', '16'] }],
        dances: ['ChaCha', 'Rumba'],
        marks: { ChaCha: {}, Rumba: {} },
        missing: ['ChaCha', 'Rumba'],
        ...round,
      },
    ],
  };
}

/** The public competition with its judges (the sign-in page names the tablet's judge from it). */
const withJudges = {
  body: competitionFixture({
    officials: [
      { id: 1, key: '1', name: 'Margaret Ellison', role: 'Judge', bio: '', photoURL: '', letter: 'A' },
      { id: 2, key: '2', name: 'Anna Keller', role: 'Judge', bio: '', photoURL: '', letter: 'B' },
      { id: 6, key: '6', name: 'Dan Deck', role: 'Deck Captain', bio: '', photoURL: '', letter: '' },
    ],
  }),
};

/** The tile numbers as the judge reads them, top to bottom, per heat heading when there are heats. */
function tileNumbers(container: HTMLElement) {
  return [...container.querySelectorAll('.judge-tile .judge-tile-number')].map((t) => t.textContent);
}

const tile = (n: string) => screen.getByRole('button', { name: new RegExp(`^Couple ${n}`) });

describe('judge mark entry', () => {
  it('says "No judge found." for an id that is no judge, without asking for rounds', async () => {
    const net = fakeNetwork({
      'GET /site': { body: { competition: 'demo' } },
      'GET /competitions/demo': withJudges,
    });
    renderJudge(77);
    expect(await screen.findByRole('heading', { name: 'No judge found.' })).toBeInTheDocument();
    // A deck captain's id is no judge's tablet either.
    cleanup();
    renderJudge(6);
    expect(await screen.findByRole('heading', { name: 'No judge found.' })).toBeInTheDocument();
    expect(net.requests.filter((r) => r.path.includes('/judges/'))).toEqual([]);
  });

  it('signs in with the code, counts marks, refuses a wrong count until confirmed, and confirms the send', async () => {
    let signedIn = false;
    const net = fakeNetwork({
      'GET /site': { body: { competition: 'demo' } },
      'GET /competitions/demo': withJudges,
      'GET /competitions/demo/judges/1/rounds': () =>
        signedIn
          ? { body: roundsOf(1) }
          : { status: 401, body: { error: { code: 'unauthorized', message: 'Sign in' } } },
      'POST /competitions/demo/officials/1/session': (r) => {
        signedIn = (r.body as { code: string }).code === 'ABC1234';
        return signedIn
          ? { body: { official: { id: 1 } } }
          : { status: 401, body: { error: { code: 'bad_code', message: 'That access code is not right.' } } };
      },
      'PUT /competitions/demo/events/L-GOLD/rounds/1/marks/1?override=true': { body: {} },
      'PUT /competitions/demo/events/L-GOLD/rounds/1/marks/1': { body: {} },
    });
    renderJudge(1);
    // Whose tablet it is, and no request that can only be refused before the code is in.
    expect(
      await screen.findByRole('heading', { name: 'Tablet of Judge A — Margaret Ellison' }),
    ).toBeInTheDocument();
    expect(net.calls('GET', '/competitions/demo/judges/1/rounds')).toEqual([]);
    fireEvent.change(await screen.findByLabelText(/Access code/), { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('That access code is not right.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/Access code/), { target: { value: 'ABC1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Gold Latin — Semi-Final' })).toBeInTheDocument();
    expect(screen.getByText('0 of 3 marked')).toBeInTheDocument();
    fireEvent.click(tile('12'));
    fireEvent.click(tile('15'));
    expect(screen.getByText('2 of 3 marked')).toBeInTheDocument();
    expect(tile('12')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('Saved on this device — not sent yet')).toBeInTheDocument();

    // Wrong count: nothing is sent until the judge confirms.
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText(/asks for/)).toBeInTheDocument();
    expect(net.requests.filter((r) => r.method === 'PUT')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Send 2 marks anyway' }));
    expect(await screen.findByText("Sent — confirmed by the scrutineer's server")).toBeInTheDocument();
    const put = net.calls('PUT', '/competitions/demo/events/L-GOLD/rounds/1/marks/1?override=true');
    expect(put).toHaveLength(1);
    expect(put[0]?.body).toEqual({ ChaCha: ['12', '15'] });
    const headers = net.fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')?.[1]?.headers as
      Record<string, string> | undefined;
    expect(headers?.['idempotency-key']).toMatch(/.{8,}/);

    // A correction at the right count goes without asking; tapping again changes the state back to unsent.
    fireEvent.click(tile('11'));
    expect(screen.getByText('Saved on this device — not sent yet')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(net.calls('PUT', '/competitions/demo/events/L-GOLD/rounds/1/marks/1')).toHaveLength(1),
    );
    expect(await screen.findByText("Sent — confirmed by the scrutineer's server")).toBeInTheDocument();
  });

  it("shows the server's reason when the round is already posted", async () => {
    noteSignedIn('demo2', 2, true);
    fakeNetwork({
      'GET /site': { body: { competition: 'demo2' } },
      'GET /competitions/demo2/judges/2/rounds': { body: roundsOf(2) },
      'PUT /competitions/demo2/events/L-GOLD/rounds/1/marks/2': {
        status: 409,
        body: { error: { code: 'posted', message: 'Gold Latin Semi-Final: this round is posted.' } },
      },
    });
    renderJudge(2);
    await screen.findByRole('heading', { name: 'Gold Latin — Semi-Final' });
    for (const c of ['11', '12', '13']) fireEvent.click(tile(c));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(/this round is posted/)).toBeInTheDocument();
  });

  it('shows the couples by number, heat by heat, as the deck captain drew them (recall and final)', async () => {
    noteSignedIn('demo3', 3, true);
    // Heats as drawn: heat 1 holds 9, 148, 153; heat 2 holds 10, 150, 159.
    const heats = [
      { heat: 1, couples: ['9', '148', '153'] },
      { heat: 2, couples: ['10', '150', '159'] },
    ];
    const couples = ['9', '10', '148', '150', '153', '159'];
    const view = roundsOf(3, { couples, heats, recallSize: 3, marksPerDance: 3 });
    const final = {
      ...view.rounds[0]!,
      eventKey: 'S-GOLD',
      eventName: 'Gold Standard',
      kind: 'final' as const,
    };
    view.rounds.push({ ...final, roundName: 'Final', heats: [{ heat: 1, couples }] });
    fakeNetwork({
      'GET /site': { body: { competition: 'demo3' } },
      'GET /competitions/demo3/judges/3/rounds': { body: view },
    });
    const { container } = renderJudge(3);
    const first = await screen.findByRole('region', { name: 'Heat 1 of 2' });
    expect(screen.getByRole('heading', { name: 'Heat 2 of 2' })).toBeInTheDocument();
    expect(tileNumbers(first)).toEqual(['9', '148', '153']);
    expect(tileNumbers(screen.getByRole('region', { name: 'Heat 2 of 2' }))).toEqual(['10', '150', '159']);
    expect(tileNumbers(container)).toEqual(['9', '148', '153', '10', '150', '159']);

    // The final: one heat, by number, no heat heading.
    fireEvent.click(screen.getByRole('button', { name: /Gold Standard/ }));
    await screen.findByRole('heading', { name: 'Gold Standard — Final' });
    expect(screen.queryByText(/^Heat \d/)).toBeNull();
    expect(tileNumbers(container)).toEqual(couples);
  });

  it('lines up rounds kept on a tablet by an older version (no heats) by number', () => {
    expect(heatsOf({ couples: ['12', '9', '101'] })).toEqual([{ heat: 1, couples: ['9', '12', '101'] }]);
    expect(heatsOf({ couples: [] })).toEqual([]);
  });
});
