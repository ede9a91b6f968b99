// @vitest-environment jsdom
import '../../test/setup.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminAccount } from '../../api/types.ts';
import {
  admin,
  fakeNetwork,
  refusedOnce,
  renderRoutes,
  settingsFixture,
  signedInRoutes,
  type FakeHandler,
} from '../../test/adminTesting.tsx';

afterEach(() => vi.unstubAllGlobals());
// The screens load lazily: load their modules first, so that the first test's findBy waits for the
// screen's data, not for the transform of its modules (over 5 s on a busy machine).
beforeAll(async () => {
  await Promise.all([import('./AdminLayout.tsx'), import('./SettingsPage.tsx')]);
}, 60_000);

/** A save and its answer can take over a second on a busy 2-core machine. */
const BUSY = { timeout: 5_000 };

const admins: AdminAccount[] = [
  { id: 1, email: admin.email, name: admin.name, isSuperAdmin: false },
  { id: 2, email: 'bea@example.com', name: 'Bea Backup', isSuperAdmin: false },
  { id: 9, email: 'root@example.com', name: 'Site Owner', isSuperAdmin: true },
];

async function openSettings(extra: Record<string, FakeHandler> = {}) {
  const network = fakeNetwork(
    signedInRoutes({
      'GET /competitions/demo/settings/events': { body: settingsFixture },
      'GET /competitions/demo/admins': { body: admins },
      ...extra,
    }),
  );
  const view = renderRoutes('/admin/settings');
  await screen.findByRole('form', { name: 'Event settings' });
  await screen.findByRole('table', { name: 'Admin accounts' });
  return { network, ...view };
}

describe('event settings', () => {
  it('shows all eight settings with an explanation, and saves with the version', async () => {
    const { network } = await openSettings({
      'PUT /competitions/demo/settings/events': (req) => ({
        body: { ...settingsFixture, ...(req.body as object), version: 6 },
      }),
    });
    const form = screen.getByRole('form', { name: 'Event settings' });
    expect(within(form).getAllByRole('switch')).toHaveLength(7);
    expect(within(form).getByRole('textbox', { name: 'Live page scroll position' })).toHaveValue('0');
    const hide = within(form).getByRole('switch', { name: 'Hide live schedule' });
    expect(hide).toHaveAccessibleDescription(/Keep the running order off the public live page/);

    fireEvent.click(hide);
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Event settings are updated.')).toBeInTheDocument();
    expect(network.calls('PUT', '/competitions/demo/settings/events')[0]!.body).toEqual({
      ...settingsFixture,
      hideLiveSchedule: true,
      version: 5,
    });
    expect(hide).toBeChecked();
  });

  it('sets the competition clock, and shows a refused value at the Clock choice', async () => {
    const { network } = await openSettings({
      'PUT /competitions/demo/settings/events': refusedOnce(
        400,
        {
          code: 'invalid',
          message: 'The request is not valid',
          details: [{ path: ['clock'], message: 'Clock must be "12h" (12-hour, 3:45 PM) or "24h"' }],
        },
        (req) => ({ body: { ...settingsFixture, ...(req.body as object), version: 6 } }),
      ),
    });
    const clock = screen.getByRole('radiogroup', { name: 'Clock' });
    expect(within(clock).getByRole('radio', { name: '12-hour (3:45 PM)' })).toBeChecked();
    const h24 = within(clock).getByRole('radio', { name: '24-hour (15:45)' });
    fireEvent.click(h24);
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    // The server's message is shown at the choice and read out with it.
    await waitFor(() => expect(clock).toHaveAccessibleDescription(/Clock must be "12h"/), BUSY);

    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Event settings are updated.', {}, BUSY)).toBeInTheDocument();
    expect(network.calls('PUT', '/competitions/demo/settings/events')[1]!.body).toMatchObject({
      clock: '24h',
      version: 5,
    });
    expect(h24).toBeChecked();
    // Every screen reads the clock with the competition: it is read again at once.
    await waitFor(() => expect(network.calls('GET', '/competitions/demo').length).toBeGreaterThan(1), BUSY);
  });

  it('on a stale save shows the current settings and says why', async () => {
    await openSettings({
      'PUT /competitions/demo/settings/events': {
        status: 409,
        body: {
          error: {
            code: 'stale',
            message: 'Settings changed',
            details: { current: { ...settingsFixture, hideLevelIcons: true, version: 8 } },
          },
        },
      },
    });
    fireEvent.click(screen.getByRole('switch', { name: 'Show schedule index' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(
      await screen.findByText(/Someone else changed the event settings while you were editing/),
    ).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Hide level icons' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Show schedule index' })).not.toBeChecked();
  });
});

