import { useMemo } from 'react';
import { Link } from '../../components/Link.tsx';
import type { PublicCompetitor } from '../../../domain/schemas/registration.ts';
import { useCompetition, useEventSettings } from '../../api/queries/competition.ts';
import { useCompetitorResults } from '../../api/queries/results.ts';
import { useSchedule } from '../../api/queries/schedule.ts';
import { PUBLIC_STATE_KEY, roundPath, spansDays, startTime, STATE, stateName } from '../live/liveLogic.ts';
import { liveText } from '../live/text.ts';
import { competitorRounds, dancerNext, dancerNextWords } from './competitorRounds.ts';
import { useNow } from '../../components/useNow.ts';
import { RoundReminders } from './RoundReminders.tsx';
import { useLocale, useT } from '../../i18n/locale.ts';
import { roundLabel, sportText } from '../../../domain/i18n/sport.ts';
import { competitorsText } from './text.ts';

/**
 * "When they dance": each of the competitor's rounds in the running order with its time as the
 * server gives it (started, set or estimated), updated live. Rounds after one they may not be recalled
 * from say so. Times stay off when the organizers hide the live schedule.
 */
export function CompetitorSchedule({ competitor }: { competitor: PublicCompetitor }) {
  const { competition, key } = useCompetition();
  const t = useT(competitorsText);
  const ts = useT(sportText);
  const locale = useLocale();
  const tl = useT(liveText);
  const now = useNow();
  // Estimates move with the clock while a round runs late.
  const { schedule, error } = useSchedule({ followClock: true });
  const { settings } = useEventSettings();
  const { results } = useCompetitorResults(String(competitor.id));
  const rounds = useMemo(
    () => (schedule ? competitorRounds(competitor.entries, schedule.items, results) : []),
    [competitor.entries, schedule, results],
  );
  const showTimes = settings?.hideLiveSchedule !== true;
  const severalFloors = (schedule?.floors.length ?? 0) > 1;
  const next = dancerNext(rounds, now);
  const nextWords = showTimes ? dancerNextWords(next, locale) : null;
  const about = (r: (typeof rounds)[number]) =>
    `${r.item.eventName} · ${roundLabel(ts, r.item.roundName)}${severalFloors ? ` · ${r.item.floor}` : ''} · ${t('schedule.couple', { number: r.number })}`;
  const timeZone = competition?.timeZone ?? 'UTC';
  const withDay = competition ? spansDays(competition.startDate, competition.endDate) : false;

  return (
    <section className="section" aria-labelledby="their-rounds">
      <h2 id="their-rounds">{t('schedule.title')}</h2>
      {error && !schedule ? (
        <p className="entries-none">{t('schedule.error')}</p>
      ) : !schedule || !competition || !settings ? (
        <p className="entries-none">{t('schedule.loading')}</p>
      ) : rounds.length === 0 ? (
        <p className="entries-none">{t('schedule.none')}</p>
      ) : (
        <>
          {!showTimes && <p className="entries-none">{t('schedule.hidden')}</p>}
          {nextWords && next.kind !== 'done' && next.kind !== 'later' && (
            <p className="cr-next" role="status" data-testid="dancer-next">
              <b>{nextWords}</b>
              <span>{about(next.round)}</span>
            </p>
          )}
          {showTimes && key && next.kind !== 'done' && (
            <RoundReminders
              competitionKey={key}
              competitorId={competitor.id}
              next={next}
              label={about(next.round)}
            />
          )}
          <ol className="entries-list" data-testid="competitor-rounds">
            {rounds.map(({ item, number, partner, ifRecalled }) => {
              const time = startTime(item, timeZone, withDay, competition.clock, tl, locale);
              const state = stateName(item.roundState);
              const title = `${item.eventName} · ${roundLabel(ts, item.roundName)}`;
              return (
                <li key={`${item.roundId}-${number}`}>
                  {showTimes && (
                    <span className="cr-when" data-kind={time.kind} title={time.label}>
                      {time.day && <span className="cr-day">{time.day}</span>}
                      <span className="cr-clock">{time.time}</span>
                      {(time.kind === 'estimated' || time.kind === 'started') && (
                        <span className="cr-kind" data-late={time.late || undefined}>
                          {time.lateWords ?? t(`schedule.${time.kind}`)}
                        </span>
                      )}
                    </span>
                  )}
                  <span className="entries-names">
                    {item.roundState === STATE.Posted ? <Link to={roundPath(item)}>{title}</Link> : title}
                    <span className="entries-team">
                      {t('schedule.numberWith', { number, partner })}
                      {severalFloors && ` · ${item.floor}`}
                      {ifRecalled && <> · {t('schedule.ifRecalled')}</>}
                    </span>
                  </span>
                  <span className="cr-state">{tl(PUBLIC_STATE_KEY[state])}</span>
                </li>
              );
            })}
          </ol>
        </>
      )}
    </section>
  );
}
