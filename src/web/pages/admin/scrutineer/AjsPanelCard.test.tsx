// @vitest-environment jsdom
import '../../../test/setup.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RoundAjsPanelView, RoundMarksView } from '../../../../domain/schemas/marks.ts';
import { fakeNetwork, renderRoutes, scheduleItem, signedInRoutes } from '../../../test/adminTesting.tsx';
import { recallMarksView, scheduleFixture } from '../../../test/fixtures.ts';

afterEach(() => vi.unstubAllGlobals());
// The screen loads lazily: load its modules first, so that the first test's findBy waits for the
// round's data, not for the transform of its modules (seconds on a busy machine).
beforeAll(async () => {
  await Promise.all([import('../AdminLayout.tsx'), import('./ScrutineerPage.tsx')]);
}, 60_000);

const scheduleAt = (roundState: number) =>
  scheduleFixture(
    [
      scheduleItem({
        roundId: 'ajs-1',
        eventKey: 'ajs',
        eventName: 'Open Latin (S/C/R)',
        dances: ['Samba', 'ChaCha', 'Rumba'],
        kind: 'dance',
        roundName: 'Semi-Final',
        roundNumber: 1,
        scheduleIndex: 1,
        roundState,
        couples: 6,
      }),
    ],
    { version: '1' },
  );
const schedule = scheduleAt(1);

const R = '/competitions/demo/events/ajs/rounds/1';

/** The AJS semi-final as GET marks and GET ajs-panel answer it: judges A and B, no mark yet. */
function ajsView(): RoundMarksView {
  const view = recallMarksView({ couples: ['11', '12'], dances: ['Samba', 'ChaCha', 'Rumba'] }, {});
  return {
    ...view,
    round: {
      ...view.round,
      kind: 'ajs',
      marksPerDance: null,
      ajsComponents: { '1': ['TQ', 'PS'], '2': ['MM', 'CP'] },
    },
    marks: { Samba: {}, ChaCha: {}, Rumba: {} },
    complete: false,
  };
}

function ajsPanel(over: Partial<RoundAjsPanelView['ajsPanel']> = {}): RoundAjsPanelView {
  return {
    ajsComponents: { '1': ['TQ', 'PS'], '2': ['MM', 'CP'] },
    ajsPanel: { source: 'default', separateDances: [], fixed: false, version: 4, seed: null, ...over },
  };
}

const saved = { message: 'Semi-Final of Open Latin: groups set.', ...ajsPanel() };

function routes(panel: RoundAjsPanelView, roundState = 1) {
  return fakeNetwork(
    signedInRoutes({
      'GET /competitions/demo/schedule': { body: roundState === 1 ? schedule : scheduleAt(roundState) },
      [`GET ${R}/marks`]: { body: ajsView() },
      [`GET ${R}/ajs-panel`]: { body: panel },
      [`GET ${R}/results`]: { status: 404, body: { error: { code: 'not_found', message: 'No results' } } },
      [`GET ${R}/marks/history`]: { body: { entries: [] } },
      [`PUT ${R}/ajs-panel`]: { body: saved },
      [`POST ${R}/ajs-panel/draw`]: {
        body: { ...saved, message: 'Semi-Final of Open Latin: groups drawn.' },
      },
    }),
  );
}

describe("the scrutineer's AJS panel card", () => {
  it('sets each judge’s group by hand and the dances with separate scores, sending the version it saw', async () => {
    const network = routes(ajsPanel());
    renderRoutes('/admin/scrutineer?event=ajs&round=1');
    const card = await screen.findByRole('region', { name: 'AJS panel' }, { timeout: 5000 });
    expect(within(card).getByText(/Default split by panel position/)).toBeInTheDocument();
    const save = within(card).getByRole('button', { name: 'Save split' });
    expect(save).toBeDisabled();
    const a = within(card).getByRole('radiogroup', { name: 'A Ann Judge scores' });
    expect(within(a).getByRole('radio', { name: 'TQ + PS' })).toBeChecked();
    fireEvent.click(within(a).getByRole('radio', { name: 'MM + CP' }));
    fireEvent.click(
      within(within(card).getByRole('radiogroup', { name: 'B Ben Judge scores' })).getByRole('radio', {
        name: 'TQ + PS',
      }),
    );
    fireEvent.click(within(card).getByRole('checkbox', { name: 'Rumba' }));
    fireEvent.click(save);
    await waitFor(() => expect(network.calls('PUT', `${R}/ajs-panel`)).toHaveLength(1));
    expect(network.calls('PUT', `${R}/ajs-panel`)[0]!.body).toEqual({
      version: 4,
      groups: { '1': 'MM+CP', '2': 'TQ+PS' },
      separateDances: ['Rumba'],
    });
    // Worded from the answer's split, not its English message.
    expect(
      await screen.findByText('Semi-Final: TQ + PS: A; MM + CP: B. One score per group in every dance.'),
    ).toBeInTheDocument();
  });

  it('draws the groups with one button', async () => {
    const network = routes(ajsPanel());
    renderRoutes('/admin/scrutineer?event=ajs&round=1');
    const card = await screen.findByRole('region', { name: 'AJS panel' }, { timeout: 5000 });
    fireEvent.click(within(card).getByRole('button', { name: 'Draw groups' }));
    await waitFor(() => expect(network.calls('POST', `${R}/ajs-panel/draw`)).toHaveLength(1));
    expect(network.calls('POST', `${R}/ajs-panel/draw`)[0]!.body).toEqual({ version: 4, separateDances: [] });
    expect(
      await screen.findByText('Semi-Final: TQ + PS: A; MM + CP: B. One score per group in every dance.'),
    ).toBeInTheDocument();
  });

  it('shows the split fixed once the round has marks: no draw, no editing', async () => {
    routes(ajsPanel({ fixed: true, source: 'drawn', seed: 1234, separateDances: ['Samba'] }));
    renderRoutes('/admin/scrutineer?event=ajs&round=1');
    const card = await screen.findByRole('region', { name: 'AJS panel' }, { timeout: 5000 });
    expect(
      within(card).getByText(/Drawn at random for this round \(seed 1234\)\. Fixed: the round has marks\./),
    ).toBeInTheDocument();
    expect(within(card).queryByRole('button')).toBeNull();
    expect(within(card).getByRole('row', { name: /A — Ann Judge TQ \+ PS/ })).toBeInTheDocument();
    expect(
      within(card).getByText(/Separate scores in the Samba; one score per group in the other dances/),
    ).toBeInTheDocument();
  });

  it("paper entry: one box per couple in a dance where one score counts for both of the judge's components", async () => {
    routes(ajsPanel({ separateDances: ['Rumba'] }), 2);
    renderRoutes('/admin/scrutineer?event=ajs&round=1');
    fireEvent.click(await screen.findByRole('button', { name: 'Enter paper marks' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Enter marks from a paper sheet' });
    // Judge A (TQ + PS), the ChaCha: one score for both.
    expect(within(dialog).getByText(/one score for TQ \+ PS/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Couple 11 TQ + PS')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Couple 11 TQ')).toBeNull();
  });
});
