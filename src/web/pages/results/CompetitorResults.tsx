import { Link } from '../../components/Link.tsx';
import { ordinal } from '../../components/format.ts';
import { useCompetitorResults } from '../../api/queries/results.ts';
import { useLogMissingResults } from '../../components/results/useLogMissingResults.ts';
import type { CompetitorResult } from '../../api/types.ts';

function outcome(r: CompetitorResult): string {
  if (r.place !== null) return `${ordinal(r.place)} place`;
  if (!r.roundReached) return 'No result';
  // Still dancing: recalled to a round whose result is not out yet.
  return r.out || r.finalPosted ? `Reached the ${r.roundReached}` : `In the ${r.roundReached}`;
}

/** The Results section of a competitor's page: each event with anything posted, place or round reached. */
export function CompetitorResults({ id }: { id: string | undefined }) {
  const { results, error } = useCompetitorResults(id);
  useLogMissingResults(results?.length === 0, `competitor ${id ?? ''}`);
  return (
    <section className="section" aria-labelledby="results">
      <h2 id="results">Results</h2>
      {error && !results ? (
        <p className="entries-none">Results could not be loaded. Try again in a moment.</p>
      ) : !results ? (
        <p className="entries-none">Loading...</p>
      ) : results.length === 0 ? (
        <p className="entries-none">No results posted yet. They appear here once published.</p>
      ) : (
        <ul className="entries-list" data-testid="competitor-results">
          {results.map((r) => (
            <li key={`${r.eventKey}-${r.coupleNumber}`}>
              <span className="entries-number">{r.coupleNumber}</span>
              <span className="entries-names">
                <Link to={`/results/${encodeURIComponent(r.eventKey)}`}>{r.eventName}</Link>
                <span className="entries-team">with {r.partner}</span>
              </span>
              <strong>{outcome(r)}</strong>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
