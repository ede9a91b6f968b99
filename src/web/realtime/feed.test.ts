import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { feedTopics } from '../../domain/schemas/competition.ts';
import type { MirrorStatus } from '../../domain/schemas/mirror.ts';
import { keysToInvalidate, mirrorToInvalidate, parseChange, retryDelayMs, topics } from './feed.ts';

describe('keysToInvalidate', () => {
  it.each(feedTopics)(
    'a %s change refreshes that topic and the dashboard of that competition only',
    (topic) => {
      expect(keysToInvalidate('vss24', { kind: 'change', topic, version: 7 })).toEqual([
        ['vss24', topic],
        ['vss24', 'dashboard'],
      ]);
    },
  );

  it("a judge's mark does not refresh round results (no read of a result per mark)", () => {
    expect(keysToInvalidate('vss24', { kind: 'change', topic: 'marks', version: 7 })).not.toContainEqual([
      'vss24',
      'results',
      'round',
    ]);
  });

  it('a reset or reconnect refreshes everything of the competition', () => {
    expect(keysToInvalidate('demo', { kind: 'everything' })).toEqual([['demo']]);
  });
});

describe('mirrorToInvalidate', () => {
  const status = (over: Partial<MirrorStatus>): MirrorStatus => ({
    venue: null,
    state: 'own',
    updatedAt: null,
    contactAt: null,
    link: null,
    ...over,
  });
  /** Whether a `results` change marks the mirror's answer stale, for each answer it may hold. */
  async function staleAfterResults(data: MirrorStatus | null): Promise<boolean> {
    const client = new QueryClient();
    client.setQueryData(['vss24', 'competition', 'mirror'], data);
    client.setQueryData(['vss24', 'competition'], { key: 'vss24' });
    await client.invalidateQueries(
      mirrorToInvalidate('vss24', { kind: 'change', topic: 'results', version: 3 })!,
    );
    // The competition itself is not read again for a results change.
    expect(client.getQueryState(['vss24', 'competition'])?.isInvalidated).toBe(false);
    return client.getQueryState(['vss24', 'competition', 'mirror'])!.isInvalidated;
  }

  it('reads a mirrored competition\'s line again on every change (its "updated" time moves with each batch)', async () => {
    const t = '2026-11-21T17:03:41Z';
    expect(await staleAfterResults(status({ venue: 'Hall', state: 'live', updatedAt: t }))).toBe(true);
    expect(await staleAfterResults(status({ venue: 'Hall', state: 'offline', updatedAt: t }))).toBe(true);
  });

  it('leaves a competition run here alone, with or without a link: only `competition` reads it again', async () => {
    expect(await staleAfterResults(status({}))).toBe(false);
    const link = { state: 'connected' as const, since: '2026-11-21T17:00:00Z', behind: 0, behindSeconds: 0 };
    expect(await staleAfterResults(status({ link }))).toBe(false);
    expect(await staleAfterResults(null)).toBe(false);
    expect(mirrorToInvalidate('vss24', { kind: 'change', topic: 'competition', version: 3 })).toBeNull();
    expect(keysToInvalidate('vss24', { kind: 'change', topic: 'competition', version: 3 })).toContainEqual([
      'vss24',
      'competition',
    ]);
    expect(mirrorToInvalidate('vss24', { kind: 'everything' })).toBeNull();
  });
});

describe('parseChange', () => {
  it('knows exactly the topics of the shared schema', () => {
    expect([...topics].sort()).toEqual([...feedTopics].sort());
  });

  it('reads the topic and version of a change message', () => {
    expect(parseChange('{"topic":"results","version":42}')).toEqual({ topic: 'results', version: 42 });
  });

  it('ignores what is not a change of a known topic', () => {
    expect(parseChange('not json')).toBeNull();
    expect(parseChange('{}')).toBeNull();
    expect(parseChange('null')).toBeNull();
    expect(parseChange('{"topic":"secrets","version":1}')).toBeNull();
  });
});

describe('retryDelayMs', () => {
  it('backs off from 1 s to at most 30 s', () => {
    expect([0, 1, 2, 3, 10].map(retryDelayMs)).toEqual([1000, 2000, 4000, 8000, 30_000]);
  });
});
