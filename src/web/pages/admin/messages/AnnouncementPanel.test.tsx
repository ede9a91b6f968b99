// @vitest-environment jsdom
import '../../../test/setup.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  fakeNetwork,
  renderRoutes,
  signedInRoutes,
  type FakeHandler,
  type RecordedRequest,
} from '../../../test/adminTesting.tsx';
import type { AnnouncementHistory, Audience } from '../../../../domain/schemas/mailings.ts';
import { chooseLocale } from '../../../i18n/locale.ts';

afterEach(async () => {
  await chooseLocale('en');
  vi.unstubAllGlobals();
});

const history: AnnouncementHistory = {
  announcements: [
    {
      id: 3,
      audience: { kind: 'team', key: 'MIT' },
      audienceLabel: 'Team: MIT',
      subject: 'Team photo at noon',
      body: 'Meet at the stairs.',
      createdAt: '2026-11-20T15:45:00.000Z',
      createdBy: 'Ada Admin',
      recipients: 12,
      delivered: 10,
      failed: 1,
      pending: 1,
      unsent: 0,
      failures: [{ to: 'nobody@mit.example.edu', reason: '550 5.1.1 mailbox unavailable' }],
    },
  ],
  events: [
    { key: 'silver-waltz', name: 'Silver Waltz' },
    { key: 'gold-tango', name: 'Gold Tango' },
  ],
  teams: ['Harvard', 'MIT'],
};

/** The server's count for each audience. */
const COUNTS: Record<string, number> = { all: 240, 'event:Gold Tango': 18, 'team:Harvard': 31 };
const preview: FakeHandler = (r: RecordedRequest) => {
  const a = (r.body as { audience: Audience }).audience;
  return { body: { recipients: COUNTS[a.kind === 'all' ? 'all' : `${a.kind}:${a.key}`] ?? 0 } };
};

function open(send: FakeHandler = { status: 201, body: { announcementId: 4, recipients: 18 } }) {
  const network = fakeNetwork(
    signedInRoutes({
      'GET /competitions/demo/messages/announcements': { body: history },
      'POST /competitions/demo/messages/preview': preview,
      'POST /competitions/demo/messages': send,
    }),
  );
  renderRoutes('/admin/messages');
  return network;
}

