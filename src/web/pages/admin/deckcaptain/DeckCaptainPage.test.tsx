// @vitest-environment jsdom
import '../../../test/setup.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FloorView } from '../../../../domain/schemas/floor.ts';
import type { Schedule } from '../../../../domain/schemas/events.ts';
import type { CheckInBalances } from '../../../../domain/schemas/money.ts';
import {
  competitionFixture,
  fakeNetwork,
  renderRoutes,
  signedInRoutes,
  type FakeHandler,
} from '../../../test/adminTesting.tsx';
import { couple, round } from './deckFixtures.ts';
import { entryCodeUrl } from '../../../shared/entryCode.ts';
import { chooseLocale } from '../../../i18n/locale.ts';

afterEach(async () => {
  await chooseLocale('en');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const FLOOR = 'GET /competitions/demo/floor';
const EV = '/competitions/demo/events/silver-std';
const BALANCES = '/competitions/demo/check-in/balances';

/** GET …/check-in/balances: the rule and what entries' accounts owe (none unless a test says). */
const balances = (
  rule: CheckInBalances['rule'],
  entries: CheckInBalances['entries'] = [],
): CheckInBalances => ({ currency: 'USD', rule, entries });

const schedule: Schedule = {
  version: '1',
  timing: { firstStartTime: null, perDanceSeconds: 90, transitionSeconds: 60 },
  floors: [{ name: 'Main floor', pace: 1, minutesLate: null }],
  items: [],
};

const semi = round({
  heatSize: 3,
  heats: 2,
  couples: [
    couple(101, { heat: 1, checkedIn: true }),
    couple(102, { heat: 2 }),
    couple(103, { heat: 1 }),
    couple(104, { heat: 2 }),
    couple(105, { heat: 1, scratched: true }),
  ],
});
const final = round({ roundNumber: 2, roundName: 'Final', couplesKnown: false, couples: [] });

function screenWith(floor: FloorView | (() => FloorView), extra: Record<string, FakeHandler> = {}) {
  return fakeNetwork(
    signedInRoutes({
      [FLOOR]: () => ({ body: typeof floor === 'function' ? floor() : floor }),
      'GET /competitions/demo/schedule': {
        body: {
          ...schedule,
          items: [
            { eventKey: 'silver-std', roundNumber: 1, roundName: 'Semi-Final', roundState: 0 },
            { eventKey: 'silver-std', roundNumber: 2, roundName: 'Final', roundState: 0 },
          ],
        },
      },
      [`GET ${BALANCES}`]: { body: balances('none') },
      ...extra,
    }),
  );
}

describe('deck captain screen', () => {
  it('says when nothing is on the floor and nothing is coming up', async () => {
    screenWith({ onFloor: [], next: [] });
    renderRoutes('/admin/deckcaptain');
    expect(await screen.findByText('Nothing on the floor')).toBeInTheDocument();
    expect(screen.getByText('No rounds coming up')).toBeInTheDocument();
  });

  it('lines up the next round heat by heat and counts only the couples still dancing', async () => {
    screenWith({ onFloor: [], next: [semi, final] });
    renderRoutes('/admin/deckcaptain');
    expect(
      await screen.findByRole('heading', { name: 'Silver Standard (W/T), Semi-Final' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('checkin-count')).toHaveTextContent('1 of 4 checked in');
    expect(screen.getByTestId('heat-summary')).toHaveTextContent('2 heats of at most 3 couples');
    expect(within(screen.getByTestId('heat-1')).getByText('Heat 1 · 2 couples')).toBeInTheDocument();
    expect(within(screen.getByTestId('heat-2')).getByText('Heat 2 · 2 couples')).toBeInTheDocument();
    expect(within(screen.getByTestId('scratched')).getByTestId('couple-105')).toHaveStyle({
      textDecoration: 'line-through',
    });
    // The final waits for the semi-final: it says so instead of an empty list.
    fireEvent.click(within(screen.getByRole('table', { name: 'Next rounds' })).getByText('Final'));
    expect(await screen.findByText('Couples are known once the Semi-Final is posted.')).toBeInTheDocument();
  });

  it('shows a check-in at once, sends it, and takes it back with a word when refused', async () => {
    let answer: () => void = () => undefined;
    // The fake server keeps what it confirmed, as the real one does.
    let saved = semi;
    const network = screenWith(() => ({ onFloor: [], next: [saved] }), {
      [`POST ${EV}/entries/1102/check-in`]: () =>
        new Promise((resolve) => {
          answer = () => {
            saved = {
              ...semi,
              couples: semi.couples.map((c) => (c.entryId === 1102 ? { ...c, checkedIn: true } : c)),
            };
            resolve({ body: { entryId: 1102, checkedIn: true, version: 3 } });
          };
        }),
      [`POST ${EV}/entries/1103/check-in`]: {
        status: 403,
        body: { error: { code: 'forbidden', message: 'No' } },
      },
    });
    renderRoutes('/admin/deckcaptain');
    const button = await screen.findByRole('button', { name: 'Check in couple 102' });
    fireEvent.click(button);
    // Before the server has answered.
    expect(button).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('checkin-count')).toHaveTextContent('2 of 4 checked in');
    expect(network.calls('POST', `${EV}/entries/1102/check-in`)[0]?.body).toEqual({ checkedIn: true });
    answer();
    await waitFor(() => expect(button).toHaveTextContent('Checked in ✓'));

    fireEvent.click(screen.getByRole('button', { name: 'Check in couple 103' }));
    expect(await screen.findByText('Couple 103 was not checked in')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Check in couple 103' })).toHaveAttribute(
        'aria-pressed',
        'false',
      ),
    );
  });

  it('asks before scratching and shows why a marked round refuses it', async () => {
    const network = screenWith(
      { onFloor: [], next: [semi] },
      {
        [`POST ${EV}/entries/1104/scratch`]: {
          status: 409,
          body: {
            error: {
              code: 'round_marked',
              message:
                'Couple 104 is in the Semi-Final of Silver Standard (W/T), which judges are already marking: ask the scrutineer.',
            },
          },
        },
      },
    );
    renderRoutes('/admin/deckcaptain');
    fireEvent.click(await screen.findByRole('button', { name: 'Scratch couple 104' }));
    const dialog = await screen.findByRole('dialog', { name: 'Scratch couple 104?' });
    expect(dialog).toHaveTextContent('are not counted');
    expect(network.calls('POST', `${EV}/entries/1104/scratch`)).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Scratch couple 104' }));
    expect(
      await within(dialog).findByText(/judges are already marking: ask the scrutineer/),
    ).toBeInTheDocument();
    expect(network.calls('POST', `${EV}/entries/1104/scratch`)[0]?.body).toEqual({ scratched: true });
  });

  it('sets the heat size with the version seen and says what it did', async () => {
    const network = screenWith(
      { onFloor: [], next: [semi] },
      {
        [`POST ${EV}/rounds/1/heats`]: {
          body: {
            ...semi,
            heatSize: 2,
            heats: 2,
            message: 'Semi-Final of Silver Standard (W/T): 2 heats of at most 2 couples.',
          },
        },
      },
    );
    renderRoutes('/admin/deckcaptain');
    const size = await screen.findByLabelText(/Heat size/);
    fireEvent.change(size, { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set heats' }));
    expect(await screen.findByText(/2 heats of at most 2 couples\.$/)).toBeInTheDocument();
    expect(network.calls('POST', `${EV}/rounds/1/heats`)[0]?.body).toEqual({ heatSize: 2, version: 2 });

    fireEvent.click(screen.getByLabelText('One heat'));
    fireEvent.click(screen.getByRole('button', { name: 'Set heats' }));
    await waitFor(() =>
      expect(network.calls('POST', `${EV}/rounds/1/heats`)[1]?.body).toEqual({ heatSize: null, version: 2 }),
    );
  });

  it('says what it did in German, from the answer, not the server’s English sentence', async () => {
    await chooseLocale('de');
    screenWith(
      { onFloor: [], next: [semi] },
      {
        [`POST ${EV}/rounds/1/heats`]: {
          body: {
            ...semi,
            heatSize: 2,
            heats: 2,
            message: 'Semi-Final of Silver Standard (W/T): 2 heats of at most 2 couples.',
          },
        },
      },
    );
    renderRoutes('/admin/deckcaptain');
    fireEvent.change(await screen.findByLabelText(/Gruppengröße/), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Gruppen festlegen' }));
    expect(
      await screen.findByText('Semifinale von Silver Standard (W/T): 2 Gruppen mit höchstens 2 Paaren.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Gruppen festgelegt')).toBeInTheDocument();
  });

  it('finds a couple by the number typed anywhere and puts the keyboard on its check-in', async () => {
    screenWith({ onFloor: [], next: [semi] });
    renderRoutes('/admin/deckcaptain');
    await screen.findByRole('button', { name: 'Check in couple 104' });
    fireEvent.keyDown(window, { key: '1' });
    const search = screen.getByLabelText('Find a couple or round');
    expect(search).toHaveValue('1');
    expect(search).toHaveFocus();
    fireEvent.change(search, { target: { value: '104' } });
    expect(screen.getByRole('region', { name: 'Couples found' })).toHaveTextContent(
      '104 Lead 104 & Follow 104',
    );
    fireEvent.keyDown(search, { key: 'Enter' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Check in couple 104' })).toHaveFocus());
  });

  it('confirms before starting the round, naming the couples not checked in', async () => {
    const network = screenWith(
      { onFloor: [], next: [semi] },
      {
        [`POST ${EV}/rounds/1/start`]: {
          body: {
            message: 'Semi-Final of Silver Standard (W/T) is running: 4 couples on the floor.',
            alreadyRunning: false,
            round: { roundName: 'Semi-Final', couples: ['101', '102', '103', '104'] },
          },
        },
      },
    );
    renderRoutes('/admin/deckcaptain');
    fireEvent.click(await screen.findByRole('button', { name: 'Start round' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start Silver Standard (W/T), Semi-Final?' });
    expect(dialog).toHaveTextContent('4 couples dance in 2 heats');
    expect(dialog).toHaveTextContent('Not checked in yet: 102, 103, 104.');
    expect(network.calls('POST', `${EV}/rounds/1/start`)).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start round' }));
    expect(await screen.findByText(/is running: 4 couples on the floor/)).toBeInTheDocument();
  });

  it('lists every round still to start, finds one by its event, and starts exactly that one', async () => {
    // Twelve rounds to come: the one wanted is the last, far down the running order.
    const later = Array.from({ length: 11 }, (_, i) =>
      round({
        eventKey: `event-${i}`,
        eventName: `Bronze Smooth ${i}`,
        roundName: 'Final',
        scheduleIndex: 10 + i,
        couples: [couple(200 + i)],
      }),
    );
    const gold = round({
      eventKey: 'gold-latin',
      eventName: 'Gold Latin (C/S/R)',
      roundName: 'Semi-Final',
      scheduleIndex: 40,
      couples: [couple(301, { checkedIn: true }), couple(302)],
    });
    const network = screenWith(
      { onFloor: [], next: [semi, ...later, gold] },
      {
        'POST /competitions/demo/events/gold-latin/rounds/1/start': {
          body: {
            message: 'Semi-Final of Gold Latin (C/S/R) is running: 2 couples on the floor.',
            alreadyRunning: false,
            round: { roundName: 'Semi-Final', couples: ['301', '302'] },
          },
        },
      },
    );
    renderRoutes('/admin/deckcaptain');
    // The list holds all of them, not the first eight.
    const list = await screen.findByRole('table', { name: 'Next rounds' });
    expect(within(list).getAllByTestId('next-round')).toHaveLength(13);
    // The default round is open; the one wanted is found by its event's name.
    expect(screen.getByRole('heading', { name: 'Silver Standard (W/T), Semi-Final' })).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Find a couple or round'), { target: { value: 'gold latin' } });
    const found = screen.getByRole('region', { name: 'Rounds found' });
    expect(found).toHaveTextContent('Gold Latin (C/S/R)Semi-Final · Initialized · 1 of 2 checked in');
    fireEvent.click(within(found).getByText('Gold Latin (C/S/R)'));
    expect(
      await screen.findByRole('heading', { name: 'Gold Latin (C/S/R), Semi-Final' }),
    ).toBeInTheDocument();

    // Start starts the round shown: the dialog names it, and only that round is started.
    fireEvent.click(screen.getByRole('button', { name: 'Start round' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start Gold Latin (C/S/R), Semi-Final?' });
    expect(dialog).toHaveTextContent('2 couples dance');
    expect(dialog).toHaveTextContent('Not checked in yet: 302.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start round' }));
    expect(await screen.findByText(/Gold Latin \(C\/S\/R\) is running/)).toBeInTheDocument();
    expect(network.requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
      '/competitions/demo/events/gold-latin/rounds/1/start',
    ]);
    // It stays open once started.
    expect(screen.getByRole('heading', { name: 'Gold Latin (C/S/R), Semi-Final' })).toBeInTheDocument();
    expect(screen.getByText('13 to start, in running order')).toBeInTheDocument();
  });

  it('shows what is on the floor with its heats and who is checked in', async () => {
    screenWith({ onFloor: [{ ...semi, roundState: 2 }], next: [] });
    renderRoutes('/admin/deckcaptain');
    const card = await screen.findByTestId('on-floor-round');
    expect(card).toHaveTextContent('Silver Standard (W/T)');
    expect(card).toHaveTextContent('1 of 4 checked in');
    expect(within(card).getByText('Heat 1')).toBeInTheDocument();
    expect(within(card).getByTitle('101 checked in')).toBeInTheDocument();
    expect(within(card).getByTitle('102 not checked in')).toBeInTheDocument();
    expect(within(card).queryByText('105')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start round' })).not.toBeInTheDocument();
  });
});

describe('what couples owe, at check-in', () => {
  /** 102 owes on its own invoice, 103's team owes, 104 is in credit, 101 paid. */
  const owed = (rule: CheckInBalances['rule']) =>
    balances(rule, [
      { entryId: 1101, account: 'couple', invoiceNumber: 1, balanceCents: 0 },
      { entryId: 1102, account: 'couple', invoiceNumber: 2, balanceCents: 5000 },
      { entryId: 1103, account: 'team', invoiceNumber: 9, balanceCents: 120050 },
      { entryId: 1104, account: 'couple', invoiceNumber: 4, balanceCents: -2500 },
    ]);
  const checkedIn = (id: number) => ({ body: { entryId: id, checkedIn: true, version: 3 } });

  it('shows "Owes" beside each couple who owes, read once for the screen, and checks in as usual with no rule', async () => {
    const network = screenWith(
      { onFloor: [], next: [semi] },
      { [`GET ${BALANCES}`]: { body: owed('none') }, [`POST ${EV}/entries/1102/check-in`]: checkedIn(1102) },
    );
    renderRoutes('/admin/deckcaptain');
    expect(await screen.findByTestId('owes-102')).toHaveTextContent('Owes $50');
    expect(screen.getByTestId('owes-103')).toHaveTextContent('Team owes $1,200.50');
    expect(screen.getByTestId('owes-102')).toHaveAttribute('title', 'Invoice 2');
    // Paid up or in credit: nothing to say.
    expect(screen.queryByTestId('owes-101')).toBeNull();
    expect(screen.queryByTestId('owes-104')).toBeNull();
    // One read for every row of the screen.
    expect(network.calls('GET', BALANCES)).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Check in couple 102' }));
    await waitFor(() => expect(network.calls('POST', `${EV}/entries/1102/check-in`)).toHaveLength(1));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('under "warn", asks before checking in a couple who owes, and only then', async () => {
    const network = screenWith(
      { onFloor: [], next: [semi] },
      {
        [`GET ${BALANCES}`]: { body: owed('warn') },
        [`POST ${EV}/entries/1102/check-in`]: checkedIn(1102),
        [`POST ${EV}/entries/1103/check-in`]: checkedIn(1103),
        [`POST ${EV}/entries/1104/check-in`]: checkedIn(1104),
      },
    );
    renderRoutes('/admin/deckcaptain');
    await screen.findByTestId('owes-102');

    fireEvent.click(screen.getByRole('button', { name: 'Check in couple 102' }));
    let dialog = await screen.findByRole('dialog', { name: 'Couple 102 has not paid' });
    expect(dialog).toHaveTextContent(
      'Lead 102 & Follow 102 still owe $50 (invoice 2). Check them in anyway?',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(network.calls('POST', `${EV}/entries/1102/check-in`)).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Check in couple 102' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );

    // The team's debt is named as the team's.
    fireEvent.click(screen.getByRole('button', { name: 'Check in couple 103' }));
    dialog = await screen.findByRole('dialog', { name: 'Couple 103 has not paid' });
    expect(dialog).toHaveTextContent('Their team, Riverside, still owes $1,200.50 (invoice 9).');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Check in anyway' }));
    await waitFor(() => expect(network.calls('POST', `${EV}/entries/1103/check-in`)).toHaveLength(1));
    expect(network.calls('POST', `${EV}/entries/1103/check-in`)[0]!.body).toEqual({ checkedIn: true });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // A couple in credit is checked in without a question.
    fireEvent.click(screen.getByRole('button', { name: 'Check in couple 104' }));
    await waitFor(() => expect(network.calls('POST', `${EV}/entries/1104/check-in`)).toHaveLength(1));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('under "block", says on the button that check-in waits for the payment, and shows the refusal', async () => {
    const message =
      'This couple still owes $50.00: take the payment at the desk before handing out their number.';
    const network = screenWith(
      { onFloor: [], next: [semi] },
      {
        [`GET ${BALANCES}`]: { body: owed('block') },
        [`POST ${EV}/entries/1102/check-in`]: { status: 409, body: { error: { code: 'unpaid', message } } },
      },
    );
    renderRoutes('/admin/deckcaptain');
    const button = await screen.findByRole('button', { name: 'Check in couple 102' });
    await waitFor(() => expect(button).toHaveAttribute('data-blocked', 'true'));
    expect(button).toHaveAccessibleDescription(
      'Check-in is blocked until the $50 owed (invoice 2) is paid at the desk.',
    );
    // 102, and 103 whose team owes.
    expect(screen.getAllByText('Blocked until paid')).toHaveLength(2);
    // Not blocked: paid up, or already checked in.
    expect(screen.getByRole('button', { name: 'Check in couple 104' })).not.toHaveAttribute('data-blocked');
    expect(screen.getByRole('button', { name: 'Check in couple 101' })).not.toHaveAttribute('data-blocked');

    // The server has the last word (a payment may be newer than the screen): its refusal is shown.
    fireEvent.click(button);
    const alert = await screen.findByText(message);
    expect(alert.closest('[role="alert"]')).toHaveTextContent('Couple 102 was not checked in');
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'false'));
    // And what couples owe is read again.
    await waitFor(() => expect(network.calls('GET', BALANCES)).toHaveLength(2));
  });

  it('still checks in when what couples owe cannot be read, and says so', async () => {
    const network = screenWith(
      { onFloor: [], next: [semi] },
      {
        [`GET ${BALANCES}`]: {
          status: 500,
          body: { error: { code: 'internal', message: 'Internal error' } },
        },
        [`POST ${EV}/entries/1102/check-in`]: checkedIn(1102),
      },
    );
    renderRoutes('/admin/deckcaptain');
    expect(await screen.findByText(/What couples owe could not be read just now/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Check in couple 102' }));
    await waitFor(() => expect(network.calls('POST', `${EV}/entries/1102/check-in`)).toHaveLength(1));
  });
});

describe('scanning number cards', () => {
  /** The phone's camera and the browser's QR reader: what the camera "sees" is queued by the test. */
  function camera(getUserMedia: () => Promise<unknown>) {
    const seen: string[] = [];
    const stop = vi.fn();
    vi.stubGlobal(
      'BarcodeDetector',
      class {
        static getSupportedFormats = () => Promise.resolve(['qr_code', 'ean_13']);
        detect() {
          const code = seen.shift();
          return Promise.resolve(code ? [{ rawValue: code }] : []);
        }
      },
    );
    vi.stubGlobal('navigator', {
      ...navigator,
      mediaDevices: { getUserMedia: () => getUserMedia().then(() => ({ getTracks: () => [{ stop }] })) },
    });
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    return { show: (code: string) => seen.push(code), stop };
  }
  const card = (number: number, competitionKey = 'demo') =>
    entryCodeUrl('https://promenade.example', {
      competitionKey,
      coupleNumber: number,
      entryId: 1000 + number,
      competitorId: 7,
    });

  it('checks in the couple whose card is scanned, and says who, already in, or not in this round', async () => {
    let saved = semi;
    const network = screenWith(() => ({ onFloor: [], next: [saved] }), {
      [`POST ${EV}/entries/1102/check-in`]: () => {
        saved = {
          ...semi,
          couples: semi.couples.map((c) => (c.entryId === 1102 ? { ...c, checkedIn: true } : c)),
        };
        return { body: { entryId: 1102, checkedIn: true, version: 3 } };
      },
    });
    const cam = camera(() => Promise.resolve());
    renderRoutes('/admin/deckcaptain');
    fireEvent.click(await screen.findByRole('button', { name: 'Scan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Scan number cards' });
    expect(within(dialog).getByText('Silver Standard (W/T), Semi-Final')).toBeInTheDocument();
    const result = within(dialog).getByTestId('scan-result');

    cam.show(card(102));
    await waitFor(() => expect(result).toHaveTextContent('Checked in 102 — Lead 102 / Follow 102'));
    expect(network.calls('POST', `${EV}/entries/1102/check-in`)[0]?.body).toEqual({ checkedIn: true });
    expect(screen.getByTestId('checkin-count')).toHaveTextContent('2 of 4 checked in');

    // Scanning a couple already in never takes the check-in back.
    cam.show(card(101));
    await waitFor(() => expect(result).toHaveTextContent('Already checked in: 101 — Lead 101 / Follow 101'));
    cam.show(card(214));
    await waitFor(() => expect(result).toHaveTextContent('Couple 214 is not in this round'));
    cam.show(card(105));
    await waitFor(() => expect(result).toHaveTextContent('105 — Lead 105 / Follow 105 is scratched'));
    cam.show(card(103, 'vss24'));
    await waitFor(() => expect(result).toHaveTextContent('from another competition'));
    expect(network.calls('POST', `${EV}/entries/1101/check-in`)).toHaveLength(0);
    expect(network.calls('POST', `${EV}/entries/1103/check-in`)).toHaveLength(0);

    // Done turns the camera off.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(cam.stop).toHaveBeenCalled());
  });

  it('asks before checking in a scanned couple who owes, under "warn"', async () => {
    const network = screenWith(
      { onFloor: [], next: [semi] },
      {
        [`GET ${BALANCES}`]: {
          body: balances('warn', [
            { entryId: 1102, account: 'couple', invoiceNumber: 2, balanceCents: 5000 },
          ]),
        },
        [`POST ${EV}/entries/1102/check-in`]: { body: { entryId: 1102, checkedIn: true, version: 3 } },
      },
    );
    const cam = camera(() => Promise.resolve());
    renderRoutes('/admin/deckcaptain');
    await screen.findByTestId('owes-102');
    fireEvent.click(screen.getByRole('button', { name: 'Scan' }));
    const scanner = await screen.findByRole('dialog', { name: 'Scan number cards' });
    cam.show(card(102));
    const question = await screen.findByRole('dialog', { name: 'Couple 102 has not paid' });
    expect(network.calls('POST', `${EV}/entries/1102/check-in`)).toHaveLength(0);
    fireEvent.click(within(question).getByRole('button', { name: 'Check in anyway' }));
    await waitFor(() =>
      expect(within(scanner).getByTestId('scan-result')).toHaveTextContent(
        'Checked in 102 — Lead 102 / Follow 102',
      ),
    );
    expect(network.calls('POST', `${EV}/entries/1102/check-in`)).toHaveLength(1);
  });

  it('says so politely when the camera is refused, and typing still checks couples in', async () => {
    const network = screenWith(
      { onFloor: [], next: [semi] },
      { [`POST ${EV}/entries/1103/check-in`]: { body: { entryId: 1103, checkedIn: true, version: 3 } } },
    );
    camera(() => Promise.reject(new DOMException('Permission denied', 'NotAllowedError')));
    renderRoutes('/admin/deckcaptain');
    fireEvent.click(await screen.findByRole('button', { name: 'Scan' }));
    expect(await screen.findByTestId('scan-problem')).toHaveTextContent(
      'The camera is not allowed for this page. Allow it in the browser’s site settings to scan — typing the numbers works as always.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    fireEvent.click(screen.getByRole('button', { name: 'Check in couple 103' }));
    await waitFor(() => expect(network.calls('POST', `${EV}/entries/1103/check-in`)).toHaveLength(1));
  });
});

describe('deck captain on several floors', () => {
  it('follows the floor in the address: only its rounds are lined up, and choosing keeps the round open', async () => {
    const ballroom = round({ eventKey: 'gold-lat', eventName: 'Gold Latin', floor: 'Ballroom' });
    const studio = round({ floor: 'Studio B', couples: [couple(101)] });
    fakeNetwork(
      signedInRoutes({
        'GET /competitions/demo': { body: competitionFixture({ floors: ['Ballroom', 'Studio B'] }) },
        [FLOOR]: { body: { onFloor: [], next: [ballroom, studio] } },
        'GET /competitions/demo/schedule': { body: schedule },
      }),
    );
    renderRoutes('/admin/deckcaptain?floor=Studio%20B');
    expect(
      await screen.findByRole('heading', { name: 'Silver Standard (W/T), Semi-Final' }),
    ).toBeInTheDocument();
    const next = screen.getByRole('table', { name: 'Next rounds' });
    expect(within(next).queryByText('Gold Latin')).toBeNull();
    const chooser = screen.getByRole('combobox', { name: 'Floor' });
    expect(chooser).toHaveValue('Studio B');
    fireEvent.change(chooser, { target: { value: '' } });
    expect(await within(next).findByText('Gold Latin')).toBeInTheDocument();
  });
});
