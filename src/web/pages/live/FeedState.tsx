import type { LiveState } from '../../realtime/useLiveUpdates.ts';

/** Whether the page follows the feed, in words (the dot alone is not enough). */
export function FeedState({ state }: { state: LiveState | undefined }) {
  // Before the competition is known the line keeps its room, so nothing moves when it appears.
  if (state === undefined) return <span className="live-feed" aria-hidden="true" />;
  const text =
    state === 'live' ? 'updating live' : state === 'reconnecting' ? 'reconnecting…' : 'connecting…';
  return (
    <span className="live-feed" data-state={state}>
      <span className="live-feed-dot" aria-hidden="true" />
      {text}
    </span>
  );
}
