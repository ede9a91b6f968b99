/** The couple number a spectator follows on the live page. */
import { type ReactNode } from 'react';
import { parseCoupleNumber, type CoupleRounds } from './liveLogic.ts';
import { textValue } from '../../components/textValue.ts';

export function CoupleSearch({
  value,
  onChange,
  couple,
}: {
  value: string;
  onChange: (v: string) => void;
  couple: CoupleRounds | null;
}) {
  const typed = value.trim() !== '';
  let summary: ReactNode = 'Type your couple number to highlight your rounds.';
  if (typed && parseCoupleNumber(value) === null) summary = 'A couple number is digits only, like 112.';
  else if (couple && couple.events.size === 0)
    summary = `No couple ${couple.number} is entered in any event.`;
  else if (couple) {
    summary = (
      <>
        <strong>
          Couple {couple.number}
          {couple.names ? ` · ${couple.names}` : ''}
        </strong>
        : {couple.rounds.size} {couple.rounds.size === 1 ? 'round' : 'rounds'} marked “Your round”.
      </>
    );
  }
  return (
    <form className="live-search" role="search" onSubmit={(e) => e.preventDefault()}>
      <label htmlFor="live-couple">Your couple number</label>
      <div className="live-search-row">
        <input
          id="live-couple"
          className="live-input"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder="e.g. 112"
          {...textValue(value, onChange)}
          aria-describedby="live-couple-summary"
        />
        {typed && (
          <button type="button" className="live-button" onClick={() => onChange('')}>
            Clear
          </button>
        )}
      </div>
      <p id="live-couple-summary" className="live-search-summary" aria-live="polite">
        {summary}
      </p>
    </form>
  );
}
