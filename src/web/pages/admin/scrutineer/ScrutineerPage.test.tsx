// @vitest-environment jsdom
import '../../../test/setup.ts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Schedule, ScheduleItem } from '../../../../domain/schemas/events.ts';
import {
  competitionFixture,
  fakeNetwork,
  renderRoutes,
  scheduleItem,
  signedInRoutes,
  signedOut,
} from '../../../test/adminTesting.tsx';
import { markView, recallMarksView, scheduleFixture } from '../../../test/fixtures.ts';
import { couple, round } from '../deckcaptain/deckFixtures.ts';
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

const schedule = scheduleFixture(
  [
    item({ eventKey: 'early', eventName: 'Newcomer Latin (C/R)', scheduleIndex: 1, roundState: 0 }),
    item({ eventKey: 'ev', scheduleIndex: 5, roundState: 2 }),
    item({ eventKey: 'ev', roundNumber: 2, roundName: 'Final', scheduleIndex: 6, roundState: 0 }),
  ],
  { version: '1' },
);

const semiMarks = recallMarksView(
  { couples: ['11', '12', '13', '14'], dances: ['Waltz', 'Tango'] },
  {
    Waltz: {
      '1': markView(['11', '12'], { submittedBy: 'Ann Judge' }),
      '2': markView(['11', '12', '13'], { countOverride: true, submittedBy: 'Ben Judge' }),
    },
    Tango: {
      '1': markView(['11', '13'], { source: 'paper', submittedBy: 'Scrutineer' }),
      '2': markView(['12', '13'], { submittedBy: 'Ben Judge' }),
    },
  },
);

const R = '/competitions/demo/events/ev/rounds/1';

/** A round the scrutineer opens at `path`: its marks, and no result computed yet. */
const roundRoutes = (path: string, marks = semiMarks) => ({
  [`GET ${path}/marks`]: { body: marks },
  [`GET ${path}/results`]: { status: 404, body: { error: { code: 'not_found', message: 'No results' } } },
});

