import * as endpoints from '../../../domain/schemas/endpoints.ts';
import { useParams } from 'react-router';
import { ApiError, hrefOf } from '../../api/client.ts';
import { useCompetition } from '../../api/queries/competition.ts';
import { ErrorPage, MissingPage, PageHead } from '../../components/Page.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import type { CoupleNames } from '../../components/results/CoupleCell.tsx';
import { RecallTally } from '../../components/results/RecallTally.tsx';
import { FinalWorking } from '../../components/results/ResultTables.tsx';
import { AjsWorking } from '../../components/results/AjsTables.tsx';
import { useLogMissingResults } from '../../components/results/useLogMissingResults.ts';
import { useEventResults } from '../../api/queries/results.ts';
import type { EventResults } from '../../api/types.ts';
import { withWithdrawn, PlacingsList } from './Placings.tsx';
import { NotPublished, ResultsLoading } from './states.tsx';
import './results-pages.css';

type Round = EventResults['rounds'][number];

const allResults = { to: '/results', label: 'All results' };

/** /results/{event}: every posted round — recall tallies, the final's placings and full working. */
export default function EventResultsPage() {
  const { event: eventKey } = useParams();
  const { competition } = useCompetition();
  const { results, error, refetch, key } = useEventResults(eventKey);
  usePageTitle(results?.event.name ?? 'Results');
  useLogMissingResults(results?.rounds.length === 0, `event ${eventKey ?? ''}`);

  if (competition && !competition.resultsPageShown) return <NotPublished />;
  if (error && !results) {
    if (error instanceof ApiError && error.status === 404)
      return (
        <MissingPage
          back={allResults}
          title="Event not found"
          lead={`There is no event “${eventKey}” in this competition. The link may be mistyped or the event renamed.`}
        />
      );
    return <ErrorPage error={error} refetch={refetch} />;
  }
  if (!results || !competition) return <ResultsLoading title="Results" />;

  const { event, rounds, pending } = results;
  // Show the final first: that is what most people open the page for.
  const ordered = [...rounds].sort((a, b) => b.roundNumber - a.roundNumber);

  return (
    <div className="page page-wide">
      <PageHead
        back={allResults}
        title={event.name}
        lead={`${event.style} · ${event.level} · ${event.dances.join(', ')}`}
      />
      {rounds.length === 0 ? (
        <section className="section" aria-labelledby="no-results">
          <h2 id="no-results">No results yet</h2>
          <p className="res-empty">
            No round of this event has been posted. Results appear here as soon as the scrutineer posts them
            {pending.length > 0 && ` (still to come: ${pending.map((p) => p.roundName).join(', ')})`}.
          </p>
        </section>
      ) : (
        <>
          {key && (
            <p className="res-downloads">
              <a href={hrefOf(endpoints.getEventsResultsCsv, { key, eventKey: event.key })} download>
                Download these results (CSV)
              </a>
            </p>
          )}
          {pending.length > 0 && (
            <p className="res-none">Not posted yet: {pending.map((p) => p.roundName).join(', ')}.</p>
          )}
          {ordered.map((r) => (
            <RoundSection key={r.roundNumber} round={r} />
          ))}
        </>
      )}
    </div>
  );
}

function RoundSection({ round }: { round: Round }) {
  const id = `round-${round.roundNumber}`;
  if (round.kind === 'recall') {
    return (
      <section className="res-round" aria-labelledby={id} data-testid={id}>
        <h2 id={id}>{round.roundName}</h2>
        {round.ajs ? (
          <AjsWorking
            result={round.ajs}
            recalled={round.couples.filter((c) => c.recalled).map((c) => c.coupleNumber)}
            names={Object.fromEntries(
              round.couples.map((c) => [c.coupleNumber, `${c.leadName} & ${c.followName}`]),
            )}
          />
        ) : (
          <RecallTally round={round} caption={`${round.roundName}: recall marks by judge and dance`} />
        )}
      </section>
    );
  }
  const names: CoupleNames = Object.fromEntries(
    round.placings.map((p) => [p.coupleNumber, `${p.leadName} & ${p.followName}`]),
  );
  return (
    <section className="res-round" aria-labelledby={id} data-testid={id}>
      <h2 id={id}>{round.roundName}</h2>
      <h3 className="res-sub">Placings</h3>
      <PlacingsList placings={withWithdrawn(round)} testId="final-placings" />
      {round.ajs && (
        <>
          <h3 className="res-sub">Component scores</h3>
          <AjsWorking result={round.ajs} names={names} />
        </>
      )}
      {round.finalTable && (
        <>
          <h3 className="res-sub">Skating System working</h3>
          <p className="res-meta">
            Columns show how many judges placed the couple there or better, with the sum of those marks in
            brackets: 3(5) = three marks adding up to 5. The shaded column decided the place.
          </p>
          <FinalWorking result={round.finalTable} names={names} />
        </>
      )}
    </section>
  );
}
