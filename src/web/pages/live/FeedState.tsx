import { useQuery } from '@tanstack/react-query';
import type { LiveState } from '../../realtime/useLiveUpdates.ts';
import { mirrorQuery, useSiteKey } from '../../api/queries/competition.ts';
import { useT } from '../../i18n/locale.ts';
import { liveText } from './text.ts';

/**
 * Whether the page follows the feed, in words (the dot alone is not enough). On the public site, a
 * competition whose venue is offline is not updating live, however well this page is connected.
 */
export function FeedState({ state }: { state: LiveState | undefined }) {
  const t = useT(liveText);
  const { key } = useSiteKey();
  const { data: mirror } = useQuery(mirrorQuery(key));
  // Before the competition is known the line keeps its room, so nothing moves when it appears.
  if (state === undefined) return <span className="live-feed" aria-hidden="true" />;
  const shown = state === 'live' && mirror?.state === 'offline' ? 'waiting' : state;
  const text =
    shown === 'live'
      ? t('feed.live')
      : shown === 'waiting'
        ? t('feed.waiting')
        : shown === 'reconnecting'
          ? t('feed.reconnecting')
          : t('feed.connecting');
  return (
    <span className="live-feed" data-state={shown}>
      <span className="live-feed-dot" aria-hidden="true" />
      {text}
    </span>
  );
}
