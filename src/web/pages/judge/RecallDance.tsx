import { useState, type ReactNode } from 'react';
import type { JudgeRound } from '../../api/types.ts';
import { CoupleGrid } from './CoupleGrid.tsx';
import { JudgeBar } from './JudgeBar.tsx';
import { STAR_MARK } from '../../../domain/rounds/formats.ts';

interface RecallProps {
  round: JudgeRound;
  value: string[];
  onChange: (v: string[]) => void;
  onSubmit: (v: string[], override: boolean) => Promise<void>;
  sync: ReactNode;
  next: ReactNode;
}

/** A recall dance: tap the couples to recall; asks before sending a wrong count. */
export function RecallDance({ round, value, onChange, onSubmit, sync, next }: RecallProps) {
  const [asking, setAsking] = useState(false);
  const wanted = round.marksPerDance ?? round.recallSize;
  const marked = new Set(value);
  const toggle = (c: string) => {
    setAsking(false);
    onChange(marked.has(c) ? value.filter((x) => x !== c) : [...value, c]);
  };
  const submit = () => {
    if (value.length !== wanted) setAsking(true);
    else void onSubmit(value, false);
  };
  return (
    <>
      <CoupleGrid
        round={round}
        tile={(c) => (
          <button
            type="button"
            className="judge-tile"
            aria-pressed={marked.has(c)}
            aria-label={`Couple ${c}${marked.has(c) ? ', marked' : ''}`}
            onClick={() => toggle(c)}
          >
            <span className="judge-tile-number">{c}</span>
            {round.stars?.includes(c) && (
              <span className="judge-tile-star" aria-label="star couple">
                {STAR_MARK}
              </span>
            )}
            {marked.has(c) && (
              <span className="judge-check" aria-hidden>
                ✓ marked
              </span>
            )}
          </button>
        )}
      />
      <JudgeBar
        confirm={
          asking
            ? {
                question: (
                  <p>
                    You marked <strong>{value.length}</strong> {value.length === 1 ? 'couple' : 'couples'};
                    the scrutineer asks for <strong>{wanted}</strong>. Send anyway? The scrutineer will see
                    the wrong count.
                  </p>
                ),
                send: `Send ${value.length} marks anyway`,
                color: 'orange',
                onBack: () => setAsking(false),
                onSend: () => void onSubmit(value, true).then(() => setAsking(false)),
              }
            : null
        }
        count={`${value.length} of ${wanted} marked`}
        ok={value.length === wanted}
        sync={sync}
        next={next}
        submit="Submit"
        onSubmit={submit}
      />
    </>
  );
}