describe('a new announcement', () => {
  it('counts the audience as it is chosen, asks with the count, and sends', async () => {
    const network = open();
    expect(await screen.findByText('Goes to 240 dancers.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('radio', { name: 'One event' }));
    expect(screen.getByTestId('audience-count')).toHaveTextContent('Choose an event');
    fireEvent.click(screen.getByRole('textbox', { name: 'Event' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Gold Tango' }));
    await waitFor(() =>
      expect(screen.getByTestId('audience-count')).toHaveTextContent('Goes to 18 dancers.'),
    );

    const send = screen.getByRole('button', { name: 'Send announcement' });
    expect(send).toBeDisabled();
    fireEvent.change(screen.getByRole('textbox', { name: /Subject/ }), { target: { value: 'Tango moved' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Message/ }), {
      target: { value: 'Gold Tango dances on floor B.' },
    });
    fireEvent.click(send);
    const dialog = await screen.findByRole('dialog', { name: 'Send 18 emails?' });
    expect(dialog).toHaveTextContent('goes to the dancers of Gold Tango: 18 dancers');
    expect(network.calls('POST', '/competitions/demo/messages')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send 18 emails' }));
    await waitFor(() => expect(network.calls('POST', '/competitions/demo/messages')).toHaveLength(1));
    expect(network.calls('POST', '/competitions/demo/messages')[0]?.body).toEqual({
      audience: { kind: 'event', key: 'Gold Tango' },
      subject: 'Tango moved',
      body: 'Gold Tango dances on floor B.',
    });
    expect(await screen.findByText('On its way to 18 dancers.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Subject/ })).toHaveValue(''));
  });

  it('sends nothing when the organizer cancels', async () => {
    const network = open();
    expect(await screen.findByText('Goes to 240 dancers.')).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: /Subject/ }), { target: { value: 'Hello' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Message/ }), { target: { value: 'All of you' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send announcement' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send 240 emails?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(network.calls('POST', '/competitions/demo/messages')).toHaveLength(0);
  });

  it('shows the server’s refusal in words and keeps what was typed', async () => {
    open({
      status: 400,
      body: { error: { code: 'invalid', message: 'Body must be at most 100 KB', details: [] } },
    });
    await screen.findByText('Goes to 240 dancers.');
    fireEvent.change(screen.getByRole('textbox', { name: /Subject/ }), { target: { value: 'Long' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Message/ }), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send announcement' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send 240 emails' }),
    );
    expect(await screen.findByText('Body must be at most 100 KB')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Subject/ })).toHaveValue('Long');
  });
});

describe('an audience the server no longer knows', () => {
  // The event was deleted (or renamed) after the screen listed it: the server refuses with the reason.
  const gone: FakeHandler = {
    status: 400,
    body: {
      error: {
        code: 'invalid',
        message: 'audience.key: there is no event "Gold Tango" in this competition.',
        details: [
          {
            path: ['audience', 'key'],
            message: 'is not an event of this competition',
            code: 'custom',
            params: { reason: 'noSuchEvent', event: 'Gold Tango' },
          },
        ],
      },
    },
  };

  async function sendToGoldTango(labels: {
    event: string;
    one: string;
    send: string;
    subject: RegExp;
    message: RegExp;
  }) {
    open(gone);
    // The events to choose from have come once the count for all is there.
    await waitFor(() => expect(screen.getByTestId('audience-count')).toHaveTextContent('240'));
    fireEvent.click(await screen.findByRole('radio', { name: labels.one }));
    fireEvent.click(screen.getByRole('textbox', { name: labels.event }));
    fireEvent.click(await screen.findByRole('option', { name: 'Gold Tango' }));
    await waitFor(() => expect(screen.getByRole('button', { name: labels.send })).toBeInTheDocument());
    fireEvent.change(screen.getByRole('textbox', { name: labels.subject }), { target: { value: 'Tango' } });
    fireEvent.change(screen.getByRole('textbox', { name: labels.message }), { target: { value: 'Floor B' } });
    await waitFor(() => expect(screen.getByRole('button', { name: labels.send })).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: labels.send }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getAllByRole('button').at(-1)!);
  }

  it('is named in English as the server says it', async () => {
    await sendToGoldTango({
      event: 'Event',
      one: 'One event',
      send: 'Send announcement',
      subject: /Subject/,
      message: /Message/,
    });
    expect(await screen.findByText(/there is no event "Gold Tango" in this competition/)).toBeInTheDocument();
  });

  it('is named in German to a German organizer', async () => {
    await chooseLocale('de');
    await sendToGoldTango({
      event: 'Turnier',
      one: 'Ein Turnier',
      send: 'Mitteilung senden',
      subject: /Betreff/,
      message: /Nachricht/,
    });
    expect(
      await screen.findByText(/In dieser Veranstaltung gibt es kein Turnier „Gold Tango“\./),
    ).toBeInTheDocument();
    expect(screen.queryByText(/there is no event/)).toBeNull();
  });
});

describe('the announcements sent', () => {
  it('show audience, counts and each failure with its reason', async () => {
    open();
    const item = await screen.findByRole('article', { name: 'Team photo at noon' });
    expect(item).toHaveTextContent('Team: MIT');
    expect(item).toHaveTextContent('by Ada Admin');
    expect(item).toHaveTextContent('12 recipients');
    expect(item).toHaveTextContent('10 delivered');
    expect(item).toHaveTextContent('1 failed');
    expect(item).toHaveTextContent('1 waiting');
    expect(within(item).getByRole('list', { name: /Failed deliveries/ })).toHaveTextContent(
      'nobody@mit.example.edu: 550 5.1.1 mailbox unavailable',
    );
  });
});
