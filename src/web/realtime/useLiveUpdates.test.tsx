// @vitest-environment jsdom
import '../test/setup.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLiveUpdates } from './useLiveUpdates.ts';
import * as endpoints from '../../domain/schemas/endpoints.ts';
import { call } from '../api/client.ts';
import { FakeEventSource } from '../test/fakeEventSource.ts';

function setup(key: string | undefined) {
  const client = new QueryClient();
  const invalidated: unknown[][] = [];
  vi.spyOn(client, 'invalidateQueries').mockImplementation(async (filters) => {
    invalidated.push([...(filters?.queryKey ?? [])]);
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const hook = renderHook(({ k }: { k: string | undefined }) => useLiveUpdates(k), {
    wrapper,
    initialProps: { k: key },
  });
  return { hook, invalidated, client, wrapper };
}

describe('useLiveUpdates', () => {
  beforeEach(() => {
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('opens the competition stream and says live once it is open', () => {
    const { hook } = setup('vss24');
    expect(FakeEventSource.instances).toHaveLength(1);
    expect(FakeEventSource.instances[0]!.url).toBe('/api/v1/competitions/vss24/stream');
    expect(hook.result.current).toBe('connecting');
    act(() => FakeEventSource.instances[0]!.open());
    expect(hook.result.current).toBe('live');
  });

  it('reads everything once when the stream opens: what the page read before may be older', () => {
    const { invalidated } = setup('vss24');
    expect(invalidated).toEqual([]);
    act(() => FakeEventSource.instances[0]!.open());
    expect(invalidated).toEqual([['vss24']]);
  });

  it('refreshes the changed topic and the dashboard on a change message (and a mirrored line, feed.test.ts)', () => {
    const { invalidated } = setup('vss24');
    const source = FakeEventSource.instances[0]!;
    act(() => source.open());
    invalidated.length = 0;
    act(() => source.send('change', '{"topic":"events","version":3}'));
    expect(invalidated).toEqual([
      ['vss24', 'events'],
      ['vss24', 'dashboard'],
      ['vss24', 'competition', 'mirror'],
    ]);
  });

  it('refreshes everything on reset and after a reconnect, and shows reconnecting meanwhile', () => {
    const { hook, invalidated } = setup('vss24');
    const source = FakeEventSource.instances[0]!;
    act(() => source.open());
    invalidated.length = 0;
    act(() => source.send('reset', '{}'));
    expect(invalidated).toEqual([['vss24']]);

    act(() => source.fail(FakeEventSource.CONNECTING));
    expect(hook.result.current).toBe('reconnecting');
    act(() => source.open());
    expect(hook.result.current).toBe('live');
    expect(invalidated).toEqual([['vss24'], ['vss24']]);
  });

  it('opens a new stream after a pause when the browser gives up on one', () => {
    vi.useFakeTimers();
    const { hook, invalidated } = setup('vss24');
    const first = FakeEventSource.instances[0]!;
    act(() => first.open());
    invalidated.length = 0;
    act(() => first.fail(FakeEventSource.CLOSED));
    expect(hook.result.current).toBe('reconnecting');
    expect(FakeEventSource.instances).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1000));
    expect(FakeEventSource.instances).toHaveLength(2);
    act(() => FakeEventSource.instances[1]!.open());
    expect(hook.result.current).toBe('live');
    expect(invalidated).toEqual([['vss24']]);
  });

  it('shares one stream between components and closes it when the last one unmounts', () => {
    const a = setup('vss24');
    const b = renderHook(() => useLiveUpdates('vss24'), { wrapper: a.wrapper });
    expect(FakeEventSource.instances).toHaveLength(1);
    a.hook.unmount();
    expect(FakeEventSource.instances[0]!.closed).toBe(false);
    b.unmount();
    expect(FakeEventSource.instances[0]!.closed).toBe(true);
  });

  it('waits for a competition key and follows a change of key', () => {
    const { hook } = setup(undefined);
    expect(hook.result.current).toBeUndefined();
    expect(FakeEventSource.instances).toHaveLength(0);
    hook.rerender({ k: 'demo' });
    expect(FakeEventSource.instances.map((s) => s.url)).toEqual(['/api/v1/competitions/demo/stream']);
    hook.rerender({ k: 'vss24' });
    expect(FakeEventSource.instances[0]!.closed).toBe(true);
    expect(FakeEventSource.instances[1]!.url).toBe('/api/v1/competitions/vss24/stream');
  });

  it('reopens the stream after a sign-in, so staff topics reach a screen opened as the public', async () => {
    const { invalidated } = setup('vss24');
    act(() => FakeEventSource.instances[0]!.open());
    vi.stubGlobal('fetch', async () => new Response('{"official":{}}', { status: 200 }));
    await act(async () => {
      await call(endpoints.postOfficialsSession, { key: 'vss24', officialId: 7 }, { code: 'ABCDEFG' });
    });
    expect(FakeEventSource.instances).toHaveLength(2);
    expect(FakeEventSource.instances[0]!.closed).toBe(true);
    // Once the new stream is open, everything is read again with the new session.
    act(() => FakeEventSource.instances[1]!.open());
    expect(invalidated).toContainEqual(['vss24']);
    // A refused code changes nothing.
    vi.stubGlobal(
      'fetch',
      async () => new Response('{"error":{"code":"bad_code","message":"no"}}', { status: 401 }),
    );
    await act(async () => {
      await call(endpoints.postOfficialsSession, { key: 'vss24', officialId: 7 }, { code: 'WRONG12' }).catch(
        () => undefined,
      );
    });
    expect(FakeEventSource.instances).toHaveLength(2);
  });
});
