// @vitest-environment jsdom
import '../../../test/setup.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminCompetitor, AdminRegistration } from '../../../../domain/schemas/registration.ts';
import {
  competitionFixture,
  fakeNetwork,
  renderRoutes,
  signedInRoutes,
  type FakeHandler,
} from '../../../test/adminTesting.tsx';
import { chooseOption } from '../../../test/mantineSelect.ts';

// jsdom has no layout: Mantine's option list scrolls the chosen option into view.
Element.prototype.scrollIntoView ??= () => {};

afterEach(() => vi.unstubAllGlobals());

const dancer = (id: number, name: string, over: Partial<AdminCompetitor> = {}): AdminCompetitor => ({
  id,
  name,
  email: `${name.split(' ')[0]!.toLowerCase()}@example.edu`,
  affiliation: 'Riverside',
  number: id === 11 ? 101 : null,
  placedOut: {},
  discount: null,
  ...over,
  version: 2,
});

function couple(over: Partial<AdminRegistration> = {}): AdminRegistration {
  return {
    id: 5,
    lead: dancer(11, 'Rafael Ortiz'),
    follow: dancer(12, 'Mira Solano'),
    affiliation: 'Riverside',
    tier: 'EARLY',
    amountDue: 100,
    amountPaid: 0,
    paidAt: null,
    account: { invoiceId: 3, number: 3, kind: 'couple', balanceCents: 10000 },
    consents: { lead: { liability: true, media: true }, follow: { liability: true, media: false } },
    createdAt: '2026-10-02T12:00:00.000Z',
    entries: [],
    version: 1,
    ...over,
  };
}

const categories = [
  { key: 'student', name: 'Student', percent: 50 },
  { key: 'junior', name: 'Junior', percent: 25 },
];

/** The competitors screen with one couple, its Edit dialog open. */
async function editCouple(
  r: AdminRegistration,
  discounts = categories,
  patch: FakeHandler = (req) => ({ body: req.body }),
) {
  const network = fakeNetwork(
    signedInRoutes({
      'GET /competitions/demo': { body: competitionFixture({ discounts }) },
      'GET /competitions/demo/registrations': {
        body: { currency: 'USD', registrations: [r], adhoc: [], reviews: [] },
      },
      'GET /competitions/demo/events': { body: [] },
      'PATCH /competitions/demo/competitors/11': patch,
      'PATCH /competitions/demo/competitors/12': patch,
    }),
  );
  renderRoutes('/admin/competitors');
  fireEvent.click(await screen.findByRole('button', { name: 'Edit' }, { timeout: 15_000 }));
  const dialog = await screen.findByRole('dialog', {}, { timeout: 15_000 });
  await within(dialog).findByRole('textbox', { name: 'Lead name' }, { timeout: 15_000 });
  return { network, dialog };
}

describe('a dancer’s discount in the couple editor', { timeout: 60_000 }, () => {
  it('offers None and the competition’s categories per dancer, and saves only the one changed', async () => {
    const { network, dialog } = await editCouple(couple());
    const lead = within(dialog).getByRole('textbox', { name: 'Lead discount' });
    expect(lead).toHaveValue('None');
    await chooseOption(lead, /^Student \(50% off entry fees\)$/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(network.calls('PATCH', '/competitions/demo/competitors/11')).toHaveLength(1));
    expect(network.calls('PATCH', '/competitions/demo/competitors/11')[0]!.body).toEqual({
      discount: 'student',
      version: 2,
    });
    expect(network.calls('PATCH', '/competitions/demo/competitors/12')).toHaveLength(0);
    expect(await screen.findByText('Couple saved.')).toBeInTheDocument();
  });

  it('takes a discount away, and names a category no longer offered', async () => {
    const { network, dialog } = await editCouple(
      couple({ follow: dancer(12, 'Mira Solano', { discount: 'veteran' }) }),
    );
    const follow = within(dialog).getByRole('textbox', { name: 'Follow discount' });
    expect(follow).toHaveValue('veteran (no longer offered)');
    await chooseOption(follow, /^None$/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(network.calls('PATCH', '/competitions/demo/competitors/12')).toHaveLength(1));
    expect(network.calls('PATCH', '/competitions/demo/competitors/12')[0]!.body).toEqual({
      discount: null,
      version: 2,
    });
  });

  it('shows the server’s refusal of a category', async () => {
    const { dialog } = await editCouple(couple(), categories, {
      status: 400,
      body: { error: { code: 'invalid', message: 'There is no discount "junior" in this competition.' } },
    });
    await chooseOption(within(dialog).getByRole('textbox', { name: 'Lead discount' }), /^Junior/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('There is no discount "junior" in this competition.'),
    ).toBeInTheDocument();
  });

  it('says where categories are made when the competition has none', async () => {
    const { dialog } = await editCouple(couple(), []);
    expect(within(dialog).queryByRole('textbox', { name: 'Lead discount' })).toBeNull();
    expect(within(dialog).getByText(/No discount categories yet/)).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Setup' })).toHaveAttribute('href', '/admin/setup');
  });
});
