// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import {
  backoffMs,
  flushOutbox,
  loadDraft,
  outbox,
  saveDraft,
  submitDance,
  type DanceRef,
  type OutboxItem,
  type SendResult,
} from './judgeStore.ts';
import { isComplete, pickPlace, tapCouple } from './placing.ts';

let n = 0;
const ref = (dance = 'Waltz'): DanceRef => ({
  competition: `c${++n}`,
  judgeId: 3,
  eventKey: 'E1',
  roundNumber: 1,
  dance,
});

describe('judge store', () => {
  it('keeps every tap on the device', async () => {
    const r = ref();
    await saveDraft(r, ['101', '102']);
    expect(await loadDraft(r)).toMatchObject({ value: ['101', '102'], state: 'draft' });
  });

  it('keeps a dance in the outbox while the network is down, then sends it once with the same key', async () => {
    const r = ref();
    await submitDance(r, ['101'], false);
    expect((await loadDraft(r))?.state).toBe('sending');
    const keys: string[] = [];
    let online = false;
    const send = (i: OutboxItem): Promise<SendResult> => {
      keys.push(i.id);
      return Promise.resolve(online ? { kind: 'confirmed' } : { kind: 'retry' });
    };
    let t = 1000;
    const first = await flushOutbox(r.competition, 3, send, () => t);
    expect(first.confirmed).toBe(0);
    expect(first.nextAttemptAt).toBe(1000 + backoffMs(1));
    // Not due yet: nothing is sent.
    await flushOutbox(r.competition, 3, send, () => t);
    expect(keys).toHaveLength(1);
    online = true;
    t += 5000;
    const second = await flushOutbox(r.competition, 3, send, () => t);
    expect(second).toMatchObject({ confirmed: 1, nextAttemptAt: null });
    expect(keys[0]).toBe(keys[1]);
    expect((await loadDraft(r))?.state).toBe('confirmed');
    expect(await outbox(r.competition, 3)).toEqual([]);
  });

  it('sends only the latest correction of a dance', async () => {
    const r = ref();
    await submitDance(r, ['101'], false);
    await submitDance(r, ['102'], false);
    const sent: unknown[] = [];
    await flushOutbox(r.competition, 3, (i) => {
      sent.push(i.value);
      return Promise.resolve({ kind: 'confirmed' });
    });
    expect(sent).toEqual([['102']]);
  });

  it("keeps the server's receipt once a queued dance is acknowledged", async () => {
    const r = ref();
    await submitDance(r, ['101'], false);
    await flushOutbox(
      r.competition,
      3,
      () => Promise.resolve({ kind: 'retry' }),
      () => 0,
    );
    expect((await loadDraft(r))?.receipt).toBeUndefined();
    await flushOutbox(
      r.competition,
      3,
      () => Promise.resolve({ kind: 'confirmed', receipt: '7KQ2M-X4D9P' }),
      () => 60_000,
    );
    expect(await loadDraft(r)).toMatchObject({ state: 'confirmed', receipt: '7KQ2M-X4D9P' });
  });

  it("keeps the server's reason when it refuses a locked dance", async () => {
    const r = ref();
    await submitDance(r, ['102'], false);
    const message =
      'Your Waltz marks were already submitted and are locked. Ask the chairman to unlock them if they must change.';
    await flushOutbox(r.competition, 3, () =>
      Promise.resolve({
        kind: 'refused',
        code: 'locked',
        message,
        details: { dances: ['Waltz'], current: { Waltz: ['101'] } },
      }),
    );
    // The code and the dances word it in the judge's language; the marks attached are not kept.
    expect(await loadDraft(r)).toMatchObject({
      state: 'refused',
      message,
      refusal: { code: 'locked', dances: ['Waltz'] },
    });
    expect((await loadDraft(r))?.refusal).not.toHaveProperty('current');
  });

  it("keeps the server's reason when it refuses (round posted)", async () => {
    const r = ref();
    await submitDance(r, ['101'], false);
    const out = await flushOutbox(r.competition, 3, () =>
      Promise.resolve({ kind: 'refused', code: 'posted', message: 'This round is posted.' }),
    );
    expect(out.refused).toBe(1);
    expect(await loadDraft(r)).toMatchObject({ state: 'refused', message: 'This round is posted.' });
    expect(await outbox(r.competition, 3)).toEqual([]);
  });

  it('backs off up to 30 s', () => {
    expect([1, 2, 3, 10].map(backoffMs)).toEqual([1000, 2000, 4000, 30000]);
  });
});

describe('final placing', () => {
  const couples = ['11', '12', '13'];
  it('places couples in tap order and frees a place on a second tap', () => {
    let p = tapCouple({}, '12', 3);
    p = tapCouple(p, '11', 3);
    expect(p).toEqual({ '12': 1, '11': 2 });
    p = tapCouple(p, '12', 3);
    expect(p).toEqual({ '11': 2 });
    p = tapCouple(p, '13', 3);
    expect(p).toEqual({ '11': 2, '13': 1 });
    expect(isComplete(p, couples)).toBe(false);
    p = tapCouple(p, '12', 3);
    expect(isComplete(p, couples)).toBe(true);
  });

  it('swaps when a picked place is taken, so places stay distinct', () => {
    const p = pickPlace({ '11': 1, '12': 2, '13': 3 }, '13', 1);
    expect(p).toEqual({ '11': 3, '12': 2, '13': 1 });
    expect(pickPlace({ '11': 1 }, '12', 1)).toEqual({ '12': 1 });
  });
});
