// @vitest-environment jsdom
import '../../test/setup.ts';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dashboardFixture, fakeNetwork, renderRoutes, signedInRoutes } from '../../test/adminTesting.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('the dashboard', () => {
  it('shows the counts, the fees due in the competition currency and rounds by state', async () => {
    fakeNetwork(
      signedInRoutes({
        'GET /competitions/demo/dashboard': { body: { ...dashboardFixture, currency: 'EUR' } },
      }),
    );
    renderRoutes('/admin');
    expect(await screen.findByText('84')).toBeInTheDocument();
    expect(screen.getByText('84').previousElementSibling).toHaveTextContent('Competitors');
    expect(screen.getByText('42').previousElementSibling).toHaveTextContent('Couples');
    expect(screen.getByText('120')).toBeInTheDocument();
    expect(screen.getByText('€1,250.50')).toBeInTheDocument();
    expect(screen.getByText('€300 paid')).toBeInTheDocument();
    expect(screen.getByText('Posted: 10')).toBeInTheDocument();
    expect(screen.getByText('Marked: 4')).toBeInTheDocument();
    expect(screen.getByText('21 rounds in 14 events.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Setup:/ })).toHaveAttribute('href', '/admin/setup');
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
      }),
    );
    renderRoutes('/admin');
    expect(await screen.findByText('The dashboard could not load')).toBeInTheDocument();
    expect(screen.getByText(/Your account may not change this competition/)).toBeInTheDocument();
  });
});
