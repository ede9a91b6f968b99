import type { WithdrawalKind } from '../../../domain/rounds/formats.ts';
import { useT } from '../../i18n/locale.ts';
import { placeLabel, sportText } from '../../../domain/i18n/sport.ts';
import { roundWordsText, WITHDRAWAL_KEY } from '../../shared/roundWords/text.ts';

/** One placed couple as both public results pages list it; a search also lists couples out earlier. */
export interface Placing {
  /** Null for a couple not placed in a final (found by a search). */
  place: number | null;
  coupleNumber: string;
  leadName: string;
  followName: string;
  affiliation: string;
  /** How far a couple not placed got: "Reached the Semi-Final". */
  note?: string;
  /** Disqualified, or withdrew: said beside the couple. */
  status?: WithdrawalKind;
}

/** A final's placings followed by its finalists out without a place (disqualified, withdrew). */
export function withWithdrawn(final: {
  placings: readonly Placing[];
  withdrawn: readonly Omit<Placing, 'place'>[];
}): Placing[] {
  return [...final.placings, ...final.withdrawn.map((w) => ({ ...w, place: null }))];
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
  const sport = useT(sportText);
  const words = useT(roundWordsText);
  return (
    <ol className="res-placings" data-testid={testId}>
      {placings.map((p) => (
        <li key={p.coupleNumber} className={team && p.affiliation === team ? 'res-mine' : undefined}>
          <span className="res-place">{p.place === null ? '' : placeLabel(sport, p.place)}</span>
          <span className="res-number">{p.coupleNumber}</span>
          <span className="res-names">
            {p.leadName} &amp; {p.followName}
            {p.affiliation && <span className="res-team">{p.affiliation}</span>}
            {p.note && <span className="res-team">{p.note}</span>}
            {p.status && (
              <span className={`res-status res-${p.status}`} data-testid={`status-${p.coupleNumber}`}>
                {words(WITHDRAWAL_KEY[p.status])}
              </span>
            )}
          </span>
        </li>
      ))}
    </ol>
  );
}
