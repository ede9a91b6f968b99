// @vitest-environment jsdom
import '../../../test/setup.ts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { JudgingReport } from '../../../../domain/schemas/judgingReport.ts';
import { chooseLocale } from '../../../i18n/locale.ts';
import { fakeNetwork, renderRoutes, signedInRoutes, signedOutRoutes } from '../../../test/adminTesting.tsx';

afterEach(async () => {
  vi.unstubAllGlobals();
  await chooseLocale('en');
});

const finalRound = (flagged: boolean): JudgingReport['judges'][number]['rounds'][number] => ({
  eventKey: 'gold-waltz',
  eventName: 'Gold Waltz',
  roundNumber: 2,
  roundName: 'Final',
  system: 'skating-final',
  deviation: flagged ? 3 : 0,
  panelDeviation: 0,
  flagged,
  reasons: flagged
    ? ['4 couples 2+ places away in the final', "mean 3 places from the official place, the panel's median 0"]
    : [],
  why: flagged
    ? [
        { kind: 'farAway', count: 4, places: 2, dances: 1 },
        { kind: 'finalDeviation', deviation: 3, panel: 0 },
      ]
    : [],
  details: {
    system: 'skating-final',
    sum: flagged ? 18 : 0,
    marks: 6,
    farAway: flagged ? [{ dance: 'Waltz', couple: '11', own: 6, official: 1, away: 5 }] : [],
    dances: [],
  },
});

const report: JudgingReport = {
  judges: [
    { officialId: 1, name: 'Ann Adams', label: 'A', rounds: [finalRound(false)] },
    { officialId: 5, name: 'Eve Evans', label: 'E', rounds: [finalRound(true)] },
  ],
};

describe('the judging report page', () => {
  it('marks the flagged judge in words, with the reasons, and links the print sheet and the CSV', async () => {
    fakeNetwork(
      signedInRoutes({
        'GET /competitions/demo/judging-report': { body: report },
        'GET /competitions/demo/events': { body: [] },
      }),
    );
    renderRoutes('/admin/chairman/judging-report');
    expect(await screen.findByRole('heading', { name: 'Report on the judging' })).toBeInTheDocument();
    expect(await screen.findByText('1 judge flagged: E (Eve Evans)')).toBeInTheDocument();
    const eve = screen.getByRole('region', { name: 'Judge E — Eve Evans' });
    expect(within(eve).getByText('⚑ Flagged in 1 round')).toBeInTheDocument();
    expect(within(eve).getByText('4 couples 2+ places away in the final')).toBeInTheDocument();
    expect(within(eve).getByRole('cell', { name: '3 places' })).toBeInTheDocument();
    const ann = screen.getByRole('region', { name: 'Judge A — Ann Adams' });
    expect(within(ann).getByText('Not flagged')).toBeInTheDocument();
    expect(within(ann).queryByText(/places away in the final/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Print sheet' })).toHaveAttribute(
      'href',
      '/print-sheets/judging-report',
    );
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      '/api/v1/competitions/demo/judging-report.csv',
    );
  });

  it('reads one event when the address names it', async () => {
    const network = fakeNetwork(
      signedInRoutes({
        'GET /competitions/demo/judging-report?event=gold-waltz': { body: { judges: [] } },
        'GET /competitions/demo/events': { body: [] },
      }),
    );
    renderRoutes('/admin/chairman/judging-report?event=gold-waltz');
    expect(await screen.findByText('No posted rounds yet')).toBeInTheDocument();
    expect(network.calls('GET', '/competitions/demo/judging-report?event=gold-waltz')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Print sheet' })).toHaveAttribute(
      'href',
      '/print-sheets/judging-report?event=gold-waltz',
    );
  });

  it('words the reasons in the reader’s language, from the flags as data', async () => {
    fakeNetwork(
      signedInRoutes({
        'GET /competitions/demo/judging-report': { body: report },
        'GET /competitions/demo/events': { body: [] },
      }),
    );
    await chooseLocale('de');
    renderRoutes('/admin/chairman/judging-report');
    const eve = await screen.findByRole('region', { name: /Eve Evans/ });
    expect(
      within(eve).getByText('4 Paare 2+ Plätze vom offiziellen Platz entfernt in der Endrunde'),
    ).toBeInTheDocument();
    expect(
      within(eve).getByText('im Mittel 3 Plätze vom offiziellen Platz entfernt, der Median des Gerichts 0'),
    ).toBeInTheDocument();
    expect(within(eve).queryByText(/places away/)).not.toBeInTheDocument();
  });

  it('shows the reasons as sent when a report has no flags as data', async () => {
    const { why: _, ...withoutWhy } = finalRound(true);
    fakeNetwork(
      signedInRoutes({
        'GET /competitions/demo/judging-report': {
          body: { judges: [{ officialId: 5, name: 'Eve Evans', label: 'E', rounds: [withoutWhy] }] },
        },
        'GET /competitions/demo/events': { body: [] },
      }),
    );
    await chooseLocale('de');
    renderRoutes('/admin/chairman/judging-report');
    const eve = await screen.findByRole('region', { name: /Eve Evans/ });
    expect(within(eve).getByText('4 couples 2+ places away in the final')).toBeInTheDocument();
  });

  it("asks for the chairman's code when nobody is signed in, and reads nothing", async () => {
    const network = fakeNetwork(signedOutRoutes());
    renderRoutes('/admin/chairman/judging-report');
    expect(await screen.findByLabelText('Access code', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(network.calls('GET', '/competitions/demo/judging-report')).toHaveLength(0);
  });
});
