// @vitest-environment jsdom
import '../../test/setup.ts';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OwnRegistration } from '../../../domain/schemas/registration.ts';
import { ownRegistration, registerEvents as events } from '../../test/fixtures.ts';
import { entryLine, invoiceFixture, paymentRow } from '../../test/moneyFixtures.ts';
import { fakeNetwork } from '../../test/network.ts';
import { competition, renderApp } from '../../test/renderApp.tsx';

afterEach(() => vi.unstubAllGlobals());

const BUSY = { timeout: 8_000 };

const own = (more: Partial<OwnRegistration>) => ownRegistration({ affiliation: 'Riverside U', ...more });

/** Opens the couple's registration with their entry code, as a couple does on /updateEntries. */
async function open(registration: OwnRegistration) {
  fakeNetwork({
    'GET /site': { body: { competition: 'demo' } },
    'GET /competitions/demo': { body: competition({ fullName: 'Valley Swing & Standard 2026' }) },
    'GET /competitions/demo/events': { body: events },
    'POST /competitions/demo/registrations/lookup': { body: registration },
  });
  renderApp('/updateEntries');
  fireEvent.change(await screen.findByLabelText('Entry code', {}, BUSY), { target: { value: 'ABC1234' } });
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ann@example.org' } });
  fireEvent.click(screen.getByRole('button', { name: 'Open my entries' }));
  return screen.findByRole('heading', { level: 2, name: 'Your invoice' }, BUSY);
}

describe("the couple's invoice on /updateEntries", () => {
  it('shows what they owe, their invoice with its lines, payments and credit', async () => {
    await open(
      own({
        invoice: invoiceFixture({
          lines: [
            entryLine(1, 'Ann Lead, Bronze Latin (C/R/S) (early entry)'),
            entryLine(2, 'Ben Follow, Bronze Latin (C/R/S) (early entry)'),
            {
              ...entryLine(3, 'Ann Lead, Silver Latin: dropped before the refund deadline', -2500),
              kind: 'credit',
            },
          ],
          payments: [paymentRow(4, { amountCents: 5000, method: 'cash', recordedBy: undefined })],
        }),
      }),
    );
    expect(screen.getByText(/^Credit:/)).toHaveTextContent('Credit: $25. Your invoice');
    const invoice = screen.getByTestId('invoice');
    expect(within(invoice).getByRole('heading', { level: 3, name: 'Invoice 12' })).toBeInTheDocument();
    expect(invoice).toHaveTextContent('Valley Swing & Standard 2026');
    expect(invoice).toHaveTextContent('Ann Lead, Silver Latin: dropped before the refund deadline');
    expect(screen.getByTestId('invoice-totals')).toHaveTextContent('Charged$25Paid$50Credit$25');
    expect(within(invoice).getByText(/the organizers owe this account \$25/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeInTheDocument();
    expect(screen.queryByText(/Amount due/)).toBeNull();
  });

  it('says their team pays for their entries when it does', async () => {
    const moved = invoiceFixture({
      lines: [
        entryLine(1, 'Ann Lead, Bronze Latin (C/R/S) (early entry)'),
        {
          ...entryLine(2, 'Ann Lead, Bronze Latin (C/R/S): moved to invoice 49 (Riverside U)', -2500),
          kind: 'transfer',
        },
      ],
    });
    await open(own({ teamPays: 'Riverside U', invoice: moved }));
    expect(screen.getByTestId('team-pays')).toHaveTextContent(
      'Your team, Riverside U, pays for your entries',
    );
    // Everything on their own invoice moved to the team's: nothing of theirs to show.
    expect(screen.queryByTestId('invoice')).toBeNull();
  });
});
