import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { FloorChooser, useFollowedFloor } from '../../components/FloorChooser.tsx';
import { roundResultsQuery } from '../../api/queries/rounds.ts';
import type { EventView } from '../../api/types.ts';
import { ErrorNotice } from '../../components/ErrorNotice.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { isRunningLate } from '../../../domain/schedule.ts';
import { FeedState } from './FeedState.tsx';
import { useLiveDay, type BoardClock } from './useLiveDay.ts';
import { byNumber, startTime } from './liveLogic.ts';
import { danceLine, floorBoard, nextRoundName, type DisplayItem, type FloorBoard } from './displayLogic.ts';
import './display.css';
import { LocaleScope, useLocale, useT } from '../../i18n/locale.ts';
import { danceLabel, placeLabel, roundLabel, sportText } from '../../../domain/i18n/sport.ts';
import { liveText } from './text.ts';
import { displayText } from './display/text.ts';
import { projectorLocale } from './projectorLocale.ts';

/**
 * /live/display?floor=…: the screen in the ballroom. For one floor, or every floor side
 * by side: what is on the floor now, what comes next, and the last posted result — recalled numbers or
 * placings — in type read from the back of the room. Follows the change feed; no controls but full
 * screen.
 */
export default function DisplayPage() {
  const day = useLiveDay();
  // The screen speaks the competition's language, whatever the device that drives it.
  return (
    <LocaleScope locale={projectorLocale(day.competition)}>
      <DisplayBoard day={day} />
    </LocaleScope>
  );
}

function DisplayBoard({ day }: { day: ReturnType<typeof useLiveDay> }) {
  const t = useT(liveText);
  const td = useT(displayText);
  const locale = useLocale();
  const { competition, key, settings, schedule, events, clock } = day;

  // The schedule's floors carry how late each runs; they are the competition's floors, in order.
  const floorList = useMemo(() => schedule?.floors ?? [], [schedule]);
  const floors = useMemo(() => floorList.map((f) => f.name), [floorList]);
  // ?floor= as every screen that follows a floor reads it; none (or a name not a floor): every floor.
  const { floor, setFloor } = useFollowedFloor(floors);
  usePageTitle(floor ? td('display.titleFloor', { floor }) : td('display.title'));
  const shown = useMemo(() => (floor !== null ? [floor] : floors), [floor, floors]);
  const items = useMemo(() => schedule?.items ?? [], [schedule]);
  const boards = useMemo(() => shown.map((f) => floorBoard(items, floorList, f)), [shown, items, floorList]);

  const ready = schedule !== undefined && competition !== undefined && settings !== undefined;

  let body;
  if (day.error && !schedule) body = <ErrorNotice error={day.error} onRetry={() => void day.refetch()} />;
  else if (!ready) body = <p className="display-quiet">{t('loading')}</p>;
  else
    body = (
      <div className="display-floors">
        {boards.map((b) => (
          <FloorPanel
            key={b.floor}
            board={b}
            items={items}
            events={events}
            competitionKey={key}
            named={shown.length > 1 || floors.length > 1}
            hideSchedule={settings.hideLiveSchedule}
            clock={clock}
          />
        ))}
      </div>
    );

  return (
    // `lang`: the screen's language may not be the page's (<html lang> is the device's).
    <div className={`display${shown.length > 1 ? ' display-many' : ''}`} lang={locale}>
      <div className="display-head">
        {/* The one h1: what the screen is, with the competition's name. */}
        <h1 className="display-competition">{competition?.fullName ?? td('display.title')}</h1>
        <span className="display-head-side">
          <FeedState state={day.feed} />
          {!day.projector && (
            <>
              <FloorChooser floors={floors} floor={floor} onChange={setFloor} className="display-chooser" />
              <button type="button" className="display-button" onClick={day.toggleProjector}>
                {t('fullScreen')}
              </button>
            </>
          )}
        </span>
      </div>
      {body}
    </div>
  );
}

