// @vitest-environment jsdom
import '../../test/setup.ts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Competition } from '../../../domain/schemas/competition.ts';
import { STALE_MESSAGE } from './setup/SetupForm.tsx';
import { chooseLocale } from '../../i18n/locale.ts';
import {
  competitionFixture,
  fakeNetwork,
  renderRoutes,
  signedInRoutes,
  type FakeHandler,
} from '../../test/adminTesting.tsx';

afterEach(async () => {
  await chooseLocale('en');
  vi.unstubAllGlobals();
});

async function openSetup(patch: FakeHandler) {
  const network = fakeNetwork(signedInRoutes({ 'PATCH /competitions/demo': patch }));
  const view = renderRoutes('/admin/setup');
  await screen.findByRole('form', { name: 'Competition setup' });
  return { network, ...view };
}

/** The input labelled `label` (Mantine appends " *" to required labels). */
const field = (label: string) =>
  screen.getByLabelText(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`), {
    selector: 'input, textarea',
  });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

describe('the setup screen', () => {
  it('saves only what changed, with the version it was loaded from, and says "Saved"', async () => {
    const { network } = await openSetup((req) => ({
      body: competitionFixture({ ...(req.body as Partial<Competition>), version: 4 }),
    }));
    expect(field('Full name')).toHaveValue('Valley Swing & Standard 2026');
    // Registration close is stored 04:59 UTC: shown on the New York wall clock.
    expect(field('Registration closes')).toHaveValue('2026-11-13T23:59');

    fireEvent.change(field('Full name'), { target: { value: 'Valley Open 2026' } });
    fireEvent.change(field('Registration closes'), { target: { value: '2026-11-15T18:00' } });
    save();

    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(network.calls('PATCH', '/competitions/demo')[0]!.body).toEqual({
      fullName: 'Valley Open 2026',
      dateRegistrationClosed: '2026-11-15T23:00:00.000Z',
      version: 3,
    });
    expect(screen.getByText('No unsaved changes')).toBeInTheDocument();
  });

  it("puts the server's 400 details on the fields they name", async () => {
    await openSetup({
      status: 400,
      body: {
        error: {
          code: 'validation',
          message: 'Some fields are not valid',
          details: [{ path: ['socials', 'website'], message: 'Website is not reachable from here' }],
        },
      },
    });
    fireEvent.change(field('Website'), { target: { value: 'https://moved.example' } });
    save();

    expect(await screen.findByText('Not saved — check these fields')).toBeInTheDocument();
    expect(field('Website')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Website')).toHaveAccessibleDescription(/Website is not reachable from here/);
    expect(field('Full name')).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('refuses to send what the shared schema rejects, next to the field', async () => {
    const { network } = await openSetup({ body: competitionFixture() });
    fireEvent.click(screen.getByRole('button', { name: 'Add organizer' }));
    const names = screen.getAllByLabelText(/^Name/, { selector: 'input' });
    fireEvent.change(names[1]!, { target: { value: 'Nia New' } });
    fireEvent.change(screen.getAllByLabelText('Email', { selector: 'input' })[1]!, {
      target: { value: 'nia@' },
    });
    save();
    expect(await screen.findByText('Not saved — check these fields')).toBeInTheDocument();
    expect(screen.getAllByText('Organizer email is not a valid address').length).toBeGreaterThan(0);
    expect(network.calls('PATCH', '/competitions/demo')).toHaveLength(0);
  });

  it('refuses an end date before the start date, in the reader’s language', async () => {
    const { network } = await openSetup({ body: competitionFixture() });
    fireEvent.change(field('End date'), { target: { value: '2026-11-20' } });
    save();
    expect(await screen.findByText('Not saved — check these fields')).toBeInTheDocument();
    expect(field('End date')).toHaveAccessibleDescription('End date must not be before the start date');
    expect(network.calls('PATCH', '/competitions/demo')).toHaveLength(0);
  });

  it('says it in German to a German organizer', async () => {
    await chooseLocale('de');
    const network = fakeNetwork(
      signedInRoutes({ 'PATCH /competitions/demo': { body: competitionFixture() } }),
    );
    renderRoutes('/admin/setup');
    await screen.findByRole('form', { name: 'Einrichtung der Veranstaltung' });
    fireEvent.change(field('Enddatum'), { target: { value: '2026-11-20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Nicht gespeichert — bitte diese Felder prüfen')).toBeInTheDocument();
    expect(field('Enddatum')).toHaveAccessibleDescription('Darf nicht vor dem Startdatum liegen.');
    expect(network.calls('PATCH', '/competitions/demo')).toHaveLength(0);
  });

  it('on a stale save, says someone else changed it and shows their version', async () => {
    const theirs = competitionFixture({ fullName: 'Valley Championships 2026', version: 9 });
    await openSetup({
      status: 409,
      body: { error: { code: 'stale', message: 'The competition changed', details: { current: theirs } } },
    });
    fireEvent.change(field('Full name'), { target: { value: 'My edit' } });
    save();

    const notice = (await screen.findByText(STALE_MESSAGE)).closest('[role="alert"]') as HTMLElement;
    expect(notice).toHaveTextContent('Not saved');
    expect(field('Full name')).toHaveValue('Valley Championships 2026');
    expect(screen.getByText('No unsaved changes')).toBeInTheDocument();
    // A warning the admin closes once read, as before the one command hook.
    fireEvent.click(within(notice).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByText(STALE_MESSAGE)).not.toBeInTheDocument());
  });

  it('follows live changes when clean, and warns instead of overwriting unsaved typing', async () => {
    const { queryClient } = await openSetup({ body: competitionFixture() });
    act(() => {
      queryClient.setQueryData(
        ['demo', 'competition'],
        competitionFixture({ fullName: 'Renamed elsewhere', version: 4 }),
      );
    });
    await waitFor(() => expect(field('Full name')).toHaveValue('Renamed elsewhere'));

    fireEvent.change(field('Currency'), { target: { value: 'eur' } });
    expect(field('Currency')).toHaveValue('EUR');
    act(() => {
      queryClient.setQueryData(
        ['demo', 'competition'],
        competitionFixture({ fullName: 'Renamed again', version: 5 }),
      );
    });
    const notice = await screen.findByText(/Another admin saved the competition while you were editing/);
    expect(field('Full name')).toHaveValue('Renamed elsewhere');
    fireEvent.click(
      within(notice.closest('[role="status"]') as HTMLElement).getByRole('button', {
        name: 'Load their version',
      }),
    );
    await waitFor(() => expect(field('Full name')).toHaveValue('Renamed again'));
    expect(field('Currency')).toHaveValue('USD');
  });

  it('removes an organizer only when saved, by sending the list without them', async () => {
    const { network } = await openSetup({ body: competitionFixture({ organizers: [], version: 4 }) });
    fireEvent.click(screen.getByRole('button', { name: 'Remove organizer Olivia Organizer' }));
    expect(screen.getByText(/No organizers listed yet/)).toBeInTheDocument();
    save();
    await screen.findByText('Saved');
    expect(network.calls('PATCH', '/competitions/demo')[0]!.body).toEqual({ organizers: [], version: 3 });
  });
});

describe('the fees section', () => {
  const withStudent = () =>
    competitionFixture({ discounts: [{ key: 'student', name: 'Student', percent: 50 }], version: 3 });

  async function openFees(patch: FakeHandler) {
    const network = fakeNetwork(
      signedInRoutes({
        'GET /competitions/demo': { body: withStudent() },
        'PATCH /competitions/demo': patch,
      }),
    );
    renderRoutes('/admin/setup');
    const section = await screen.findByRole('region', { name: 'Fees, discounts and payment' });
    return { network, section };
  }

  it('saves admission, the refund deadline, a new discount category and the check-in rule', async () => {
    const { network, section } = await openFees((req) => ({
      body: competitionFixture({ ...withStudent(), ...(req.body as Partial<Competition>), version: 4 }),
    }));
    // Empty: the registration close date, named so the organizer knows what applies.
    expect(field('Refund deadline')).toHaveValue('');
    expect(field('Refund deadline')).toHaveAccessibleDescription(
      /Empty = the registration close date \(13 Nov/,
    );
    expect(within(section).getByRole('radio', { name: 'Check in whatever is owed' })).toBeChecked();

    fireEvent.change(field('Admission fee (USD)'), { target: { value: '12.50' } });
    fireEvent.change(field('Refund deadline'), { target: { value: '2026-11-01' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Add discount category' }));
    fireEvent.change(within(section).getAllByLabelText('Category name')[1]!, { target: { value: 'Junior' } });
    fireEvent.change(within(section).getAllByLabelText('Percent off')[1]!, { target: { value: '30' } });
    fireEvent.click(
      within(section).getByRole('radio', { name: 'Warn before checking in a couple who owes' }),
    );
    save();

    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(network.calls('PATCH', '/competitions/demo')[0]!.body).toEqual({
      admissionFee: 12.5,
      refundDeadline: '2026-11-01',
      discounts: [
        { key: 'student', name: 'Student', percent: 50 },
        { key: 'junior', name: 'Junior', percent: 30 },
      ],
      checkInPayment: 'warn',
      version: 3,
    });
  });

  it('refuses a percent of 0 or 101 and a category named twice, next to each field', async () => {
    const { network, section } = await openFees({ body: withStudent() });
    fireEvent.change(within(section).getByLabelText('Percent off'), { target: { value: '0' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Add discount category' }));
    fireEvent.change(within(section).getAllByLabelText('Category name')[1]!, {
      target: { value: 'student' },
    });
    fireEvent.change(within(section).getAllByLabelText('Percent off')[1]!, { target: { value: '101' } });
    save();

    expect(await screen.findByText('Not saved — check these fields')).toBeInTheDocument();
    const [first, second] = within(section).getAllByLabelText('Percent off');
    expect(first).toHaveAccessibleDescription(/Discount percent must be at least 1/);
    expect(second).toHaveAccessibleDescription(/Discount percent must be at most 100/);
    expect(within(section).getAllByLabelText('Category name')[1]).toHaveAccessibleDescription(
      /Another discount category is already called student/,
    );
    expect(network.calls('PATCH', '/competitions/demo')).toHaveLength(0);

    // Taken away, the duplicate no longer stands in the way.
    fireEvent.click(within(section).getByRole('button', { name: 'Remove discount category student' }));
    fireEvent.change(within(section).getByLabelText('Percent off'), { target: { value: '40' } });
    save();
    await waitFor(() => expect(network.calls('PATCH', '/competitions/demo')).toHaveLength(1));
    expect(network.calls('PATCH', '/competitions/demo')[0]!.body).toEqual({
      discounts: [{ key: 'student', name: 'Student', percent: 40 }],
      version: 3,
    });
  });

  it("puts the server's refusal of a category on its field", async () => {
    const { section } = await openFees({
      status: 400,
      body: {
        error: {
          code: 'validation',
          message: 'Some fields are not valid',
          details: [
            { path: ['discounts', '0', 'name'], message: 'Discount name contains a control character' },
          ],
        },
      },
    });
    fireEvent.change(within(section).getByLabelText('Category name'), { target: { value: 'Students' } });
    save();
    expect(await screen.findByText('Not saved — check these fields')).toBeInTheDocument();
    expect(within(section).getByLabelText('Category name')).toHaveAccessibleDescription(
      /Discount name contains a control character/,
    );
  });
});

describe('the page preview', () => {
  it('renders Markdown as the public page will, with scripts made inert', async () => {
    await openSetup({ body: competitionFixture() });
    fireEvent.change(field('Details page (Markdown)'), {
      target: { value: '## Schedule\n\n<img src=x onerror="alert(1)"><script>alert(2)</script>' },
    });
    fireEvent.click(screen.getByText('Preview'));
    const preview = await screen.findByLabelText('Details page preview');
    expect(within(preview).getByRole('heading', { name: 'Schedule' })).toBeInTheDocument();
    expect(preview.querySelector('script')).toBeNull();
    expect(preview.querySelector('[onerror]')).toBeNull();
  });
});
