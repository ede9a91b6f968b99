// @vitest-environment jsdom
import '../../../test/setup.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DuplicateGroup, PersonAdmin } from '../../../../domain/schemas/people.ts';
import { admin, fakeNetwork, renderRoutes, signedInRoutes } from '../../../test/adminTesting.tsx';

afterEach(() => vi.unstubAllGlobals());
// The screen loads lazily: load its modules first, so findBy waits for data, not for the transform.
beforeAll(async () => {
  await Promise.all([import('../AdminLayout.tsx'), import('./PeoplePage.tsx')]);
}, 60_000);

const BUSY = { timeout: 5_000 };

const person = (id: number, email: string): PersonAdmin => ({
  id,
  name: 'Anna Smith',
  identities: [{ name: 'Anna Smith', email }],
  competitors: [
    {
      competitorId: id * 10,
      competitionKey: 'demo',
      competitionName: 'Valley Swing & Standard 2026',
      startDate: '2026-11-21',
      name: 'Anna Smith',
      email,
      entries: 1,
    },
  ],
  importedResults: 0,
  version: 1,
});

const anna: DuplicateGroup = {
  name: 'Anna Smith',
  persons: [person(3, 'anna@riverside.example.edu'), person(7, 'anna.smith@example.com')],
  distinctPairs: [],
};

describe('likely duplicates: different dancers', () => {
  it('asks, naming the people, marks the group different and the group disappears', async () => {
    let groups: DuplicateGroup[] = [anna];
    const network = fakeNetwork(
      signedInRoutes({
        'GET /auth/me': { body: { user: { ...admin, isSuperAdmin: true } } },
        'GET /people/duplicates': () => ({ body: groups }),
        'POST /people/distinct': () => {
          groups = [];
          return {
            body: {
              message: '#3 Anna Smith and #7 Anna Smith are marked as different dancers.',
              persons: [
                { id: 3, name: 'Anna Smith' },
                { id: 7, name: 'Anna Smith' },
              ],
              marked: [[3, 7]],
            },
          };
        },
      }),
    );
    renderRoutes('/admin/people');
    const card = await screen.findByRole('region', { name: 'Likely duplicates: Anna Smith' }, BUSY);
    fireEvent.click(within(card).getByRole('button', { name: 'Different dancers' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(
      /#3 Anna Smith and #7 Anna Smith are different dancers who share a name/,
    );
    expect(network.calls('POST', '/people/distinct')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Different dancers' }));
    expect(
      await screen.findByText('#3 Anna Smith and #7 Anna Smith are marked as different dancers.', {}, BUSY),
    ).toBeInTheDocument();
    expect(network.calls('POST', '/people/distinct')[0]!.body).toEqual({ personIds: [3, 7] });
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Likely duplicates: Anna Smith' })).not.toBeInTheDocument(),
    );
    expect(screen.getByText('No two people share a name: nothing to review.')).toBeInTheDocument();
  });

  it('shows the pairs of a group already marked different, and a refusal', async () => {
    const three: DuplicateGroup = {
      ...anna,
      persons: [...anna.persons, person(9, 'a.smith@example.org')],
      distinctPairs: [[3, 9]],
    };
    fakeNetwork(
      signedInRoutes({
        'GET /auth/me': { body: { user: { ...admin, isSuperAdmin: true } } },
        'GET /people/duplicates': { body: [three] },
        'POST /people/distinct': {
          status: 409,
          body: { error: { code: 'merged', message: 'Person #9 was already merged into person #3.' } },
        },
      }),
    );
    renderRoutes('/admin/people');
    const card = await screen.findByRole('region', { name: 'Likely duplicates: Anna Smith' }, BUSY);
    expect(card).toHaveTextContent('Marked as different dancers: #3 and #9.');
    fireEvent.click(within(card).getByRole('button', { name: 'Different dancers' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(/#3 Anna Smith, #7 Anna Smith and #9 Anna Smith are different dancers/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Different dancers' }));
    expect(
      await within(card).findByText('Person #9 was already merged into person #3.', {}, BUSY),
    ).toBeInTheDocument();
  });
});
