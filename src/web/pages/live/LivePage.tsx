import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useCompetition, useEventSettings } from '../../api/queries/competition.ts';
import { useEvents } from '../../api/queries/events.ts';
import { ErrorNotice } from '../../components/ErrorNotice.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { useLiveUpdates } from '../../realtime/useLiveUpdates.ts';
import { FeedState } from './FeedState.tsx';
import { roundStateStyles } from '../../shared/roundStates.ts';
import { LevelIcon } from './LevelIcon.tsx';
import {
  findCoupleRounds,
  otherRoundsOfEvent,
  parseCoupleNumber,
  PUBLIC_STATE_LABEL,
  scrollTarget,
  spansDays,
  startTime,
  STATE,
  stateName,
  type CoupleRounds,
  type LiveItem,
} from './liveLogic.ts';
import { useSchedule } from '../../api/queries/schedule.ts';
import { useProjectorMode } from './useFullscreen.ts';
import './live.css';

/** The row's DOM id, so the page can scroll to it. */
export const rowId = (roundId: string) => `live-${roundId}`;

/** Where a couple number typed on this device is kept (per competition). */
export const coupleStorageKey = (competitionKey: string) => `promenade.live.couple.${competitionKey}`;

/**
 * /live: the day's running order as it happens. What is on the floor comes first; the list scrolls
 * itself to the current round; a couple number highlights that couple's rounds. Everything refreshes
 * from the change feed, in place.
 */
