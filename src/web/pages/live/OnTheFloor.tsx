/** The live page's head: what is on the floor now, or what comes next. */
import { startTime, STATE, type LiveItem } from './liveLogic.ts';
import type { ClockFormat } from '../../../domain/time.ts';

export function OnTheFloor({
  running,
  next,
  timeZone,
  clock,
  withDay,
}: {
  running: LiveItem[];
  next: LiveItem | null;
  timeZone: string;
  clock: ClockFormat;
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
              {startTime(next, timeZone, withDay, clock).label}
            </>
          )}
        </p>
      )}
    </section>
  );
}