describe('scrutineer screen', () => {
  it('puts the rounds being danced or marked before the rest of the running order', () => {
    const order = scrutineerOrder(schedule.items).map((r) => `${r.eventKey}/${r.roundNumber}`);
    expect(order).toEqual(['ev/1', 'early/1', 'ev/2']);
  });

  it('is behind the sign-in guard, and the sign-in page lets the scrutineer in with their access code', async () => {
    const session: { official?: object } = {};
    const sam = {
      id: 7,
      key: 'o7',
      name: 'Sam Scrutineer',
      role: 'Scrutineer' as const,
      bio: '',
      photoURL: '',
      letter: '',
    };
    const network = fakeNetwork({
      'GET /auth/me': () => (session.official ? { body: { official: session.official } } : signedOut),
      'GET /site': { body: { competition: 'demo' } },
      'GET /competitions/demo': { body: competitionFixture({ officials: [sam] }) },
      'GET /competitions/demo/schedule': { body: schedule },
      ...roundRoutes(R),
      'POST /competitions/demo/officials/7/session': (req) => {
        if ((req.body as { code: string }).code !== 'ABC1234')
          return { status: 401, body: { error: { code: 'bad_code', message: 'That code is not right.' } } };
        session.official = { id: 7, name: 'Sam Scrutineer', role: 'Scrutineer', competition: 'demo' };
        return { body: { official: session.official } };
      },
    });
    const { router } = renderRoutes('/admin/scrutineer?event=ev&round=1');
    // Signed out: the guard sends the visitor to sign in, and brings them back afterwards.
    expect(await screen.findByRole('heading', { name: 'Staff sign-in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe(
      '/admin/scrutineer?event=ev&round=1',
    );
    expect(network.calls('GET', '/competitions/demo/schedule')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Sign in with an access code' }));
    const form = screen.getByRole('form', { name: 'Scrutineer sign-in' });
    // The competition's only scrutineer is chosen already.
    expect(await within(form).findByDisplayValue('Sam Scrutineer')).toBeInTheDocument();
    fireEvent.change(within(form).getByLabelText('Access code'), { target: { value: 'WRONG12' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Sign in' }));
    expect(await within(form).findByText('That code is not right.')).toBeInTheDocument();
    fireEvent.change(within(form).getByLabelText('Access code'), { target: { value: 'ABC1234' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Sign in' }));

    expect(
      await screen.findByRole('heading', { name: 'Bronze Standard (W/T), Semi-Final' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/scrutineer');
    expect(router.state.matches.at(-1)?.route.handle).toEqual({ name: 'scrutineerView' });
    expect(screen.getByText('Signed in as Sam Scrutineer')).toBeInTheDocument();

    // The scrutineer's code opens their screen only, not the rest of the admin area.
    await act(() => router.navigate('/admin/officials'));
    expect(await screen.findByRole('heading', { name: 'Staff sign-in' })).toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe('/admin/officials');
  });

  it('shows who marked what with overrides flagged, and asks for the tie decision with both counts', async () => {
    const network = fakeNetwork(
      signedInRoutes({
        'GET /competitions/demo/schedule': { body: schedule },
        ...roundRoutes(R),
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
    fireEvent.click(within(dialog).getByLabelText('None of the tied couples: 1 couple recalled'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Compute with this decision' }));
    expect(
      await screen.findByText(/2 couples recalled \(none of the tied couples recalled\)/),
    ).toBeInTheDocument();
    expect(network.calls('POST', `${R}/results`).map((c) => c.body)).toEqual([
      {},
      { tieDecision: 'excludeTied' },
    ]);
  });

  it('asks before starting a round, naming it and who dances, and starts only once confirmed', async () => {
    const E = '/competitions/demo/events/early/rounds/1';
    const network = fakeNetwork(
      signedInRoutes({
        'GET /competitions/demo/schedule': { body: schedule },
        ...roundRoutes(E, { ...semiMarks, round: { ...semiMarks.round, roundState: 0 } }),
        [`GET ${E}/couples`]: {
          body: round({
            eventKey: 'early',
            eventName: 'Newcomer Latin (C/R)',
            heatSize: 2,
            heats: 2,
            couples: [
              couple(21, { checkedIn: true }),
              couple(22, { heat: 2 }),
              couple(23, { scratched: true }),
            ],
          }),
        },
        [`POST ${E}/start`]: {
          body: {
            message: 'Semi-Final of Newcomer Latin (C/R) is running: 2 couples on the floor.',
            alreadyRunning: false,
            round: { roundName: 'Semi-Final', couples: ['11', '12'] },
          },
        },
      }),
    );
    renderRoutes('/admin/scrutineer?event=early&round=1');
    fireEvent.click(await screen.findByRole('button', { name: 'Start round' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start Newcomer Latin (C/R), Semi-Final?' });
    expect(await within(dialog).findByText(/2 couples dance in 2 heats/)).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Not checked in yet: 22.');
    expect(network.calls('POST', `${E}/start`)).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(network.calls('POST', `${E}/start`)).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Start round' }));
    const again = await screen.findByRole('dialog', { name: 'Start Newcomer Latin (C/R), Semi-Final?' });
    fireEvent.click(within(again).getByRole('button', { name: 'Start round' }));
    expect(await screen.findByText(/is running: 2 couples on the floor/)).toBeInTheDocument();
    expect(network.calls('POST', `${E}/start`)).toHaveLength(1);
  });

  it("prints the sheet of the round in front of the scrutineer: judges' sheets, once posted its result", async () => {
    const posted: Schedule = {
      ...schedule,
      items: schedule.items.map((i) => (i.eventKey === 'early' ? { ...i, roundState: 5 } : i)),
    };
    let current = schedule;
    fakeNetwork(
      signedInRoutes({
        'GET /competitions/demo/schedule': () => ({ body: current }),
        ...roundRoutes(R),
        ...roundRoutes('/competitions/demo/events/early/rounds/1'),
      }),
    );
    const view = renderRoutes('/admin/scrutineer?event=ev&round=1');
    const sheets = await screen.findByRole('link', { name: "Print judges' sheets" });
    expect(sheets).toHaveAttribute('href', '/print-sheets?kind=judge&scope=round&event=ev&round=ev-1');
    expect(sheets).toHaveAttribute('target', '_blank');
    view.unmount();

    current = posted;
    renderRoutes('/admin/scrutineer?event=early&round=1');
    expect(await screen.findByRole('link', { name: 'Print results' })).toHaveAttribute(
      'href',
      '/print-sheets?kind=results&scope=round&event=early&round=early-1',
    );
  });

  it("corrects a judge's marks from the paper sheet, sending the version it saw", async () => {
    const network = fakeNetwork(
      signedInRoutes({
        'GET /competitions/demo/schedule': { body: schedule },
        ...roundRoutes(R),
        [`PUT ${R}/marks/1?source=paper`]: {
          body: { receipt: 'K3F9Q-2QXA7', paperCorrections: ['Waltz'] },
        },
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
      await screen.findByText(
        /A \(Ann Judge\), Waltz: marks from the paper sheet saved\. Receipt K3F9Q-2QXA7/,
      ),
    ).toBeInTheDocument();
    // A locked dance changed from paper is said to be a correction.
    expect(screen.getByText('Paper correction recorded')).toBeInTheDocument();
    expect(network.calls('PUT', `${R}/marks/1?source=paper`).map((c) => c.body)).toEqual([
      { Waltz: ['11', '13'] },
    ]);
    const put = network.fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect((put?.[1]?.headers as Record<string, string>)['If-Match']).toBe('1');
  });
});
