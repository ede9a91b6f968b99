// @vitest-environment jsdom
import '../../../test/setup.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeNetwork, renderRoutes, settingsFixture, signedInRoutes } from '../../../test/adminTesting.tsx';
import { chooseOption } from '../../../test/mantineSelect.ts';
import type { EventView } from '../../../api/types.ts';
import { chooseLocale } from '../../../i18n/locale.ts';

// jsdom has no layout: Mantine's option list scrolls the chosen option into view.
Element.prototype.scrollIntoView ??= () => {};

afterEach(async () => {
  await chooseLocale('en');
  vi.unstubAllGlobals();
});

const ajsEvent: EventView = {
  key: 'open-standard',
  name: 'Open Standard',
  style: 'Standard',
  level: 'Open',
  dances: ['Waltz', 'Tango'],
  roundNaming: 'fraction',
  scoringSystem: 'ajs',
  ajsComponents: null,
  ajsRounds: 1,
  ajsTolerance: 1.5,
  fee: null,
  entries: [],
  rounds: [],
  version: 4,
};

/** The event form of `event` opened from the events screen; answers the dialog and the recorded PATCHes. */
async function editing(event: EventView, editLabel = `Edit ${event.name}`) {
  const network = fakeNetwork(
    signedInRoutes({
      'GET /competitions/demo/events': { body: [event] },
      'GET /competitions/demo/settings/events': { body: settingsFixture },
      [`PATCH /competitions/demo/events/${event.key}`]: { body: { key: event.key } },
    }),
  );
  renderRoutes('/admin/setup/events');
  fireEvent.click(await screen.findByRole('button', { name: editLabel }, { timeout: 15_000 }));
  const dialog = await screen.findByRole('dialog');
  return { dialog, patches: () => network.calls('PATCH', `/competitions/demo/events/${event.key}`) };
}

// Each test renders the whole admin screen: slow on a loaded machine.
describe('the event form’s AJS tolerance', { timeout: 60_000 }, () => {
  it('names the grades beside their values and saves the one chosen', async () => {
    const { dialog, patches } = await editing(ajsEvent);
    const tolerance = within(dialog).getByRole('textbox', { name: 'Tolerance' });
    expect(tolerance).toHaveValue('Open and other competitions — 1.5');
    await chooseOption(tolerance, /Grand Slam \/ championship — 1.2/);
    expect(tolerance).toHaveValue('Grand Slam / championship — 1.2');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save event' }));
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0]!.body).toMatchObject({ ajsTolerance: 1.2, version: 4 });
  });

  it('takes another value from 0.5 to 3 in steps of 0.05, saying what is wrong with one that is not', async () => {
    const { dialog, patches } = await editing(ajsEvent);
    await chooseOption(within(dialog).getByRole('textbox', { name: 'Tolerance' }), /Another value/);
    const value = within(dialog).getByRole('textbox', { name: 'Another value' });
    fireEvent.change(value, { target: { value: '1.23' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save event' }));
    expect(await within(dialog).findByText(/Tolerance must be in steps of 0.05/)).toBeInTheDocument();
    fireEvent.change(value, { target: { value: '3.5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save event' }));
    expect(await within(dialog).findByText('Tolerance must be from 0.5 to 3')).toBeInTheDocument();
    expect(patches()).toHaveLength(0);
    fireEvent.change(value, { target: { value: '1.35' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save event' }));
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0]!.body).toMatchObject({ ajsTolerance: 1.35 });
  });

  it('shows a value named by no grade as another value', async () => {
    const { dialog } = await editing({ ...ajsEvent, ajsTolerance: 1.35 });
    expect(within(dialog).getByRole('textbox', { name: 'Tolerance' })).toHaveValue('Another value (0.5–3)');
    expect(within(dialog).getByRole('textbox', { name: 'Another value' })).toHaveValue('1.35');
  });

  it('is not asked for an event under the Skating System', async () => {
    const { dialog } = await editing({ ...ajsEvent, scoringSystem: 'skating' });
    expect(within(dialog).getByRole('textbox', { name: 'Event name' })).toHaveValue('Open Standard');
    expect(within(dialog).queryByRole('textbox', { name: 'Tolerance' })).toBeNull();
  });
});

describe('the event form’s own fee', { timeout: 60_000 }, () => {
  const latin: EventView = { ...ajsEvent, key: 'team-match', name: 'Team Match', scoringSystem: 'skating' };

  it('is empty for the tier’s fee, and saves one typed per dancer', async () => {
    const { dialog, patches } = await editing(latin);
    const fee = within(dialog).getByRole('textbox', { name: 'Own fee per dancer (USD)' });
    expect(fee).toHaveValue('');
    expect(fee).toHaveAttribute('placeholder', 'Tier fee');
    expect(fee).toHaveAccessibleDescription(/Empty: the tier's fee/);
    fireEvent.change(fee, { target: { value: '15.50' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save event' }));
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0]!.body).toMatchObject({ fee: 15.5, version: 4 });
  });

  it('goes back to the tier’s fee when cleared, and says what is wrong with a fee too large', async () => {
    const { dialog, patches } = await editing({ ...latin, fee: 20 });
    // The list names the events that have their own fee.
    expect(screen.getByTestId('event-team-match')).toHaveTextContent('Own fee $20 per dancer');
    const fee = within(dialog).getByRole('textbox', { name: 'Own fee per dancer (USD)' });
    expect(fee).toHaveValue('20');
    fireEvent.change(fee, { target: { value: '250000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save event' }));
    expect(await within(dialog).findByText('Event fee is too large')).toBeInTheDocument();
    expect(patches()).toHaveLength(0);
    fireEvent.change(fee, { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save event' }));
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0]!.body).toMatchObject({ fee: null });
  });
});

describe('the event form’s dances', { timeout: 60_000 }, () => {
  // An event whose dances are not all of its style (one imported from another program, say).
  const mixed: EventView = {
    ...ajsEvent,
    key: 'open-latin',
    name: 'Open Latin',
    style: 'Latin',
    scoringSystem: 'skating',
    dances: ['Rumba', 'Waltz'],
  };

  it('names a dance not of the style, sends nothing, and lists it to untick', async () => {
    const { dialog, patches } = await editing(mixed);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save event' }));
    expect(await within(dialog).findByText('Waltz is not a Latin dance')).toBeInTheDocument();
    expect(patches()).toHaveLength(0);
    // Listed, so it can be unticked.
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Waltz' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save event' }));
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0]!.body).toMatchObject({ dances: ['Rumba'] });
  });

  it('says it in German to a German organizer, in the sport’s words', async () => {
    await chooseLocale('de');
    const { dialog, patches } = await editing(mixed, 'Open Latin bearbeiten');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    expect(
      await within(dialog).findByText('Langsamer Walzer ist kein Tanz der Sektion Latein.'),
    ).toBeInTheDocument();
    expect(patches()).toHaveLength(0);
  });
});
