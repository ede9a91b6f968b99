import { describe, expect, it } from 'vitest';
import { feedTopics } from '../../domain/schemas/competition.ts';
import { keysToInvalidate, parseChange, retryDelayMs, topics } from './feed.ts';

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
