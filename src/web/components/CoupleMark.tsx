/**
 * What every list of a round shows beside a couple's number: ★ for a star couple joining
 * at this round, and "Disqualified" / "Withdrew" for a couple the chairman took out.
 */
import { STAR_MARK, type WithdrawalKind } from '../../domain/rounds/formats.ts';
import { useT } from '../i18n/locale.ts';
import { roundWordsText, WITHDRAWAL_KEY } from '../shared/roundWords/text.ts';

export function CoupleMark({ star, status }: { star?: boolean; status?: WithdrawalKind }) {
  const t = useT(roundWordsText);
  return (
    <>
      {star && (
        <span className="couple-star" title={t('star.title')} aria-label={t('star.label')}>
          {' '}
          {STAR_MARK}
        </span>
      )}
      {status && <span className="couple-status"> {t(WITHDRAWAL_KEY[status])}</span>}
    </>
  );
}
