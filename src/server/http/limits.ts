/**
 * Network limits read once at start from the environment (README "Configuration"): proxy hops to
 * trust, open change-feed streams, and how long a request may take to arrive. Tests pass their own.
 */
import { readFileSync } from 'node:fs';

export interface NetLimits {
  /** Proxies in front of the server whose X-Forwarded-For entry is believed (0: none). */
  trustProxyHops: number;
  /** Open SSE streams one client address may hold. */
  streamsPerAddress: number;
  /** Open SSE streams in all. */
  streamsTotal: number;
  /** Connections the server accepts at once; new ones are dropped beyond it. */
  maxConnections: number;
  /** A request's body must arrive within this from its headers; else 408 and the socket is closed. */
  bodyTimeoutMs: number;
}

/** Assumed when the descriptor limit cannot be read (not Linux): the usual soft limit. */
const FALLBACK_FD_LIMIT = 1024;

/**
 * The process's open-file limit (the soft limit Node runs with; Node raises it to the hard limit
 * at start). Node has no getrlimit: Linux shows it in /proc/self/limits.
 */
export function fileDescriptorLimit(): number {
  try {
    const line = readFileSync('/proc/self/limits', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    const soft = line?.slice('Max open files'.length).trim().split(/\s+/)[0];
    if (soft === 'unlimited') return 1_048_576;
    const n = Number(soft);
    if (Number.isInteger(n) && n > 0) return n;
  } catch {
    // not Linux
  }
  return FALLBACK_FD_LIMIT;
}

function whole(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min)
    throw new Error(`${name} must be a whole number of at least ${min} (it is "${raw}").`);
  return n;
}

/**
 * The limits from the environment. Streams and connections stay well under the descriptor limit
 * (each is one descriptor; the database, static files and logs need theirs), so a flood of streams
 * gets 503s instead of starving every other request of descriptors (19,967 streams from
 * one client hit the limit and `/` failed).
 */
export function netLimits(env: NodeJS.ProcessEnv = process.env, fdLimit = fileDescriptorLimit()): NetLimits {
  const maxConnections = Math.max(64, Math.floor(fdLimit * 0.8) - 64);
  const streamsCeiling = Math.max(32, Math.floor(fdLimit / 2));
  const streamsTotal = Math.min(
    whole(env, 'PROMENADE_MAX_STREAMS', Math.min(10_000, streamsCeiling), 1),
    streamsCeiling,
  );
  return {
    // `1` was a yes/no before; now it is a number of hops, so `1` keeps its meaning for one proxy.
    trustProxyHops: whole(env, 'PROMENADE_TRUST_PROXY', 0, 0),
    streamsPerAddress: Math.min(whole(env, 'PROMENADE_MAX_STREAMS_PER_ADDRESS', 200, 1), streamsTotal),
    streamsTotal,
    maxConnections,
    bodyTimeoutMs: whole(env, 'PROMENADE_BODY_TIMEOUT_S', 120, 1) * 1000,
  };
}
