import * as endpoints from '../../../domain/schemas/endpoints.ts';
import { useParams } from 'react-router';
import { ApiError, hrefOf } from '../../api/client.ts';
import { useCompetition } from '../../api/queries/competition.ts';
import { ErrorPage, MissingPage, PageHead } from '../../components/Page.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import type { CoupleNames } from '../../components/results/CoupleCell.tsx';
import { RecallTally } from '../../components/results/RecallTally.tsx';
import { FinalWorking } from '../../components/results/ResultTables.tsx';
import { LazyAjsWorking } from '../../components/results/LazyAjsWorking.tsx';
import { useLogMissingResults } from '../../components/results/useLogMissingResults.ts';
import { useEventResults } from '../../api/queries/results.ts';
import type { EventResults } from '../../api/types.ts';
import { withWithdrawn, PlacingsList } from './Placings.tsx';
import { NotPublished, ResultsLoading } from './states.tsx';
import './results-pages.css';
import { useT } from '../../i18n/locale.ts';
import { danceLabel, roundLabel, sportText, styleLabel } from '../../../domain/i18n/sport.ts';
import { resultsText } from './text.ts';
import { MirrorLine } from '../../components/mirror/MirrorLine.tsx';

type Round = EventResults['rounds'][number];

/** /results/{event}: every posted round — recall tallies, the final's placings and full working. */
export default function EventResultsPage() {
  const t = useT(resultsText);
  const sport = useT(sportText);
  const allResults = { to: '/results', label: t('back') };
  const { event: eventKey } = useParams();
  const { competition } = useCompetition();
  const { results, error, refetch, key } = useEventResults(eventKey);
  usePageTitle(results?.event.name ?? t('title'));
  useLogMissingResults(results?.rounds.length === 0, `event ${eventKey ?? ''}`);

  if (competition && !competition.resultsPageShown) return <NotPublished />;
  if (error && !results) {
    if (error instanceof ApiError && error.status === 404)
      return (
        <MissingPage
          back={allResults}
          title={t('notFound.title')}
          lead={t('notFound.lead', { event: eventKey ?? '' })}
        />
      );
    return <ErrorPage error={error} refetch={refetch} />;
  }
  if (!results || !competition) return <ResultsLoading title={t('title')} />;

  const { event, rounds, pending } = results;
  // Show the final first: that is what most people open the page for.
  const ordered = [...rounds].sort((a, b) => b.roundNumber - a.roundNumber);
  const pendingNames = pending.map((p) => roundLabel(sport, p.roundName)).join(', ');

  return (
    <div className="page page-wide">
      <PageHead
        back={allResults}
        title={event.name}
        lead={`${styleLabel(sport, event.style)} · ${event.level} · ${event.dances.map((d) => danceLabel(sport, d)).join(', ')}`}
      />
      <MirrorLine />
      {rounds.length === 0 ? (
        <section className="section" aria-labelledby="no-results">
          <h2 id="no-results">{t('event.noResults')}</h2>
          <p className="res-empty">
            {pending.length > 0 ? t('event.noneYetPending', { rounds: pendingNames }) : t('event.noneYet')}
          </p>
        </section>
      ) : (
        <>
          {key && (
            <p className="res-downloads">
              <a href={hrefOf(endpoints.getEventsResultsCsv, { key, eventKey: event.key })} download>
                {t('download.event')}
              </a>
            </p>
          )}
          {pending.length > 0 && <p className="res-none">{t('event.pending', { rounds: pendingNames })}</p>}
          {ordered.map((r) => (
            <RoundSection key={r.roundNumber} round={r} />
          ))}
        </>
      )}
    </div>
  );
}

function RoundSection({ round }: { round: Round }) {
  const t = useT(resultsText);
  const sport = useT(sportText);
  const id = `round-${round.roundNumber}`;
  const name = roundLabel(sport, round.roundName);
  if (round.kind === 'recall') {
    return (
      <section className="res-round" aria-labelledby={id} data-testid={id}>
        <h2 id={id}>{name}</h2>
        {round.ajs ? (
          <LazyAjsWorking
            result={round.ajs}
            recalled={round.couples.filter((c) => c.recalled).map((c) => c.coupleNumber)}
            names={Object.fromEntries(
              round.couples.map((c) => [c.coupleNumber, `${c.leadName} & ${c.followName}`]),
            )}
          />
        ) : (
          <RecallTally round={round} caption={t('round.tally', { round: name })} />
        )}
      </section>
    );
  }
  const names: CoupleNames = Object.fromEntries(
    round.placings.map((p) => [p.coupleNumber, `${p.leadName} & ${p.followName}`]),
  );
  return (
    <section className="res-round" aria-labelledby={id} data-testid={id}>
      <h2 id={id}>{name}</h2>
      <h3 className="res-sub">{t('round.placings')}</h3>
      <PlacingsList placings={withWithdrawn(round)} testId="final-placings" />
      {round.ajs && (
        <>
          <h3 className="res-sub">{t('round.components')}</h3>
          <LazyAjsWorking result={round.ajs} names={names} />
        </>
      )}
      {round.finalTable && (
        <>
          <h3 className="res-sub">{t('round.skating')}</h3>
          <p className="res-meta">{t('round.skatingNote')}</p>
          <FinalWorking result={round.finalTable} names={names} />
        </>
      )}
    </section>
  );
}