describe('admin accounts', () => {
  it('lists the admins and will not offer to remove yourself', async () => {
    await openSettings();
    const table = screen.getByRole('table', { name: 'Admin accounts' });
    expect(within(table).getByText('bea@example.com')).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: `Remove ${admin.name}` })).toBeDisabled();
    expect(within(table).getByRole('button', { name: 'Remove Bea Backup' })).toBeEnabled();
    // The server refuses to remove a site admin from one competition: do not offer it.
    expect(within(table).getByRole('button', { name: 'Remove Site Owner' })).toBeDisabled();
  });

  it('adds an admin, and shows a duplicate email on the email field', async () => {
    const { network } = await openSettings({
      'POST /competitions/demo/admins': refusedOnce(
        409,
        { code: 'duplicate', message: 'This email already has an admin account.' },
        { status: 201, body: { id: 3, email: 'cy@example.com', name: 'Cy', isSuperAdmin: false } },
      ),
    });
    const form = screen.getByRole('form', { name: 'Add an admin' });
    const email = within(form).getByRole('textbox', { name: /^Email/ });
    fireEvent.change(email, { target: { value: 'bea@example.com' } });
    fireEvent.change(within(form).getByRole('textbox', { name: /^Name/ }), { target: { value: 'Cy' } });
    fireEvent.change(within(form).getByLabelText(/^Password/), { target: { value: 'short' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add admin' }));
    expect(await within(form).findByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(network.calls('POST', '/competitions/demo/admins')).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText(/^Password/), { target: { value: 'dancing6' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add admin' }));
    expect(await within(form).findByText('This email already has an admin account.')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');

    fireEvent.change(email, { target: { value: 'cy@example.com' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add admin' }));
    expect(await screen.findByText('Admin added')).toBeInTheDocument();
    expect(network.calls('POST', '/competitions/demo/admins')[1]!.body).toEqual({
      email: 'cy@example.com',
      name: 'Cy',
      password: 'dancing6',
    });
    await waitFor(() => expect(email).toHaveValue(''));
    // The list is read again so the new admin appears.
    expect(network.calls('GET', '/competitions/demo/admins').length).toBeGreaterThan(1);
  });

  it('asks before removing, says what happens, and shows a refusal', async () => {
    const { network } = await openSettings({
      'DELETE /competitions/demo/admins/2': refusedOnce(
        409,
        { code: 'last_admin', message: 'A competition needs at least one admin.' },
        { status: 204 },
      ),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Remove Bea Backup' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(
      /will no longer be able to open the admin screens of Valley Swing & Standard 2026/,
    );
    expect(dialog).toHaveTextContent(/their account is deleted/);
    expect(network.calls('DELETE', '/competitions/demo/admins/2')).toHaveLength(0);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove admin' }));
    expect(await within(dialog).findByText('A competition needs at least one admin.')).toBeInTheDocument();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove admin' }));
    expect(await screen.findByText('Admin removed')).toBeInTheDocument();
    expect(network.calls('DELETE', '/competitions/demo/admins/2')).toHaveLength(2);
  });
});

describe('verify the record', () => {
  it('checks the audit trail when asked: intact with its count, or the first broken entry and why', async () => {
    let tampered = false;
    const { network } = await openSettings({
      'GET /competitions/demo/audit/verify': () =>
        tampered
          ? {
              body: {
                ok: false,
                brokenAt: 41,
                records: 57,
                reason: 'Record #41 was changed after it was written: its contents no longer match its hash.',
                marks: [],
                posted: [],
              },
            }
          : { body: { ok: true, records: 57, head: 'ab'.repeat(32) } },
    });
    // Nothing is checked until the admin asks.
    expect(network.calls('GET', '/competitions/demo/audit/verify')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Verify the record' }));
    expect(await screen.findByText('The record is intact: 57 entries.', {}, BUSY)).toBeInTheDocument();

    tampered = true;
    fireEvent.click(screen.getByRole('button', { name: 'Verify the record' }));
    expect(await screen.findByText('The record is broken at entry #41', {}, BUSY)).toBeInTheDocument();
    expect(screen.getByText(/Record #41 was changed after it was written/)).toBeInTheDocument();
    expect(network.calls('GET', '/competitions/demo/audit/verify')).toHaveLength(2);
  });
});
