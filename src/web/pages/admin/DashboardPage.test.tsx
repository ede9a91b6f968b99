// @vitest-environment jsdom
import '../../test/setup.ts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dashboardFixture, fakeNetwork, renderRoutes, signedInRoutes } from '../../test/adminTesting.tsx';
import { couple, round } from './deckcaptain/deckFixtures.ts';

const FLOOR = 'GET /competitions/demo/floor?next=0';
const nothingOnTheFloor = { [FLOOR]: { body: { onFloor: [], next: [] } } };

afterEach(() => vi.unstubAllGlobals());

describe('the dashboard', () => {
  it('shows the counts and rounds by state', async () => {
    fakeNetwork(
      signedInRoutes({
        'GET /competitions/demo/dashboard': { body: dashboardFixture },
        ...nothingOnTheFloor,
      }),
    );
    renderRoutes('/admin');
    expect(await screen.findByText('84')).toBeInTheDocument();
    expect(screen.getByText('84').previousElementSibling).toHaveTextContent('Competitors');
    expect(screen.getByText('42').previousElementSibling).toHaveTextContent('Couples');
    expect(screen.getByText('120')).toBeInTheDocument();
    expect(screen.getByText('14').previousElementSibling).toHaveTextContent('Events');
    expect(screen.getByText('Posted: 10')).toBeInTheDocument();
    expect(screen.getByText('Not started: 3')).toBeInTheDocument();
    expect(screen.getByText('Waiting for couples or ready to start: 1')).toBeInTheDocument();
    expect(screen.getByText('On the floor: 2')).toBeInTheDocument();
    // Nothing stands there unexplained: the legend says what each state means.
    const legend = screen.getByTestId('round-state-legend');
    for (const w of [
      'Not started',
      'Waiting for couples',
      'Ready to start',
      'On the floor',
      'Skipped',
      'Marked',
      'Posted',
    ])
      expect(legend).toHaveTextContent(w);
    expect(screen.getByText('Marked: 4')).toBeInTheDocument();
    expect(screen.getByText('21 rounds in 14 events.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Setup Name, dates/ })).toHaveAttribute('href', '/admin/setup');
  });

  it('shows the money owed, paid, outstanding and in credit, in the competition currency, in all and by team', async () => {
    fakeNetwork(
      signedInRoutes({
        'GET /competitions/demo/dashboard': {
          body: {
            ...dashboardFixture,
            currency: 'EUR',
            money: {
              ...dashboardFixture.money,
              currency: 'EUR',
              byTeam: [
                ...dashboardFixture.money.byTeam,
                { team: '', owedCents: 4000, paidCents: 4000, outstandingCents: 0, creditCents: 0 },
              ],
            },
          },
        },
        ...nothingOnTheFloor,
      }),
    );
    renderRoutes('/admin');
    const money = await screen.findByRole('region', { name: 'Money' });
    const figure = (label: string) => within(money).getByText(label, { selector: 'p' }).nextElementSibling;
    expect(figure('Owed')).toHaveTextContent('€1,550.50');
    expect(figure('Paid')).toHaveTextContent('€300');
    expect(figure('Outstanding')).toHaveTextContent('€1,300.50');
    expect(figure('Credit')).toHaveTextContent('€50');
    const rows = within(within(money).getByRole('table', { name: 'Money by team' })).getAllByRole('row');
    expect(rows.map((r) => [...r.children].map((c) => c.textContent))).toEqual([
      ['Team', 'Owed', 'Paid', 'Outstanding', 'Credit'],
      ['Cornell DanceSport', '€1,000', '€0', '€1,000', '€0'],
      ['MIT Ballroom Dance Team', '€550.50', '€300', '€300.50', '€50'],
      ['No team', '€40', '€40', '€0', '€0'],
    ]);
    expect(within(money).getByRole('link', { name: 'Invoices, payments and the ledger' })).toHaveAttribute(
      'href',
      '/admin/money',
    );
  });

  it('says nothing is billed yet before the first registration', async () => {
    fakeNetwork(
      signedInRoutes({
        'GET /competitions/demo/dashboard': {
          body: {
            ...dashboardFixture,
            money: {
              currency: 'USD',
              owedCents: 0,
              paidCents: 0,
              outstandingCents: 0,
              creditCents: 0,
              byTeam: [],
            },
          },
        },
        ...nothingOnTheFloor,
      }),
    );
    renderRoutes('/admin');
    const money = await screen.findByRole('region', { name: 'Money' });
    expect(within(money).getByText('Owed', { selector: 'p' }).nextElementSibling).toHaveTextContent('$0');
    expect(within(money).getByText(/Nothing billed yet/)).toBeInTheDocument();
    expect(within(money).queryByRole('table')).toBeNull();
  });

  it('shows what is on the floor now, with its heats and start time, and links to the live view', async () => {
    fakeNetwork(
      signedInRoutes({
        'GET /competitions/demo/dashboard': { body: dashboardFixture },
        [FLOOR]: {
          body: {
            onFloor: [
              round({
                roundState: 2,
                heats: 2,
                heatSize: 3,
                startedAt: '2026-11-21T15:05:00.000Z',
                couples: [
                  couple(1),
                  couple(2, { heat: 2 }),
                  couple(3),
                  couple(4, { heat: 2, scratched: true }),
                ],
              }),
              round({
                eventKey: 'gold',
                eventName: 'Gold Latin (C/S/R)',
                roundName: 'Final',
                roundState: 2,
                startedAt: '2026-11-21T15:12:00.000Z',
                couples: [couple(7)],
              }),
            ],
            next: [],
          },
        },
      }),
    );
    renderRoutes('/admin');
    const list = await screen.findByRole('list', { name: 'Rounds on the floor' });
    const rows = within(list).getAllByRole('listitem');
    // Started times on the competition's clock (New York).
    expect(rows.map((r) => r.textContent)).toEqual([
      'Silver Standard (W/T) · Semi-Final3 couples · 2 heats · started 10:05 AM',
      'Gold Latin (C/S/R) · Final1 couple · 1 heat · started 10:12 AM',
    ]);
    expect(screen.getByRole('link', { name: 'Open the live view' })).toHaveAttribute('href', '/live');
  });

  it('says when nothing is on the floor', async () => {
    fakeNetwork(
      signedInRoutes({
        'GET /competitions/demo/dashboard': { body: dashboardFixture },
        ...nothingOnTheFloor,
      }),
    );
    renderRoutes('/admin');
    expect(await screen.findByText(/Nothing on the floor/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the live view' })).toHaveAttribute('href', '/live');
  });

  it('says what to do next when there are no events', async () => {
    fakeNetwork(
      signedInRoutes({
        'GET /competitions/demo/dashboard': {
          body: {
            ...dashboardFixture,
            events: 0,
            roundsByState: { Initialized: 0, Empty: 0, Running: 0, Skipped: 0, Marked: 0, Posted: 0 },
          },
        },
        ...nothingOnTheFloor,
      }),
    );
    renderRoutes('/admin');
    expect(
      await screen.findByText(/No events yet — create them from the style × level grid/),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Posted:/)).not.toBeInTheDocument();
  });

  it('explains a failure to load in words', async () => {
    fakeNetwork(
      signedInRoutes({
        'GET /competitions/demo/dashboard': {
          status: 403,
          body: { error: { code: 'forbidden', message: 'Forbidden' } },
        },
        ...nothingOnTheFloor,
      }),
    );
    renderRoutes('/admin');
    expect(await screen.findByText('The dashboard could not load')).toBeInTheDocument();
    expect(screen.getByText(/Your account may not change this competition/)).toBeInTheDocument();
  });
});
