import { ordinal } from '../../components/format.ts';

/** One placed couple as both public results pages list it. */
export interface Placing {
  place: number;
  coupleNumber: string;
  leadName: string;
  followName: string;
  affiliation: string;
}

/** A final's placings as an ordered list; `team` marks the viewer's own couples. */
export function PlacingsList({
  placings,
  team,
  testId,
}: {
  placings: readonly Placing[];
  team?: string | null;
  testId?: string;
}) {
  return (
    <ol className="res-placings" data-testid={testId}>
      {placings.map((p) => (
        <li key={p.coupleNumber} className={team && p.affiliation === team ? 'res-mine' : undefined}>
          <span className="res-place">{ordinal(p.place)}</span>
          <span className="res-number">{p.coupleNumber}</span>
          <span className="res-names">
            {p.leadName} &amp; {p.followName}
            {p.affiliation && <span className="res-team">{p.affiliation}</span>}
          </span>
        </li>
      ))}
    </ol>
  );
}
