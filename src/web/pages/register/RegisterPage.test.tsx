// @vitest-environment jsdom
import '../../test/setup.ts';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { competition, fakeApi, renderApp } from '../../test/renderApp.tsx';
import { registerEvents as events } from '../../test/fixtures.ts';
import { registrationBody, initialRegistration } from './registrationValues.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** /register of the demo competition (with `over`) and its events. */
function openRegister(over: Parameters<typeof competition>[0] = {}) {
  fakeApi({
    'GET /site': { competition: 'demo' },
    'GET /competitions/demo': competition(over),
    'GET /competitions/demo/events': events,
  });
  return renderApp('/register');
}

describe('/register', () => {
  it('shows the tier and fee now, events by style and level, and both consent texts', async () => {
    openRegister();
    expect(
      await screen.findByText(/Registration open — Early tier, \$25 per dancer per event/),
    ).toBeInTheDocument();
    // Nothing ticked yet: nothing due, and what each event will cost.
    expect(screen.getByText(/^Amount due:/)).toHaveTextContent('Amount due: $0');
    expect(screen.getByText('Tick your events: $25 per dancer per event.')).toBeInTheDocument();
    // No admission, no discounts: nothing more to say about fees.
    expect(screen.queryByRole('list', { name: 'Admission and discounts' })).toBeNull();
    const standard = screen.getByRole('region', { name: 'Standard' });
    const latin = screen.getByRole('region', { name: 'Latin' });
    // Standard comes before Latin (the sport's order), Bronze before Silver.
    expect(standard.compareDocumentPosition(latin) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(latin).getAllByRole('checkbox')).toHaveLength(2);
    expect(within(latin).getByText('ChaCha · Rumba · Samba')).toBeInTheDocument();
    expect(screen.getByText('Liability release (required)')).toBeInTheDocument();
    expect(screen.getByText('Media permission (optional)')).toBeInTheDocument();
  });

  it('says the fee per dancer per event, own fees, admission and discounts, and sums what is ticked', async () => {
    fakeApi({
      'GET /site': { competition: 'demo' },
      'GET /competitions/demo': competition({
        admissionFee: 10,
        discounts: [{ key: 'student', name: 'Student', percent: 50 }],
      }),
      'GET /competitions/demo/events': [
        ...events.map((e) => ({ ...e, fee: null })),
        {
          ...events[2]!,
          key: 'team-match',
          name: 'Team Match',
          style: 'Standard',
          level: 'Open',
          dances: ['Waltz', 'Quickstep'],
          fee: 15.5,
        },
      ],
    });
    renderApp('/register');
    const lead = await screen.findByText(/A couple registers together/);
    expect(lead).toHaveTextContent(
      'A couple registers together. Each dancer pays $25 for each event they dance, or the event’s own fee.',
    );
    expect(screen.getByText('Events with their own fee, per dancer: Team Match $15.50.')).toBeInTheDocument();
    const notes = screen.getByRole('list', { name: 'Admission and discounts' });
    expect(
      within(notes)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Admission: $10 per dancer, once for the competition',
      'Student: 50% off entry fees — the organizers set it',
    ]);
    expect(screen.getByText('Waltz · Quickstep · own fee $15.50 per dancer')).toBeInTheDocument();
    expect(screen.getByText(/^Amount due:/)).toHaveTextContent('Amount due: $0');
    expect(
      screen.getByText('Tick your events: $25 per dancer per event, plus $10 admission.'),
    ).toBeInTheDocument();

    // Per dancer per event: two events at the tier's fee, both dancers, once the admission.
    fireEvent.click(screen.getByRole('checkbox', { name: /Bronze Latin/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /Bronze Standard/ }));
    expect(screen.getByText(/^Amount due:/)).toHaveTextContent('Amount due: $120');
    expect(
      screen.getByText('$60 per dancer: 2 events at $25, admission $10. Before any discount.'),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Team Match' }));
    expect(screen.getByText(/^Amount due:/)).toHaveTextContent('Amount due: $151');
    expect(
      screen.getByText(
        '$75.50 per dancer: 2 events at $25, Team Match $15.50, admission $10. Before any discount.',
      ),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('checkbox', { name: /Bronze Latin/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /Bronze Standard/ }));
    expect(screen.getByText(/^Amount due:/)).toHaveTextContent('Amount due: $51');
    expect(
      screen.getByText('$25.50 per dancer: Team Match $15.50, admission $10. Before any discount.'),
    ).toBeInTheDocument();
  });

  it('names the dancer and the rule as soon as a placed-out level is chosen', async () => {
    openRegister();
    const follow = await screen.findByRole('group', { name: 'Follow' });
    fireEvent.change(within(follow).getByLabelText('Full name', { exact: false }), {
      target: { value: 'Mira Solano' },
    });
    fireEvent.change(within(follow).getByLabelText('Latin'), { target: { value: 'Silver' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /Silver Latin/ }));
    expect(
      await screen.findByText(
        /Mira Solano has placed out of Silver Latin and may not enter Latin at Silver or below/,
      ),
    ).toBeInTheDocument();
  });

  it("under YCN points, shows a dancer's points once name and email are typed, and the events she is out of", async () => {
    const source = {
      competition: 'Valley 2025',
      event: 'Silver Standard Waltz',
      date: '2025-11-15',
      place: 1,
    };
    const standing = (level: string, points: number, placedOut: boolean) => ({
      style: 'Standard',
      dance: 'Waltz',
      level,
      points,
      placedOut,
      sources: [{ ...source, points }],
    });
    fakeApi({
      'GET /site': { competition: 'demo' },
      'GET /competitions/demo': competition({ eligibility: 'ycn' }),
      'GET /competitions/demo/events': [
        ...events,
        { ...events[2]!, key: 'newcomer-waltz', name: 'Newcomer Standard Waltz', level: 'Newcomer' },
      ],
      'POST /people/standing': {
        person: { id: 7, name: 'Mira Solano' },
        standings: [
          standing('Silver', 3, false),
          standing('Bronze', 6, false),
          standing('Newcomer', 7, true),
        ],
      },
    });
    renderApp('/register');
    const follow = await screen.findByRole('group', { name: 'Follow' });
    // Declarations are not the rule here: no placed-out levels to choose.
    expect(within(follow).queryByText('Placed out of a level? (optional)')).not.toBeInTheDocument();
    fireEvent.change(within(follow).getByLabelText('Full name', { exact: false }), {
      target: { value: 'Mira Solano' },
    });
    fireEvent.change(within(follow).getByLabelText('Email', { exact: false }), {
      target: { value: 'mira@example.edu' },
    });
    const points = await screen.findByRole('region', { name: 'YCN points of follow' }, { timeout: 3000 });
    expect(within(points).getByRole('listitem')).toHaveTextContent(
      'Standard Waltz: Silver 3 · Bronze 6 · Newcomer 7 (placed out)',
    );
    expect(
      screen.getByText(
        /Mira Solano has 7 YCN points in Newcomer Standard Waltz .* may not enter Newcomer Standard Waltz/,
      ),
    ).toBeInTheDocument();
    // Bronze Standard stays open to her.
    expect(screen.queryByText(/may not enter Bronze Standard/)).not.toBeInTheDocument();
  });

  it("shows an invalid email on the dancer's own field", async () => {
    openRegister();
    const lead = await screen.findByRole('group', { name: 'Lead' });
    fireEvent.change(within(lead).getByLabelText('Email', { exact: false }), {
      target: { value: 'rafael@' },
    });
    const follow = screen.getByRole('group', { name: 'Follow' });
    fireEvent.change(within(follow).getByLabelText('Email', { exact: false }), {
      target: { value: 'mira@example.edu' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(
      await within(lead).findByText('Email must be an email address like name@example.com'),
    ).toBeInTheDocument();
    expect(within(follow).queryByText(/must be an email address/)).not.toBeInTheDocument();
  });

  it('says registration is closed instead of showing the form', async () => {
    openRegister({ registration: { tier: 'CLOSED', isOpen: false, fee: 45 } });
    expect(await screen.findByText('Registration is closed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Register' })).not.toBeInTheDocument();
  });
});

describe('registration body', () => {
  it('uses the free-text team for Other and leaves out empty placed-out levels', () => {
    const v = initialRegistration();
    v.team = 'Other';
    v.otherTeam = 'Studio Nine';
    v.lead = { name: 'A', email: 'a@example.com', placedOut: {} };
    v.follow = { name: 'B', email: 'b@example.com', placedOut: { Latin: 'Gold' } };
    const body = registrationBody(v);
    expect(body.affiliation).toBe('Studio Nine');
    expect(body.lead).toEqual({ name: 'A', email: 'a@example.com' });
    expect(body.follow.placedOut).toEqual({ Latin: 'Gold' });
  });
});
