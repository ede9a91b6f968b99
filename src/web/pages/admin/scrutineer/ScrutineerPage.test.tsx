// @vitest-environment jsdom
import '../../../test/setup.ts';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RoundMarksView } from '../../../../domain/schemas/marks.ts';
import type { Schedule, ScheduleItem } from '../../../../domain/schemas/events.ts';
import {
  competitionFixture,
  fakeNetwork,
  renderRoutes,
  scheduleItem,
  signedInRoutes,
  signedOut,
} from '../../../test/adminTesting.tsx';
import { scrutineerOrder } from './ScrutineerPage.tsx';

afterEach(() => vi.unstubAllGlobals());

const item = (over: Partial<ScheduleItem>): ScheduleItem =>
  scheduleItem({
    roundId: `${over.eventKey ?? 'ev'}-${over.roundNumber ?? 1}`,
    eventName: 'Bronze Standard (W/T)',
    dances: ['Waltz', 'Tango'],
    kind: 'dance',
    roundName: 'Semi-Final',
    recallSize: 2,
    couples: 4,
    ...over,
  });

const schedule: Schedule = {
  version: '1',
  timing: { firstStartTime: null, perDanceSeconds: 90, transitionSeconds: 60 },
  items: [
    item({ eventKey: 'early', eventName: 'Newcomer Latin (C/R)', scheduleIndex: 1, roundState: 0 }),
    item({ eventKey: 'ev', scheduleIndex: 5, roundState: 2 }),
    item({ eventKey: 'ev', roundNumber: 2, roundName: 'Final', scheduleIndex: 6, roundState: 0 }),
  ],
};

const semiMarks: RoundMarksView = {
  round: {
    roundNumber: 1,
    roundName: 'Semi-Final',
    roundState: 2,
    kind: 'recall',
    recallSize: 2,
    marksPerDance: 2,
    couples: ['11', '12', '13', '14'],
    dances: ['Waltz', 'Tango'],
  },
  judges: [
    { id: 1, name: 'Ann Judge', letter: 'A', label: 'A' },
    { id: 2, name: 'Ben Judge', letter: 'B', label: 'B' },
  ],
  marks: {
    Waltz: {
      '1': {
        value: ['11', '12'],
        version: 1,
        source: 'judge',
        countOverride: false,
        submittedAt: '2026-11-21T10:00:00Z',
        submittedBy: 'Ann Judge',
      },
      '2': {
        value: ['11', '12', '13'],
        version: 1,
        source: 'judge',
        countOverride: true,
        submittedAt: '2026-11-21T10:00:00Z',
        submittedBy: 'Ben Judge',
      },
    },
    Tango: {
      '1': {
        value: ['11', '13'],
        version: 1,
        source: 'paper',
        countOverride: false,
        submittedAt: '2026-11-21T10:00:00Z',
        submittedBy: 'Scrutineer',
      },
      '2': {
        value: ['12', '13'],
        version: 1,
        source: 'judge',
        countOverride: false,
        submittedAt: '2026-11-21T10:00:00Z',
        submittedBy: 'Ben Judge',
      },
    },
  },
  missing: [],
  complete: true,
};

const R = '/competitions/demo/events/ev/rounds/1';

