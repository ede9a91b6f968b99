/** The couple number a spectator follows on the live page. */
import { type ReactNode } from 'react';
import { parseCoupleNumber, type CoupleRounds } from './liveLogic.ts';
import { textValue } from '../../components/textValue.ts';
import { useT } from '../../i18n/locale.ts';
import { liveText } from './text.ts';

export function CoupleSearch({
  value,
  onChange,
  couple,
}: {
  value: string;
  onChange: (v: string) => void;
  couple: CoupleRounds | null;
}) {
  const t = useT(liveText);
  const typed = value.trim() !== '';
  let summary: ReactNode = t('search.hint');
  if (typed && parseCoupleNumber(value) === null) summary = t('search.digits');
  else if (couple && couple.events.size === 0) summary = t('search.none', { number: couple.number });
  else if (couple) {
    summary = (
      <>
        <strong>
          {t('search.couple', { number: couple.number })}
          {couple.names ? ` · ${couple.names}` : ''}
        </strong>
        {t('search.rounds', { count: couple.rounds.size })}
      </>
    );
  }
  return (
    <form className="live-search" role="search" onSubmit={(e) => e.preventDefault()}>
      <label htmlFor="live-couple">{t('search.label')}</label>
      <div className="live-search-row">
        <input
          id="live-couple"
          className="live-input"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder={t('search.placeholder')}
          {...textValue(value, onChange)}
          aria-describedby="live-couple-summary"
        />
        {typed && (
          <button type="button" className="live-button" onClick={() => onChange('')}>
            {t('search.clear')}
          </button>
        )}
      </div>
      <p id="live-couple-summary" className="live-search-summary" aria-live="polite">
        {summary}
      </p>
    </form>
  );
}
