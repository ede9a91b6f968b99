import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link } from '../../components/Link.tsx';
import { ErrorNotice } from '../../components/ErrorNotice.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { FeedState } from './FeedState.tsx';
import { useLiveDay } from './useLiveDay.ts';
import {
  findCoupleRounds,
  otherRoundsOfEvent,
  parseCoupleNumber,
  scrollTarget,
  STATE,
  roundPath,
  rowId,
} from './liveLogic.ts';
import { LiveFrame } from './LiveFrame.tsx';
import './live.css';
import { OnTheFloor } from './OnTheFloor.tsx';
import { CoupleSearch } from './CoupleSearch.tsx';
import { ScheduleRow, ScheduleSkeleton } from './ScheduleRow.tsx';
import { FloorChooser, onFollowedFloor, useFollowedFloor } from '../../components/FloorChooser.tsx';
import { isRunningLate } from '../../../domain/schedule.ts';
import { useT } from '../../i18n/locale.ts';
import { roundLabel, sportText } from '../../../domain/i18n/sport.ts';
import { liveText } from './text.ts';
import { MirrorLine } from '../../components/mirror/MirrorLine.tsx';

/** Where a couple number typed on this device is kept (per competition). */
export const coupleStorageKey = (competitionKey: string) => `promenade.live.couple.${competitionKey}`;

/**
 * /live: the day's running order as it happens. What is on the floor comes first; the list scrolls
 * itself to the current round; a couple number highlights that couple's rounds. Everything refreshes
 * from the change feed, in place.
 */
export default function LivePage() {
  const t = useT(liveText);
  const sport = useT(sportText);
  usePageTitle(t('title'));
  const day = useLiveDay();
  const { competition, key, settings, schedule, events, clock } = day;
  const [coupleText, setCoupleText] = useCoupleNumber(key);

  const floorNames = useMemo(() => schedule?.floors.map((f) => f.name), [schedule]);
  const { floor, setFloor } = useFollowedFloor(floorNames);
  const severalFloors = (floorNames?.length ?? 0) > 1;
  const items = useMemo(() => schedule?.items.filter(onFollowedFloor(floor)) ?? [], [schedule, floor]);
  const lateFloors = (schedule?.floors ?? []).filter(
    (f) => onFollowedFloor(floor)({ floor: f.name }) && isRunningLate(f.minutesLate),
  );
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
    () => (coupleNumber !== null && events ? findCoupleRounds(events, coupleNumber) : null),
    [events, coupleNumber],
  );

  const ready = schedule !== undefined && settings !== undefined && competition !== undefined;
  const hidden = settings?.hideLiveSchedule === true;
  useAutoScroll(ready && !hidden ? current?.roundId : undefined, day.projector);

  const running = items.filter((i) => i.roundState === STATE.Running);

  let body: ReactNode;
  if (day.error && !schedule) {
    body = <ErrorNotice error={day.error} onRetry={() => void day.refetch()} />;
  } else if (!ready) {
    body = <ScheduleSkeleton />;
  } else if (hidden) {
    const posted = items.filter((i) => i.roundState === STATE.Posted && i.kind === 'round');
    body = (
      <>
        <p className="live-message" role="status">
          {t('hidden.message')}
        </p>
        {posted.length > 0 && (
          <section aria-labelledby="live-posted">
            <h2 id="live-posted" className="live-h2">
              {t('hidden.posted')}
            </h2>
            <ul className="live-links">
              {posted.map((i) => (
                <li key={i.roundId}>
                  <Link to={roundPath(i)}>
                    {t('eventRound', { event: i.eventName, round: roundLabel(sport, i.roundName) })}
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
        <FloorChooser floors={floorNames} floor={floor} onChange={setFloor} className="live-floor-chooser" />
        {lateFloors.map((f) => (
          <p key={f.name} className="live-late" role="status" data-testid="floor-late">
            {severalFloors
              ? t('late.floor', { floor: f.name, minutes: f.minutesLate })
              : t('late.day', { minutes: f.minutesLate })}
          </p>
        ))}
        <OnTheFloor running={running} next={current} {...clock} />
        <CoupleSearch value={coupleText} onChange={setCoupleText} couple={couple} />
        {items.length === 0 ? (
          <p className="live-message">
            {floor !== null && (schedule?.items.length ?? 0) > 0
              ? t('empty.floor', { floor })
              : t('empty.day')}
          </p>
        ) : (
          <ol className="live-schedule" aria-label={t('runningOrder')}>
            {items.map((item) => (
              <ScheduleRow
                key={item.roundId}
                item={item}
                {...clock}
                isCurrent={item.roundId === current?.roundId}
                isRelated={related.has(item.roundId)}
                isYours={couple?.rounds.has(item.roundId) === true}
                showIndex={settings.showScheduleIndex}
                showLevel={!settings.hideLevelIcons}
                floor={severalFloors && floor === null ? item.floor : undefined}
              />
            ))}
          </ol>
        )}
      </>
    );
  }

  return (
    <LiveFrame
      projector={day.projector}
      onToggleProjector={day.toggleProjector}
      title={
        <>
          <Link to="/" className="live-competition">
            {competition?.fullName ?? t('loading')}
          </Link>
          <h1>
            {t('title')} <FeedState state={day.feed} />
          </h1>
        </>
      }
    >
      <MirrorLine />
      {body}
    </LiveFrame>
  );
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
