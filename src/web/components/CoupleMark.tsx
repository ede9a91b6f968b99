/**
 * What every list of a round shows beside a couple's number: ★ for a star couple joining
 * at this round, and "Disqualified" / "Withdrew" for a couple the chairman took out.
 */
import { STAR_MARK, WITHDRAWAL_LABELS, type WithdrawalKind } from '../../domain/rounds/formats.ts';

export function CoupleMark({ star, status }: { star?: boolean; status?: WithdrawalKind }) {
  return (
    <>
      {star && (
        <span className="couple-star" title="Star couple: joins at this round" aria-label="star couple">
          {` ${STAR_MARK}`}
        </span>
      )}
      {status && <span className="couple-status">{` ${WITHDRAWAL_LABELS[status]}`}</span>}
    </>
  );
}