describe('scrutineer screen', () => {
  it('puts the rounds being danced or marked before the rest of the running order', () => {
    const order = scrutineerOrder(schedule.items).map((r) => `${r.eventKey}/${r.roundNumber}`);
    expect(order).toEqual(['ev/1', 'early/1', 'ev/2']);
  });

  it('asks for the scrutineer access code instead of sending a code session to the admin sign-in', async () => {
    fakeNetwork({
      'GET /auth/me': signedOut,
      'GET /site': { body: { competition: 'demo' } },
      'GET /competitions/demo': {
        body: competitionFixture({
          officials: [
            {
              id: 7,
              key: 'o7',
              name: 'Sam Scrutineer',
              role: 'Scrutineer',
              bio: '',
              photoURL: '',
              letter: '',
            },
          ],
        }),
      },
    });
    const { router } = renderRoutes('/admin/scrutineer');
    expect(await screen.findByLabelText('Access code')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/scrutineer');
    expect(router.state.matches.at(-1)?.route.handle).toEqual({ name: 'scrutineerView' });
  });

  it('shows who marked what with overrides flagged, and asks for the tie decision with both counts', async () => {
    const network = fakeNetwork(
      signedInRoutes({
        'GET /competitions/demo/schedule': { body: schedule },
        [`GET ${R}/marks`]: { body: semiMarks },
        [`GET ${R}/results`]: { status: 404, body: { error: { code: 'not_found', message: 'No results' } } },
        [`POST ${R}/results`]: (req) =>
          (req.body as { tieDecision?: string }).tieDecision
            ? {
                body: {
                  kind: 'recall',
                  posted: false,
                  postedAt: null,
                  placements: [],
                  sumRecalls: {},
                  byJudge: {},
                  recalled: ['11', '13'],
                },
              }
            : {
                status: 409,
                body: {
                  error: {
                    code: 'tie_decision_needed',
                    message: 'Tie',
                    details: {
                      tiedAtCutoff: ['12', '13'],
                      cutoffMarks: 2,
                      default: 'includeTied',
                      options: {
                        includeTied: { count: 3, recalled: ['11', '12', '13'] },
                        excludeTied: { count: 1, recalled: ['11'] },
                      },
                    },
                  },
                },
              },
      }),
    );
    renderRoutes('/admin/scrutineer');
    // The running round is chosen without a click.
    expect(
      await screen.findByRole('heading', { name: 'Bronze Standard (W/T), Semi-Final' }),
    ).toBeInTheDocument();
    const received = await screen.findByRole('table', { name: 'Marks received' });
    const ben = within(received)
      .getByText(/Ben Judge/)
      .closest('tr') as HTMLElement;
    expect(within(ben).getByText('override')).toBeInTheDocument();
    const ann = within(received)
      .getByText(/Ann Judge/)
      .closest('tr') as HTMLElement;
    expect(within(ann).getByText('paper')).toBeInTheDocument();
    // Tally: 11 has X from A and B in Waltz and from A in Tango.
    const row11 = within(screen.getByRole('table', { name: 'Marks' }))
      .getByText('11')
      .closest('tr') as HTMLElement;
    expect(row11.lastElementChild?.textContent).toBe('3');

    fireEvent.click(screen.getByRole('button', { name: 'Compute' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tie at the cut-off' });
    expect(within(dialog).getByLabelText('All tied couples: 3 couples recalled (default)')).toBeChecked();
    fireEvent.click(within(dialog).getByLabelText('None of the tied couples: 1 couples recalled'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Compute with this decision' }));
    expect(
      await screen.findByText(/2 couples recalled \(none of the tied couples recalled\)/),
    ).toBeInTheDocument();
    expect(network.calls('POST', `${R}/results`).map((c) => c.body)).toEqual([
      {},
      { tieDecision: 'excludeTied' },
    ]);
  });

  it("corrects a judge's marks from the paper sheet, sending the version it saw", async () => {
    const network = fakeNetwork(
      signedInRoutes({
        'GET /competitions/demo/schedule': { body: schedule },
        [`GET ${R}/marks`]: { body: semiMarks },
        [`GET ${R}/results`]: { status: 404, body: { error: { code: 'not_found', message: 'No results' } } },
        [`PUT ${R}/marks/1?source=paper`]: { body: {} },
      }),
    );
    renderRoutes('/admin/scrutineer?event=ev&round=1');
    fireEvent.click(await screen.findByRole('button', { name: 'Enter paper marks' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enter marks from a paper sheet' });
    expect(within(dialog).getByText(/Correcting marks submitted by Ann Judge/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('12')).toBeChecked();
    fireEvent.click(within(dialog).getByLabelText('12'));
    fireEvent.click(within(dialog).getByLabelText('13'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save marks' }));
    expect(
      await screen.findByText(/A \(Ann Judge\), Waltz: marks from the paper sheet saved/),
    ).toBeInTheDocument();
    expect(network.calls('PUT', `${R}/marks/1?source=paper`).map((c) => c.body)).toEqual([
      { Waltz: ['11', '13'] },
    ]);
    const put = network.fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect((put?.[1]?.headers as Record<string, string>)['If-Match']).toBe('1');
  });
});
