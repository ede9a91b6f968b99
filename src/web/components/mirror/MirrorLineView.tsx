import type { MirrorStatus } from '../../../domain/schemas/mirror.ts';
import { DEFAULT_CLOCK, formatTimeWithSeconds } from '../../../domain/time.ts';
import { useCompetition } from '../../api/queries/competition.ts';
import { useLocale, useT } from '../../i18n/locale.ts';
import { mirrorText } from './text.ts';
import './mirror.css';

/**
 * The words of MirrorLine for a mirrored competition: "Live from the venue · updated 12:03:41" (the
 * competition's wall clock), or a calm notice while the venue is offline; the venue's name in the title.
 */
export default function MirrorLineView({ mirror }: { mirror: MirrorStatus }) {
  const t = useT(mirrorText);
  const locale = useLocale();
  const { competition } = useCompetition();
  // The time is the competition's wall clock: wait for it rather than show another zone's.
  if (!competition) return null;
  const title = mirror.venue ? t('venue', { venue: mirror.venue }) : undefined;
  if (mirror.state === 'offline')
    return (
      <p className="mirror-line" data-state="offline" role="status" title={title}>
        {t('offline')}
      </p>
    );
  const time =
    mirror.updatedAt &&
    formatTimeWithSeconds(mirror.updatedAt, competition.timeZone, competition.clock ?? DEFAULT_CLOCK, locale);
  return (
    <p className="mirror-line" data-state="live" title={title}>
      <span className="mirror-line-dot" aria-hidden="true" />
      {time ? t('live', { time }) : t('live.noTime')}
    </p>
  );
}
