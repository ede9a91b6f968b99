// @vitest-environment jsdom
import '../../../test/setup.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RecallResultsView } from '../../../../domain/schemas/marks.ts';
import type { ScheduleItem } from '../../../../domain/schemas/events.ts';
import {
  competitionFixture,
  fakeNetwork,
  renderRoutes,
  scheduleItem,
  signedInRoutes,
} from '../../../test/adminTesting.tsx';
import { markView, recallMarksView, scheduleFixture } from '../../../test/fixtures.ts';
import { tieAtCutoff, tieOptionLabels } from './tie.ts';
import { signedBy } from '../../../components/signedBy.ts';

afterEach(() => vi.unstubAllGlobals());

const mark = (value: string[], countOverride = false) => markView(value, { countOverride });

/** Five couples, recall 2, two judges, one dance: 11 has 2 marks; 12, 13 and 14 one each → tie. */
const tiedMarks = recallMarksView(
  { couples: ['11', '12', '13', '14', '15'], dances: ['Waltz'] },
  { Waltz: { '1': mark(['11', '12']), '2': mark(['11', '13', '14'], true) } },
);

const item: ScheduleItem = scheduleItem({
  roundId: 'ev-1',
  roundName: 'Semi-Final',
  roundState: 2,
  recallSize: 2,
  couples: 5,
});
const schedule = scheduleFixture(
  [item, { ...item, roundId: 'ev-2', roundNumber: 2, roundName: 'Final', roundState: 0 }],
  { version: '1' },
);
const R = '/competitions/demo/events/ev/rounds/1';

describe('tie at the cut-off, seen from the marks', () => {
  it('finds the tie and both options before anyone computes', () => {
    expect(tieAtCutoff(tiedMarks)).toEqual({
      tiedAtCutoff: ['12', '13', '14'],
      cutoffMarks: 1,
      includeTied: ['11', '12', '13', '14'],
      excludeTied: ['11'],
    });
    expect(tieAtCutoff({ ...tiedMarks, complete: false })).toBeNull();
    const clean = { ...tiedMarks, marks: { Waltz: { '1': mark(['11', '12']), '2': mark(['11', '12']) } } };
    expect(tieAtCutoff(clean)).toBeNull();
    expect(tieOptionLabels({ tiedAtCutoff: ['15', '12'], includeCount: 8, excludeCount: 6 })).toEqual({
      includeTied: 'Recall all 8 (couples 12, 15 tied)',
      excludeTied: 'Recall none of the tied couples: 6',
    });
  });

  it('names who signed', () => {
    expect(signedBy('official:8:Chairman:Charles Whitmore')).toBe('Charles Whitmore (Chairman)');
    expect(signedBy('user:1:admin@example.com')).toBe('admin@example.com');
  });
});

describe('chairman screen', () => {
  it('records the tie decision, then approves the computation it shows', async () => {
    let result: RecallResultsView | null = null;
    const computed = (tieDecision: 'includeTied' | 'excludeTied', version: number): RecallResultsView => ({
      kind: 'recall',
      placements: [],
      sumRecalls: {},
      byJudge: {},
      recalled: tieDecision === 'includeTied' ? ['11', '12', '13', '14'] : ['11'],
      posted: false,
      postedAt: null,
      version,
      approvedAt: null,
      approvedBy: null,
      tiedAtCutoff: ['12', '13', '14'],
      cutoffMarks: 1,
      tieDecision,
      options: { includeTied: 4, excludeTied: 1 },
    });
    const network = fakeNetwork(
      signedInRoutes({
        'GET /competitions/demo': { body: competitionFixture({ requireApproval: true }) },
        'GET /competitions/demo/schedule': { body: schedule },
        [`GET ${R}/marks`]: { body: tiedMarks },
        [`GET ${R}/results`]: () =>
          result
            ? { body: result }
            : { status: 404, body: { error: { code: 'not_found', message: 'None' } } },
        [`POST ${R}/results`]: (req) => {
          result = computed((req.body as { tieDecision: 'includeTied' | 'excludeTied' }).tieDecision, 1);
          return { body: result };
        },
        // Someone recomputed meanwhile: the chairman's version is stale.
        [`POST ${R}/approve`]: () => ({
          status: 409,
          body: { error: { code: 'stale', message: 'Changed meanwhile' } },
        }),
      }),
    );
    renderRoutes('/admin/chairman');
    const round = await screen.findByTestId('chair-round-ev-1');
    expect(await within(round).findByText('Every judge has submitted every dance.')).toBeInTheDocument();
    expect(within(round).getByTestId('chair-cell-2-Waltz')).toHaveTextContent('override');
    const tie = within(round).getByTestId('chair-tie');
    expect(within(tie).getByLabelText('Recall all 4 (couples 12, 13, 14 tied) (default)')).toBeChecked();
    fireEvent.click(within(tie).getByLabelText('Recall none of the tied couples: 1'));
    fireEvent.click(within(tie).getByRole('button', { name: 'Record decision' }));
    expect(
      await screen.findByText(/none of the tied couples recalled, 1 couple in the next round/),
    ).toBeInTheDocument();
    // The notice says what happened, not the button's name followed by "done".
    expect(screen.getByText('Tie decided')).toBeInTheDocument();
    expect(screen.queryByText(/: done$/)).not.toBeInTheDocument();
    expect(network.calls('POST', `${R}/results`)[0]!.body).toEqual({ tieDecision: 'excludeTied' });

    fireEvent.click(await within(round).findByRole('button', { name: 'Approve' }));
    // On the card the chairman acts on, as a warning they close once read.
    const changed = (await within(round).findByText('The result changed')).closest('[role="alert"]')!;
    expect(changed).toHaveTextContent('was computed again meanwhile. Check the new result and decide again.');
    fireEvent.click(within(changed as HTMLElement).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(within(round).queryByText('The result changed')).not.toBeInTheDocument());
    expect(network.calls('POST', `${R}/approve`)[0]!.body).toEqual({ version: 1 });
  });
});
