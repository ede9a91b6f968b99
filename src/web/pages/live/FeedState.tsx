import type { LiveState } from '../../realtime/useLiveUpdates.ts';
import { useT } from '../../i18n/locale.ts';
import { liveText } from './text.ts';

/** Whether the page follows the feed, in words (the dot alone is not enough). */
export function FeedState({ state }: { state: LiveState | undefined }) {
  const t = useT(liveText);
  // Before the competition is known the line keeps its room, so nothing moves when it appears.
  if (state === undefined) return <span className="live-feed" aria-hidden="true" />;
  const text =
    state === 'live'
      ? t('feed.live')
      : state === 'reconnecting'
        ? t('feed.reconnecting')
        : t('feed.connecting');
  return (
    <span className="live-feed" data-state={state}>
      <span className="live-feed-dot" aria-hidden="true" />
      {text}
    </span>
  );
}
