import { Link } from '../../components/Link.tsx';
import { useCompetitorResults } from '../../api/queries/results.ts';
import { useLogMissingResults } from '../../components/results/useLogMissingResults.ts';
import type { CompetitorResult } from '../../api/types.ts';
import { useT } from '../../i18n/locale.ts';
import type { Translate } from '../../../domain/i18n/catalog.ts';
import { placeLabel, roundLabel, sportText, type SportKey } from '../../../domain/i18n/sport.ts';
import { resultsText, type ResultsKey } from './text.ts';

function outcome(r: CompetitorResult, t: Translate<ResultsKey>, sport: Translate<SportKey>): string {
  if (r.place !== null) return t('competitor.place', { place: placeLabel(sport, r.place) });
  if (!r.roundReached) return t('competitor.noResult');
  const round = roundLabel(sport, r.roundReached);
  // Still dancing: recalled to a round whose result is not out yet.
  return r.out || r.finalPosted ? t('hit.reached', { round }) : t('competitor.in', { round });
}

/** The Results section of a competitor's page: each event with anything posted, place or round reached. */
export function CompetitorResults({ id }: { id: string | undefined }) {
  const t = useT(resultsText);
  const sport = useT(sportText);
  const { results, error } = useCompetitorResults(id);
  useLogMissingResults(results?.length === 0, `competitor ${id ?? ''}`);
  return (
    <section className="section" aria-labelledby="results">
      <h2 id="results">{t('title')}</h2>
      {error && !results ? (
        <p className="entries-none">{t('competitor.error')}</p>
      ) : !results ? (
        <p className="entries-none">{t('loading')}</p>
      ) : results.length === 0 ? (
        <p className="entries-none">{t('competitor.none')}</p>
      ) : (
        <ul className="entries-list" data-testid="competitor-results">
          {results.map((r) => (
            <li key={`${r.eventKey}-${r.coupleNumber}`}>
              <span className="entries-number">{r.coupleNumber}</span>
              <span className="entries-names">
                <Link to={`/results/${encodeURIComponent(r.eventKey)}`}>{r.eventName}</Link>
                <span className="entries-team">{t('competitor.with', { partner: r.partner })}</span>
              </span>
              <strong>{outcome(r, t, sport)}</strong>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
