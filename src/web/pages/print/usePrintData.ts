import { useMemo } from 'react';
import { useQueries, useQuery } from '@tanstack/react-query';
import type { Competition } from '../../../domain/schemas/competition.ts';
import { eventsQuery, printPanelsQuery } from '../../api/queries/events.ts';
import { roundResultsQuery } from '../../api/queries/rounds.ts';
import { scheduleQuery } from '../../api/queries/schedule.ts';
import type { RoundResultsView } from '../../api/types.ts';
import { RoundState } from '../../shared/roundStates.ts';
import type { FinalResultsView, PostedRecall, PrintData } from './types.ts';

/**
 * Everything a print-out is built from (public reads only): the events, panels and schedule, and the
 * posted rounds' results when the chosen sheets show them (`wantsResults`). `data` is null until all
 * of it is in.
 */
export function usePrintData(
  key: string | undefined,
  competition: Competition | undefined,
  wantsResults: boolean,
) {
  const events = useQuery(eventsQuery(key));
  const panels = useQuery(printPanelsQuery(key));
  const schedule = useQuery(scheduleQuery(key));

  // Results are read only for posted rounds, and only when the chosen sheets show them.
  const postedRounds = useMemo(
    () =>
      (events.data ?? []).flatMap((e) =>
        e.rounds.filter((r) => r.roundState === RoundState.Posted).map((r) => ({ event: e, round: r })),
      ),
    [events.data],
  );
  const results = useQueries({
    queries: postedRounds.map(({ event, round }) => ({
      ...roundResultsQuery(key, { eventKey: event.key, roundNumber: round.roundNumber }),
      enabled: key !== undefined && wantsResults,
    })),
    combine: combineResults,
  });

  const resultsReady = !wantsResults || !results.pending;
  const data: PrintData | null = useMemo(() => {
    if (!competition || !events.data || !panels.data || !schedule.data || !resultsReady) return null;
    const recalls = new Map<string, PostedRecall>();
    const finals = new Map<string, FinalResultsView>();
    postedRounds.forEach(({ event, round }, i) => {
      const r = results.data[i];
      if (!r) return;
      if (r.kind === 'recall') recalls.set(round.roundId, r);
      else finals.set(event.key, r);
    });
    return {
      competition: {
        fullName: competition.fullName,
        timeZone: competition.timeZone,
        startDate: competition.startDate,
        endDate: competition.endDate,
      },
      events: events.data,
      panels: panels.data,
      schedule: schedule.data,
      recalls,
      finals,
    };
  }, [competition, events.data, panels.data, schedule.data, resultsReady, postedRounds, results.data]);

  return { data, events, panels, schedule };
}

function combineResults(rs: { data?: RoundResultsView | null; isPending: boolean }[]) {
  return { data: rs.map((r) => r.data), pending: rs.some((r) => r.isPending) };
}
