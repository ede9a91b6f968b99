import { describe, expect, it } from 'vitest';
import { fileDescriptorLimit, netLimits } from './limits.ts';

describe('network limits from the environment', () => {
  it('keeps streams and connections well under the descriptor limit, whatever is asked', () => {
    const l = netLimits({ PROMENADE_MAX_STREAMS: '50000', PROMENADE_MAX_STREAMS_PER_ADDRESS: '90000' }, 1024);
    expect(l.streamsTotal).toBe(512);
    expect(l.streamsPerAddress).toBe(512);
    expect(l.maxConnections).toBeLessThan(1024);
    expect(netLimits({}, 20_000)).toMatchObject({
      streamsTotal: 10_000,
      streamsPerAddress: 200,
      trustProxyHops: 0,
    });
  });

  it('reads the proxy hops as a number and refuses a setting it cannot read', () => {
    expect(netLimits({ PROMENADE_TRUST_PROXY: '2' }, 1024).trustProxyHops).toBe(2);
    expect(() => netLimits({ PROMENADE_TRUST_PROXY: 'true' }, 1024)).toThrow(/PROMENADE_TRUST_PROXY/);
    expect(() => netLimits({ PROMENADE_BODY_TIMEOUT_S: '0' }, 1024)).toThrow(/PROMENADE_BODY_TIMEOUT_S/);
  });

  it('reads this process descriptor limit', () => {
    expect(fileDescriptorLimit()).toBeGreaterThan(0);
  });
});
