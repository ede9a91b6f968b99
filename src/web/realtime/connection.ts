import type { QueryClient } from '@tanstack/react-query';
import { onSessionChange } from '../api/client.ts';
import {
  keysToInvalidate,
  mirrorToInvalidate,
  parseChange,
  retryDelayMs,
  streamUrl,
  type FeedSignal,
} from './feed.ts';

export type LiveState = 'connecting' | 'live' | 'reconnecting';

/**
 * One EventSource per competition, shared by every component that asks for it (reference counted),
 * so a screen that shows the connection state does not open a second stream.
 */
class FeedConnection {
  state: LiveState = 'connecting';
  private source: EventSource | null = null;
  private readonly clients = new Map<QueryClient, number>();
  private readonly listeners = new Set<() => void>();
  private users = 0;
  private retryAttempt = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly competitionKey: string) {}

  acquire(client: QueryClient): void {
    this.clients.set(client, (this.clients.get(client) ?? 0) + 1);
    this.users++;
    if (this.users === 1) this.open();
  }

  /** Returns true when nobody uses the connection any more (it is then closed). */
  release(client: QueryClient): boolean {
    const n = (this.clients.get(client) ?? 1) - 1;
    if (n <= 0) this.clients.delete(client);
    else this.clients.set(client, n);
    this.users--;
    if (this.users > 0) return false;
    this.close();
    return true;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getState = (): LiveState => this.state;

  private setState(state: LiveState): void {
    if (state === this.state) return;
    this.state = state;
    for (const listener of this.listeners) listener();
  }

  private invalidate(signal: FeedSignal): void {
    for (const client of this.clients.keys()) {
      for (const queryKey of keysToInvalidate(this.competitionKey, signal)) {
        void client.invalidateQueries({ queryKey });
      }
      const mirror = mirrorToInvalidate(this.competitionKey, signal);
      if (mirror) void client.invalidateQueries(mirror);
    }
  }

  private open(): void {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(streamUrl(this.competitionKey));
    this.source = source;
    source.addEventListener('open', () => {
      this.retryAttempt = 0;
      // A new stream carries only what is published from now on: whatever the page read before (its
      // first reads, or everything while it was interrupted or signing in) may already be older than
      // that, so it is read again once. From here on every change arrives on the stream.
      this.invalidate({ kind: 'everything' });
      this.setState('live');
    });
    source.addEventListener('change', (event) => {
      const message = parseChange((event as MessageEvent<string>).data);
      if (message) this.invalidate({ kind: 'change', topic: message.topic, version: message.version });
    });
    source.addEventListener('reset', () => this.invalidate({ kind: 'everything' }));
    source.addEventListener('error', () => {
      this.setState('reconnecting');
      // CONNECTING: the browser retries by itself (and sends Last-Event-ID). CLOSED: it gave up
      // (e.g. the server answered an error status), so we open a new stream after a pause.
      if (source.readyState === EventSource.CLOSED) {
        source.close();
        this.source = null;
        this.retryTimer = setTimeout(() => {
          this.retryTimer = null;
          if (this.users > 0) this.open();
        }, retryDelayMs(this.retryAttempt++));
      }
    });
  }

  /** The session changed: the stream must be reopened to carry what this session may see. */
  reopen(): void {
    if (this.users === 0) return;
    this.close();
    this.setState('reconnecting');
    this.open();
  }

  private close(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.source?.close();
    this.source = null;
  }
}

const connections = new Map<string, FeedConnection>();

export function acquireConnection(competitionKey: string, client: QueryClient): FeedConnection {
  let connection = connections.get(competitionKey);
  if (!connection) {
    connection = new FeedConnection(competitionKey);
    connections.set(competitionKey, connection);
  }
  connection.acquire(client);
  return connection;
}

export function releaseConnection(competitionKey: string, client: QueryClient): void {
  const connection = connections.get(competitionKey);
  if (connection?.release(client)) connections.delete(competitionKey);
}

onSessionChange(() => {
  for (const connection of connections.values()) connection.reopen();
});

export function peekConnection(competitionKey: string): FeedConnection | undefined {
  return connections.get(competitionKey);
}
