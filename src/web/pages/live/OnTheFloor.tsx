/** The live page's head: what is on the floor now, or what comes next. */
import { startTime, STATE, type LiveItem } from './liveLogic.ts';
import type { ClockFormat } from '../../../domain/time.ts';
import { useLocale, useT } from '../../i18n/locale.ts';
import { roundLabel, sportText } from '../../../domain/i18n/sport.ts';
import { liveText } from './text.ts';

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
  const t = useT(liveText);
  const sport = useT(sportText);
  const locale = useLocale();
  return (
    <section className="live-now" aria-labelledby="live-now-title" aria-live="polite">
      <h2 id="live-now-title" className="live-now-title">
        {t('now.title')}
      </h2>
      {running.length > 0 ? (
        <ul className="live-now-list">
          {running.map((r) => (
            <li key={r.roundId} data-testid="on-the-floor">
              <span className="live-now-event">{r.eventName}</span>
              <span className="live-now-round">
                {r.kind === 'round' ? roundLabel(sport, r.roundName) : ''}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="live-now-empty" data-testid="on-the-floor-empty">
          {t('now.nothing')}
          {next && next.roundState !== STATE.Posted && (
            <>
              {' '}
              {t('now.next', {
                what:
                  next.kind === 'round'
                    ? t('eventRound', { event: next.eventName, round: roundLabel(sport, next.roundName) })
                    : next.eventName,
                when: startTime(next, timeZone, withDay, clock, t, locale).label,
              })}
            </>
          )}
        </p>
      )}
    </section>
  );
}