export default function LivePage() {
  usePageTitle('Live');
  const { competition, key } = useCompetition();
  const { settings } = useEventSettings();
  const { schedule, error, refetch } = useSchedule();
  const { events } = useEvents();
  const feed = useLiveUpdates(key);
  const { projector, toggleProjector } = useProjectorMode();
  const [coupleText, setCoupleText] = useCoupleNumber(key);

  const items = useMemo(() => schedule?.items ?? [], [schedule]);
  const current = useMemo(
    () => scrollTarget(items, settings?.liveScrollRefreshIndex ?? 0),
    [items, settings?.liveScrollRefreshIndex],
  );
  const related = useMemo(
    () => (settings?.highlightOtherRoundsInEvent ? otherRoundsOfEvent(items, current) : new Set<string>()),
    [items, current, settings?.highlightOtherRoundsInEvent],
  );
  const coupleNumber = parseCoupleNumber(coupleText);
  const couple = useMemo(
    // EventView leaves entries untyped; GET events sends leadNumber/names per entry (api.md).
    () =>
      coupleNumber !== null && events
        ? findCoupleRounds(events, coupleNumber)
        : null,
    [events, coupleNumber],
  );

  const ready = schedule !== undefined && settings !== undefined && competition !== undefined;
  const hidden = settings?.hideLiveSchedule === true;
  useAutoScroll(ready && !hidden ? current?.roundId : undefined, projector);

  const running = items.filter((i) => i.roundState === STATE.Running);
  const withDay = competition ? spansDays(competition.startDate, competition.endDate) : false;
  const timeZone = competition?.timeZone ?? 'UTC';

  let body: ReactNode;
  if (error && !schedule) {
    body = <ErrorNotice error={error} onRetry={() => void refetch()} />;
  } else if (!ready) {
    body = <ScheduleSkeleton />;
  } else if (hidden) {
    const posted = items.filter((i) => i.roundState === STATE.Posted && i.kind === 'round');
    body = (
      <>
        <p className="live-message" role="status">
          The organizers are not showing the running order here today. Listen for the announcements on the
          floor.
        </p>
        {posted.length > 0 && (
          <section aria-labelledby="live-posted">
            <h2 id="live-posted" className="live-h2">
              Posted results
            </h2>
            <ul className="live-links">
              {posted.map((i) => (
                <li key={i.roundId}>
                  <Link to={roundPath(i)}>
                    {i.eventName}, {i.roundName}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        )}
      </>
    );
  } else {
    body = (
      <>
        <OnTheFloor running={running} next={current} timeZone={timeZone} withDay={withDay} />
        <CoupleSearch value={coupleText} onChange={setCoupleText} couple={couple} />
        {items.length === 0 ? (
          <p className="live-message">
            No rounds are scheduled yet. The running order appears here once it is set.
          </p>
        ) : (
          <ol className="live-schedule" aria-label="Running order">
            {items.map((item) => (
              <ScheduleRow
                key={item.roundId}
                item={item}
                timeZone={timeZone}
                withDay={withDay}
                isCurrent={item.roundId === current?.roundId}
                isRelated={related.has(item.roundId)}
                isYours={couple?.rounds.has(item.roundId) === true}
                showIndex={settings.showScheduleIndex}
                showLevel={!settings.hideLevelIcons}
              />
            ))}
          </ol>
        )}
      </>
    );
  }

  return (
    <div className={`live-page${projector ? ' live-projector' : ''}`}>
      <div className="live-header">
        <div className="live-title">
          <Link to="/" className="live-competition">
            {competition?.fullName ?? 'Loading...'}
          </Link>
          <h1>
            Live <FeedState state={feed} />
          </h1>
        </div>
        <button type="button" className="live-button" onClick={toggleProjector} aria-pressed={projector}>
          {projector ? 'Exit full screen' : 'Full screen'}
        </button>
      </div>
      {body}
    </div>
  );
}

export function roundPath(item: Pick<LiveItem, 'eventKey' | 'roundNumber'>): string {
  return `/live/${encodeURIComponent(item.eventKey)}/${item.roundNumber}`;
}

/**
 * Scrolls the current round into view when it changes (first load, a new round on the floor, the
 * organizers moving the scroll index) and when projector mode changes the layout — never on other
 * updates, so a reader's own scrolling is left alone.
 */
function useAutoScroll(targetId: string | undefined, projector: boolean) {
  const done = useRef<string | null>(null);
  useEffect(() => {
    if (!targetId) return;
    const mark = `${targetId}|${projector}`;
    if (done.current === mark) return;
    const el = document.getElementById(rowId(targetId));
    if (!el) return;
    done.current = mark;
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? true;
    el.scrollIntoView?.({ block: 'center', behavior: reduce ? 'auto' : 'smooth' });
  }, [targetId, projector]);
}

/** The couple number typed on this device, remembered across visits. */
function useCoupleNumber(competitionKey: string | undefined): [string, (v: string) => void] {
  const [text, setText] = useState('');
  useEffect(() => {
    if (!competitionKey) return;
    try {
      setText(localStorage.getItem(coupleStorageKey(competitionKey)) ?? '');
    } catch {
      // Storage blocked (private mode): the search still works for this visit.
    }
  }, [competitionKey]);
  const update = (value: string) => {
    setText(value);
    if (!competitionKey) return;
    try {
      const n = parseCoupleNumber(value);
      if (n !== null) localStorage.setItem(coupleStorageKey(competitionKey), String(n));
      else if (value.trim() === '') localStorage.removeItem(coupleStorageKey(competitionKey));
    } catch {
      // See above.
    }
  };
  return [text, update];
}

function OnTheFloor({
  running,
  next,
  timeZone,
  withDay,
}: {
  running: LiveItem[];
  next: LiveItem | null;
  timeZone: string;
  withDay: boolean;
}) {
  return (
    <section className="live-now" aria-labelledby="live-now-title" aria-live="polite">
      <h2 id="live-now-title" className="live-now-title">
        On the floor now
      </h2>
      {running.length > 0 ? (
        <ul className="live-now-list">
          {running.map((r) => (
            <li key={r.roundId} data-testid="on-the-floor">
              <span className="live-now-event">{r.eventName}</span>
              <span className="live-now-round">{r.kind === 'round' ? r.roundName : ''}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="live-now-empty" data-testid="on-the-floor-empty">
          Nothing right now.
          {next && next.roundState !== STATE.Posted && (
            <>
              {' '}
              Next: {next.eventName}
              {next.kind === 'round' ? `, ${next.roundName}` : ''} ·{' '}
              {startTime(next, timeZone, withDay).label}
            </>
          )}
        </p>
      )}
    </section>
  );
}

function CoupleSearch({
  value,
  onChange,
  couple,
}: {
  value: string;
  onChange: (v: string) => void;
  couple: CoupleRounds | null;
}) {
  const typed = value.trim() !== '';
  let summary: ReactNode = 'Type your couple number to highlight your rounds.';
  if (typed && parseCoupleNumber(value) === null) summary = 'A couple number is digits only, like 112.';
  else if (couple && couple.events.size === 0)
    summary = `No couple ${couple.number} is entered in any event.`;
  else if (couple) {
    summary = (
      <>
        <strong>
          Couple {couple.number}
          {couple.names ? ` · ${couple.names}` : ''}
        </strong>
        : {couple.rounds.size} {couple.rounds.size === 1 ? 'round' : 'rounds'} marked “Your round”.
      </>
    );
  }
  return (
    <form className="live-search" role="search" onSubmit={(e) => e.preventDefault()}>
      <label htmlFor="live-couple">Your couple number</label>
      <div className="live-search-row">
        <input
          id="live-couple"
          className="live-input"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder="e.g. 112"
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
          aria-describedby="live-couple-summary"
        />
        {typed && (
          <button type="button" className="live-button" onClick={() => onChange('')}>
            Clear
          </button>
        )}
      </div>
      <p id="live-couple-summary" className="live-search-summary" aria-live="polite">
        {summary}
      </p>
    </form>
  );
}

function ScheduleRow({
  item,
  timeZone,
  withDay,
  isCurrent,
  isRelated,
  isYours,
  showIndex,
  showLevel,
}: {
  item: LiveItem;
  timeZone: string;
  withDay: boolean;
  isCurrent: boolean;
  isRelated: boolean;
  isYours: boolean;
  showIndex: boolean;
  showLevel: boolean;
}) {
  const state = stateName(item.roundState);
  const colours = roundStateStyles[state];
  const time = startTime(item, timeZone, withDay);
  const posted = item.roundState === STATE.Posted && item.kind === 'round';
  const title = (
    <>
      <span className="live-row-event">{item.eventName}</span>
      {item.kind === 'round' && <span className="live-row-round">{item.roundName}</span>}
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
      <span className="live-row-time" data-kind={time.kind} title={time.label}>
        <span className="live-sr">{time.label}</span>
        <span aria-hidden="true">
          {time.day && <span className="live-row-day">{time.day}</span>}
          <span className="live-row-clock">{time.time}</span>
          {time.kind === 'estimated' && <span className="live-row-est">estimated</span>}
          {time.kind === 'started' && <span className="live-row-est">started</span>}
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
            {PUBLIC_STATE_LABEL[state]}
          </span>
          {posted && (
            <Link to={roundPath(item)} className="live-results-link" aria-hidden="true" tabIndex={-1}>
              Results ›
            </Link>
          )}
          {isYours && <span className="live-tag live-tag-yours">Your round</span>}
          {isRelated && <span className="live-tag">Same event</span>}
        </span>
      </span>
    </li>
  );
}

/** The list's shape while it loads, so nothing jumps when the data arrives. */
function ScheduleSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading the running order">
      <p className="live-loading">Loading...</p>
      <div className="live-now live-skeleton" style={{ height: 104 }} />
      <div className="live-skeleton" style={{ height: 124, margin: '16px 0' }} />
      {Array.from({ length: 6 }, (_, i) => (
        <div key={i} className="live-skeleton live-skeleton-row" />
      ))}
    </div>
  );
}
