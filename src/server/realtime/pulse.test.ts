import { describe, expect, it } from 'vitest';
import { Client, readEvents, useTestServer } from '../test/harness.ts';
import type { Change } from './feed.ts';
import { PublicPulse } from './pulse.ts';

const change = (id: number, topic: Change['topic'], competitionId = 1): Change => ({
  id,
  publicSeq: id,
  competitionId,
  topic,
  staffOnly: false,
});

/** A pulse (gathering for `gatherMs`) with every notice it sends, in order. */
function listenedPulse(gatherMs: number): { pulse: PublicPulse; notices: Change[][] } {
  const pulse = new PublicPulse(gatherMs);
  const notices: Change[][] = [];
  pulse.subscribe((changes) => notices.push(changes));
  return { pulse, notices };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('PublicPulse', () => {
  it('announces a change after a quiet spell at once, and a burst once, with the newest of each topic', async () => {
    const { pulse, notices } = listenedPulse(150);
    // A command's topics arrive one by one and go out together, on the next turn.
    pulse.push([change(1, 'events')]);
    pulse.push([change(2, 'competition')]);
    expect(pulse.announced(1)).toBe(0); // both still on their way
    await sleep(20);
    expect(notices).toEqual([[change(1, 'events'), change(2, 'competition')]]);

    for (let id = 3; id < 40; id++) pulse.push([change(id, id % 2 ? 'events' : 'competition')]);
    pulse.push([change(40, 'marks')]); // staff only: never public
    expect(notices).toHaveLength(1);
    // The newest of each topic (38, 39) waits for the notice: a new stream must not claim to have them
    // (the older ones of those topics come with them).
    expect(pulse.announced(1)).toBe(37);
    await sleep(250);
    expect(notices).toEqual([notices[0], [change(38, 'competition'), change(39, 'events')]]);
    expect(pulse.announced(1)).toBe(39);
    pulse.close();
  });

  it('announces results and the running order at once, with what was gathered before them', async () => {
    const { pulse, notices } = listenedPulse(10_000);
    pulse.push([change(1, 'events')]);
    await sleep(20);
    pulse.push([change(2, 'events')]); // gathered: the last notice was just now
    pulse.push([change(3, 'competition')]);
    expect(notices).toHaveLength(1);
    pulse.push([change(4, 'results')]); // the post of a round: at once, after the gathered ones
    expect(notices).toEqual([
      [change(1, 'events')],
      [change(2, 'events'), change(3, 'competition'), change(4, 'results')],
    ]);
    pulse.push([change(5, 'schedule')]);
    expect(notices.at(-1)).toEqual([change(5, 'schedule')]);
    pulse.close();
  });

  it('sends a notice once its preparers are done, in order, and a new stream never claims what is being prepared', async () => {
    const { pulse, notices } = listenedPulse(10_000);
    let finish!: () => void;
    const prepared: number[] = [];
    pulse.prepareWith((competitionId, changes) => {
      if (competitionId !== 1) return null; // nothing kept for competition 2
      prepared.push(...changes.map((c) => c.id));
      return new Promise<void>((resolve) => (finish = resolve));
    });
    pulse.push([change(1, 'results')]);
    expect(prepared).toEqual([1]);
    expect(notices).toEqual([]); // waits for the rebuild
    expect(pulse.announced(1)).toBe(0); // a stream opened now must still be sent change 1
    pulse.push([change(2, 'schedule')]); // due at once, but after the notice being prepared
    pulse.push([change(3, 'results', 2)]); // another competition: nothing to prepare, out at once
    expect(notices).toEqual([[change(3, 'results', 2)]]);
    finish();
    await sleep(0);
    expect(prepared).toEqual([1, 2]);
    finish();
    await sleep(0);
    expect(notices).toEqual([[change(3, 'results', 2)], [change(1, 'results')], [change(2, 'schedule')]]);
    expect(pulse.announced(1)).toBe(2);
    pulse.close();
  });

  it('sends the notice after a second even when its preparation has not finished', async () => {
    const { pulse, notices } = listenedPulse(0);
    pulse.prepareWith(() => new Promise<void>(() => {})); // never done
    pulse.push([change(1, 'events')]);
    await sleep(900);
    expect(notices).toEqual([]);
    await sleep(250);
    expect(notices).toEqual([[change(1, 'events')]]);
    pulse.close();
  });

  it('keeps competitions apart', async () => {
    const { pulse, notices } = listenedPulse(10_000);
    pulse.push([change(1, 'events', 1)]);
    pulse.push([change(2, 'events', 2)]);
    await sleep(20);
    expect(notices).toEqual([[change(1, 'events', 1)], [change(2, 'events', 2)]]);
    pulse.close();
  });
});

describe('a burst of public changes (registration flood)', () => {
  const { s, admin } = useTestServer({ admin: true, publicPulseMs: 400 });
  const C = '/api/v1/competitions/demo';

  it('reaches a public page as a few notices, staff as every change, and every reader ends with the newest data', async () => {
    const names = Array.from({ length: 8 }, (_, i) => `Burst Classic ${i}`);
    const staffCookie = admin.cookie!;
    const edit = async () => {
      for (const fullName of names) expect((await admin.patch(C, { fullName })).status).toBe(200);
    };
    const stream = `${s.url}${C}/stream`;
    const done = (evs: { event: string; data: string }[]) =>
      evs.filter((e) => e.event === 'change').length >= names.length;
    // The edits start once both streams are open: a staff stream opened after the first edit would
    // never hear of it.
    let open = 0;
    let bothOpen!: () => void;
    const editing = new Promise<void>((resolve) => (bothOpen = resolve)).then(edit);
    const opened = async () => {
      if (++open === 2) bothOpen();
    };
    const [publicEvents, staffEvents] = await Promise.all([
      readEvents(stream, { until: done, timeoutMs: 2500, onOpen: opened }),
      // Staff hear of every change: read until the last one (on a loaded machine the edits take longer).
      readEvents(stream, { cookie: staffCookie, until: done, timeoutMs: 10_000, onOpen: opened }),
      editing,
    ]);
    const publicChanges = publicEvents.filter((e) => e.event === 'change');
    const staffChanges = staffEvents.filter((e) => e.event === 'change');
    expect(staffChanges.length).toBeGreaterThanOrEqual(names.length);
    // The first change at once, the rest gathered: 2–4 notices over the ~0.1–1 s the edits take.
    expect(publicChanges.length).toBeGreaterThanOrEqual(2);
    expect(publicChanges.length).toBeLessThan(names.length);
    // The public stream's numbers still rise, and its last notice is the last change.
    const ids = publicChanges.map((e) => Number(e.id));
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);

    // A reader reacting to the last notice sees the last edit.
    const anon = new Client(s.url);
    expect((await anon.get(C)).body.fullName).toBe(names.at(-1));
  });

  it('shows signed-in staff their own change at once, anonymous readers within one notice', async () => {
    const url = `${C}/events`;
    const anon = new Client(s.url);
    await sleep(450); // past the last notice: the next change is announced at once
    // A rename gives the event a new key: follow it.
    let key = ((await admin.get(`${C}/events`)).body as { key: string }[])[0]!.key;
    const rename = async (name: string) => {
      const res = await admin.patch(`${C}/events/${key}`, { name });
      expect(res.status).toBe(200);
      key = res.body.key;
    };
    await rename('First of the burst');
    // Announced at once: as soon as the kept answer is rebuilt (readCache.ts), well within the interval.
    await expect
      .poll(async () => (await anon.get(url)).body[0].name, { timeout: 300 })
      .toBe('First of the burst');
    await rename('Second of the burst'); // within the interval: gathered
    expect((await admin.get(url)).body[0].name).toBe('Second of the burst');
    const meanwhile = (await anon.get(url)).body[0].name;
    expect(['First of the burst', 'Second of the burst']).toContain(meanwhile);
    await sleep(450); // the notice has gone out
    expect((await anon.get(url)).body[0].name).toBe('Second of the burst');
  });
});