function FloorPanel({
  board,
  items,
  events,
  competitionKey,
  named,
  hideSchedule,
  clock,
}: {
  board: FloorBoard;
  items: readonly DisplayItem[];
  events: EventView[] | undefined;
  competitionKey: string | undefined;
  /** The competition has several floors: say which one this is. */
  named: boolean;
  /** The organizers do not show the running order to the public (results still show). */
  hideSchedule: boolean;
  clock: BoardClock;
}) {
  const t = useT(liveText);
  const td = useT(displayText);
  const sport = useT(sportText);
  const locale = useLocale();
  const { now, next, posted } = board;
  return (
    <section
      className="display-floor"
      aria-label={named ? board.floor : td('display.theFloor')}
      data-floor={board.floor}
    >
      {named && <h2 className="display-floor-title">{board.floor}</h2>}
      {!hideSchedule && (
        <>
          <div className="display-now" data-testid="display-now" aria-live="polite">
            <h2 className="display-label">{t('now.title')}</h2>
            {now.length === 0 ? (
              <p className="display-quiet">{td('display.nothing')}</p>
            ) : (
              now.map((i) => (
                <div key={i.roundId} className="display-now-round">
                  <div className="display-event">{i.eventName}</div>
                  {i.kind === 'round' && (
                    <div className="display-round">{roundLabel(sport, i.roundName)}</div>
                  )}
                  <div className="display-dances">{danceLine(i, (d) => danceLabel(sport, d), t)}</div>
                </div>
              ))
            )}
          </div>
          <div className="display-next" data-testid="display-next">
            <h2 className="display-label">{td('display.next')}</h2>
            {isRunningLate(board.minutesLate) && (
              <p className="display-late">{td('display.late', { minutes: board.minutesLate })}</p>
            )}
            {next ? (
              <p className="display-next-round">
                <span className="display-next-event">
                  {next.kind === 'round'
                    ? t('eventRound', { event: next.eventName, round: roundLabel(sport, next.roundName) })
                    : next.eventName}
                </span>
                <span className="display-next-time">
                  {startTime(next, clock.timeZone, clock.withDay, clock.clock, t, locale).label}
                </span>
              </p>
            ) : (
              <p className="display-quiet">{td('display.nothingMore')}</p>
            )}
          </div>
        </>
      )}
      <div className="display-result" data-testid="display-result" aria-live="polite">
        {posted && (
          <PostedResult
            posted={posted}
            items={items}
            event={events?.find((e) => e.key === posted.eventKey)}
            competitionKey={competitionKey}
          />
        )}
      </div>
    </section>
  );
}

/** The last posted round of the floor: the couples recalled to the next round, or the placings. */
function PostedResult({
  posted,
  items,
  event,
  competitionKey,
}: {
  posted: DisplayItem;
  items: readonly DisplayItem[];
  event: EventView | undefined;
  competitionKey: string | undefined;
}) {
  const t = useT(liveText);
  const td = useT(displayText);
  const sport = useT(sportText);
  const { data: result } = useQuery(roundResultsQuery(competitionKey, posted));
  const names = new Map(event?.entries.map((e) => [String(e.leadNumber), `${e.leadName} & ${e.followName}`]));
  const title = t('eventRound', { event: posted.eventName, round: roundLabel(sport, posted.roundName) });
  // Nothing until the result is there (or when it was taken back): no half-drawn list on the screen.
  if (!result) return null;
  if (result.kind === 'recall') {
    const recalled = [...result.recalled].sort(byNumber);
    const to = nextRoundName(items, posted);
    return (
      <>
        <h2 className="display-label">{td('display.results', { title })}</h2>
        <p className="display-result-title">
          {to
            ? td('display.recalledTo', { count: recalled.length, round: roundLabel(sport, to) })
            : td('display.recalled', { count: recalled.length })}
        </p>
        <ul className="display-numbers" data-testid="display-recalled">
          {recalled.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
      </>
    );
  }
  const places = Object.entries(result.placements).sort(([a, pa], [b, pb]) => pa - pb || byNumber(a, b));
  return (
    <>
      <h2 className="display-label">{td('display.results', { title })}</h2>
      <ol className="display-placings" data-testid="display-placings">
        {places.map(([couple, place]) => (
          <li key={couple}>
            <span className="display-place">{placeLabel(sport, place)}</span>
            <span className="display-number">{couple}</span>
            <span className="display-names two-lines">{names.get(couple) ?? ''}</span>
          </li>
        ))}
      </ol>
    </>
  );
}
