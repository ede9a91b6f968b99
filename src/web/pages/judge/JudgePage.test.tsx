// @vitest-environment jsdom
import '../../test/setup.ts';
import 'fake-indexeddb/auto';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeNetwork } from '../../test/network.ts';
import JudgePage from './JudgePage.tsx';
import type { JudgeRoundsView } from '../../api/types.ts';

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

function roundsOf(judgeId: number): JudgeRoundsView {
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
        couples: ['11', '12', '13', '14', '15', '16'],
        dances: ['ChaCha', 'Rumba'],
        marks: { ChaCha: {}, Rumba: {} },
        missing: ['ChaCha', 'Rumba'],
      },
    ],
  };
}

const tile = (n: string) => screen.getByRole('button', { name: new RegExp(`^Couple ${n}`) });

describe('judge mark entry', () => {
  it('says "No judge found." for an id on no panel', async () => {
    fakeNetwork({
      'GET /site': { body: { competition: 'demo' } },
      'GET /competitions/demo/judges/77/rounds': {
        status: 401,
        body: { error: { code: 'unauthorized', message: 'Sign in' } },
      },
      'GET /competitions/demo/panels': { body: [{ eventKey: 'L-GOLD', officialIds: [1, 2, 3] }] },
    });
    renderJudge(77);
    expect(await screen.findByRole('heading', { name: 'No judge found.' })).toBeInTheDocument();
  });

  it('signs in with the code, counts marks, refuses a wrong count until confirmed, and confirms the send', async () => {
    let signedIn = false;
    const net = fakeNetwork({
      'GET /site': { body: { competition: 'demo' } },
      'GET /competitions/demo/panels': { body: [{ eventKey: 'L-GOLD', officialIds: [1, 2] }] },
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
});
