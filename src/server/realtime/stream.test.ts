import { describe, expect, it } from 'vitest';
import { readEvents, useTestServer } from '../test/harness.ts';
import { followFeed } from './follow.ts';

const { s, admin } = useTestServer({ admin: true });
const streamUrl = () => `${s.url}/api/v1/competitions/demo/stream`;
const changes = (evs: { event: string; data: string }[]) =>
  evs.filter((e) => e.event === 'change').map((e) => JSON.parse(e.data));

describe('change feed', () => {
  it('sends a new page a change published while its stream starts (issue 13: the chairman never saw a round start)', async () => {
    const { id } = await s.db
      .selectFrom('competitions')
      .select('id')
      .where('key', '=', 'demo')
      .executeTakeFirstOrThrow();
    for (let attempt = 0; attempt < 20; attempt++) {
      const frames: string[] = [];
      // The round start's publish is under way (its row is being written) as the page's stream
      // subscribes: its row lands before the stream reads the latest id for `hello`.
      const published = s.app.feed.publish(id, 'schedule');
      const stop = await followFeed(s.app.feed, {
        competitionId: id,
        lastEventId: undefined,
        allowed: () => true,
        write: (text) => frames.push(text),
      });
      await published;
      stop();
      const text = frames.join('');
      expect(text, `attempt ${attempt}`).toMatch(/^id: (\d+)\nevent: hello\n/);
      const hello = Number(/^id: (\d+)/.exec(text)![1]);
      const change = /id: (\d+)\nevent: change\ndata: \{"topic":"schedule"/.exec(text);
      expect(change, `attempt ${attempt}: the change was not sent`).not.toBeNull();
      expect(Number(change![1])).toBeGreaterThan(hello);
    }
  });

  it('tells an open page within a second that setup changed', async () => {
    let sentAt = 0;
    const events = await readEvents(streamUrl(), {
      until: (evs) => changes(evs).some((c) => c.topic === 'competition'),
      onOpen: async () => {
        sentAt = Date.now();
        await admin.patch('/api/v1/competitions/demo', { fullName: 'Live Edit Classic' });
      },
    });
    expect(events[0]?.event).toBe('hello');
    const got = changes(events);
    expect(got).toEqual([expect.objectContaining({ topic: 'competition' })]);
    expect(Date.now() - sentAt).toBeLessThan(1000);
  });

  it('replays what a reconnecting client missed (Last-Event-ID)', async () => {
    const first = await readEvents(streamUrl(), { until: (evs) => evs.length > 0 });
    const lastId = first[0]!.id!;
    await admin.put('/api/v1/competitions/demo/settings/events', { hideLevelIcons: true });
    await admin.patch('/api/v1/competitions/demo', { paymentTierLate: 55 });
    const replay = await readEvents(streamUrl(), {
      lastEventId: lastId,
      until: (evs) => changes(evs).length >= 2,
    });
    expect(changes(replay).map((c) => c.topic)).toEqual(['settings', 'competition']);
    const ids = replay.filter((e) => e.event === 'change').map((e) => Number(e.id));
    expect(ids[0]).toBeGreaterThan(Number(lastId));
    expect(ids[1]).toBeGreaterThan(ids[0]!);
  });

  it('carries marks only to staff', async () => {
    const competitionId = (
      await s.db.selectFrom('competitions').select('id').where('key', '=', 'demo').executeTakeFirstOrThrow()
    ).id;
    const publish = async () => {
      await s.app.feed.publish(competitionId, 'marks');
      await s.app.feed.publish(competitionId, 'schedule');
    };
    const [pub, staff] = await Promise.all([
      readEvents(streamUrl(), {
        until: (evs) => changes(evs).some((c) => c.topic === 'schedule'),
        onOpen: () => new Promise((r) => setTimeout(r, 100)),
      }),
      readEvents(streamUrl(), {
        cookie: admin.cookie,
        until: (evs) => changes(evs).some((c) => c.topic === 'schedule'),
        onOpen: async () => {
          await new Promise((r) => setTimeout(r, 150));
          await publish();
        },
      }),
    ]);
    expect(changes(staff).map((c) => c.topic)).toEqual(['marks', 'schedule']);
    expect(changes(pub).map((c) => c.topic)).toEqual(['schedule']);
    // Nor does a public client get marks by replaying.
    const replay = await readEvents(streamUrl(), { lastEventId: '0', until: () => false, timeoutMs: 500 });
    expect(changes(replay).map((c) => c.topic)).not.toContain('marks');
  });

  it('answers an unknown competition with 404', async () => {
    const res = await fetch(`${s.url}/api/v1/competitions/nope/stream`);
    expect(res.status).toBe(404);
  });
});
