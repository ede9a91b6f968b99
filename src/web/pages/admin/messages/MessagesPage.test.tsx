// @vitest-environment jsdom
import '../../../test/setup.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OutboxList, OutboxMessage } from '../../../../domain/schemas/outbox.ts';
import { fakeNetwork, renderRoutes, signedInRoutes } from '../../../test/adminTesting.tsx';

afterEach(() => vi.unstubAllGlobals());
beforeAll(async () => {
  await Promise.all([import('../AdminLayout.tsx'), import('./MessagesPage.tsx')]);
}, 60_000);

const BUSY = { timeout: 5_000 };

const message = (id: number, more: Partial<OutboxMessage>): OutboxMessage => ({
  id,
  kind: 'confirmation',
  to: `dancer${id}@example.org`,
  toName: `Dancer ${id}`,
  subject: `Your entry in the Riverside Classic (${id})`,
  status: 'sent',
  attempts: 1,
  lastError: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  sentAt: '2026-11-20T10:00:01.000Z',
  ...more,
});

const sent = message(1, {});
const refused = message(2, {
  status: 'failed',
  kind: 'recovery',
  lastError: '550 5.1.1 <dancer2@example.org>: Recipient address rejected: User unknown',
  sentAt: null,
});
const kept = message(3, {
  status: 'unsent',
  attempts: 0,
  lastError: 'not sent: no mail server configured',
  sentAt: null,
});
const waiting = message(4, {
  status: 'pending',
  attempts: 2,
  lastError: 'connect ECONNREFUSED 127.0.0.1:25',
  sentAt: null,
});
const counts = { pending: 1, sent: 1, failed: 1, unsent: 1 };
const page = (messages: OutboxMessage[]): OutboxList => ({ messages, nextBefore: null, counts });

describe('Admin → Messages', () => {
  it('lists each message with its status in words and why it did not go', async () => {
    fakeNetwork(
      signedInRoutes({ 'GET /competitions/demo/messages': { body: page([waiting, kept, refused, sent]) } }),
    );
    renderRoutes('/admin/messages');
    const table = await screen.findByRole('table', { name: 'Messages' }, BUSY);
    const row = (m: OutboxMessage) => within(table).getByTestId(`message-${m.id}`);
    expect(row(sent)).toHaveTextContent('sent');
    expect(row(sent)).toHaveTextContent('Dancer 1 <dancer1@example.org>');
    expect(row(refused)).toHaveTextContent('failed');
    expect(row(refused)).toHaveTextContent('Recipient address rejected: User unknown');
    expect(row(refused)).toHaveTextContent('Entry link');
    expect(row(kept)).toHaveTextContent('not sent');
    expect(row(kept)).toHaveTextContent('No mail server configured');
    expect(row(waiting)).toHaveTextContent('waiting');
    expect(row(waiting)).toHaveTextContent('Tried 2 times, trying again: connect ECONNREFUSED');
    // Only what did not go can be sent again.
    expect(within(row(sent)).queryByRole('button')).toBeNull();
    expect(within(row(waiting)).queryByRole('button')).toBeNull();
    expect(within(row(refused)).getByRole('button', { name: /Send again/ })).toBeInTheDocument();
    expect(screen.getByText('All (4)')).toBeInTheDocument();
    expect(screen.getByText('Failed (1)')).toBeInTheDocument();
  });

  it('filters by status and sends a failed message again', async () => {
    let failed = [refused];
    const network = fakeNetwork(
      signedInRoutes({
        'GET /competitions/demo/messages': { body: page([refused, sent]) },
        'GET /competitions/demo/messages?status=failed': () => ({ body: page(failed) }),
        'POST /competitions/demo/messages/2/retry': () => {
          failed = [];
          return { body: { ...refused, status: 'pending', lastError: null } };
        },
      }),
    );
    renderRoutes('/admin/messages');
    await screen.findByRole('table', { name: 'Messages' }, BUSY);
    fireEvent.click(screen.getByText('Failed (1)'));
    await waitFor(() =>
      expect(network.calls('GET', '/competitions/demo/messages?status=failed')).toHaveLength(1),
    );
    const row = await screen.findByTestId('message-2', {}, BUSY);
    expect(screen.queryByTestId('message-1')).toBeNull();
    fireEvent.click(
      within(row).getByRole('button', {
        name: `Send again: ${refused.subject} to ${refused.to}`,
      }),
    );
    expect(await screen.findByText('No message is failed now.', {}, BUSY)).toBeInTheDocument();
    expect(network.calls('POST', '/competitions/demo/messages/2/retry')).toHaveLength(1);
  });

  it('sends every message kept unsent at once, after asking, and says when no mail server is there', async () => {
    const keptToo = message(5, { ...kept, to: 'dancer5@example.org' });
    let unsent = [kept, keptToo];
    const list = () => ({
      body: { messages: [...unsent, sent], nextBefore: null, counts: { ...counts, unsent: unsent.length } },
    });
    let mailServer = false;
    const network = fakeNetwork(
      signedInRoutes({
        'GET /competitions/demo/messages': list,
        'POST /competitions/demo/messages/send-unsent': () => {
          if (!mailServer)
            return {
              status: 409,
              body: {
                error: {
                  code: 'no_mail_server',
                  message:
                    'No mail server is configured: set PROMENADE_SMTP_URL and restart the server, then try again.',
                },
              },
            };
          const count = unsent.length;
          unsent = [];
          return { body: { count } };
        },
      }),
    );
    renderRoutes('/admin/messages');
    const sendAll = async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Send all not sent (2)' }, BUSY));
      const dialog = await screen.findByRole('dialog', { name: 'Send 2 messages not sent?' }, BUSY);
      fireEvent.click(within(dialog).getByRole('button', { name: 'Send 2 messages' }));
    };
    await sendAll();
    expect(await screen.findByText(/set PROMENADE_SMTP_URL and restart/, {}, BUSY)).toBeInTheDocument();
    mailServer = true;
    await sendAll();
    await waitFor(() => expect(screen.queryByRole('button', { name: /Send all not sent/ })).toBeNull(), BUSY);
    expect(network.calls('POST', '/competitions/demo/messages/send-unsent')).toHaveLength(2);
  });

  it('says what to expect when nothing was sent yet', async () => {
    fakeNetwork(signedInRoutes({ 'GET /competitions/demo/messages': { body: page([]) } }));
    renderRoutes('/admin/messages');
    expect(
      await screen.findByText(
        'No message yet. Confirmations and entry links appear here as couples register.',
        {},
        BUSY,
      ),
    ).toBeInTheDocument();
  });
});
