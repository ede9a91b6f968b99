/** One round of the live running order, and the list's shape while it loads. */
import { Link } from '../../components/Link.tsx';
import { roundStateStyles } from '../../shared/roundStates.ts';
import { LevelIcon } from './LevelIcon.tsx';
import { PUBLIC_STATE_KEY, publicState, startTime, STATE, stateName, type LiveItem } from './liveLogic.ts';
import { rowId, roundPath } from './liveLogic.ts';
import type { ClockFormat } from '../../../domain/time.ts';
import { useLocale, useT } from '../../i18n/locale.ts';
import { roundLabel, sportText } from '../../../domain/i18n/sport.ts';
import { liveText } from './text.ts';

export function ScheduleRow({
  item,
  timeZone,
  clock,
  withDay,
  isCurrent,
  isRelated,
  isYours,
  showIndex,
  showLevel,
  floor,
}: {
  item: LiveItem;
  timeZone: string;
  clock: ClockFormat;
  withDay: boolean;
  isCurrent: boolean;
  isRelated: boolean;
  isYours: boolean;
  showIndex: boolean;
  showLevel: boolean;
  /** The floor's name, when the page follows several floors. */
  floor?: string | undefined;
}) {
  const t = useT(liveText);
  const sport = useT(sportText);
  const locale = useLocale();
  const state = stateName(item.roundState);
  const shown = publicState(item);
  const colours = roundStateStyles[shown];
  const time = startTime(item, timeZone, withDay, clock, t, locale);
  const posted = item.roundState === STATE.Posted && item.kind === 'round';
  const title = (
    <>
      <span className="live-row-event">{item.eventName}</span>
      {item.kind === 'round' && <span className="live-row-round">{roundLabel(sport, item.roundName)}</span>}
    </>
  );
  return (
    <li
      id={rowId(item.roundId)}
      className="live-row"
      data-state={state}
      data-current={isCurrent || undefined}
      data-related={isRelated || undefined}
      data-yours={isYours || undefined}
      aria-current={isCurrent ? 'true' : undefined}
      data-testid="live-row"
    >
      <span
        className="live-row-time"
        data-kind={time.kind}
        data-late={time.late || undefined}
        title={time.label}
      >
        <span className="live-sr">{time.label}</span>
        <span aria-hidden="true">
          {time.day && <span className="live-row-day">{time.day}</span>}
          {time.instant ? (
            <time className="live-row-clock" dateTime={time.instant}>
              {time.time}
            </time>
          ) : (
            <span className="live-row-clock">{time.time}</span>
          )}
          {time.kind === 'estimated' && (
            <span className="live-row-est">{time.lateWords ?? t('row.estimated')}</span>
          )}
          {time.kind === 'started' && <span className="live-row-est">{t('row.started')}</span>}
          {time.kind === 'danced' && <span className="live-row-est">{t('row.danced')}</span>}
        </span>
      </span>
      <span className="live-row-main">
        <span className="live-row-line">
          {showIndex && <span className="live-row-index">#{item.scheduleIndex}</span>}
          {showLevel && item.kind === 'round' && <LevelIcon level={item.level} />}
          {posted ? (
            <Link to={roundPath(item)} className="live-row-link">
              {title}
            </Link>
          ) : (
            <span className="live-row-title">{title}</span>
          )}
        </span>
        <span className="live-row-tags">
          <span
            className="live-state"
            style={{ background: colours.background, color: colours.color, borderColor: colours.border }}
          >
            {t(PUBLIC_STATE_KEY[shown])}
          </span>
          {posted && (
            <Link to={roundPath(item)} className="live-results-link" aria-hidden="true" tabIndex={-1}>
              {t('row.results')}
            </Link>
          )}
          {floor && <span className="live-tag live-tag-floor">{floor}</span>}
          {isYours && <span className="live-tag live-tag-yours">{t('row.yours')}</span>}
          {isRelated && <span className="live-tag">{t('row.sameEvent')}</span>}
        </span>
      </span>
    </li>
  );
}

/** The list's shape while it loads, so nothing jumps when the data arrives. */
export function ScheduleSkeleton() {
  const t = useT(liveText);
  return (
    <div aria-busy="true" aria-label={t('loading.schedule')}>
      <p className="live-loading">{t('loading')}</p>
      <div className="live-now live-skeleton" style={{ height: 104 }} />
      <div className="live-skeleton" style={{ height: 124, margin: '16px 0' }} />
      {Array.from({ length: 6 }, (_, i) => (
        <div key={i} className="live-skeleton live-skeleton-row" />
      ))}
    </div>
  );
}
