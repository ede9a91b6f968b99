import { Alert } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import type { JudgeRound } from '../../api/types.ts';
import { ordinal } from '../../components/format.ts';
import { CoupleGrid } from './CoupleGrid.tsx';
import { ReviewBar } from './JudgeBar.tsx';
import { isComplete, pickPlace, tapCouple, type Placing } from './placing.ts';
import { STAR_MARK } from '../../../domain/rounds/formats.ts';

interface FinalProps {
  round: JudgeRound;
  dance: string;
  value: Placing;
  onChange: (v: Placing) => void;
  onSubmit: (v: Placing) => Promise<void>;
  sync: ReactNode;
  next: ReactNode;
}

/** A final dance: place every couple, review, send. */
export function FinalDance({ round, dance, value, onChange, onSubmit, sync, next }: FinalProps) {
  const couples = round.couples;
  const [reviewing, setReviewing] = useState(false);
  const n = couples.length;
  const placed = couples.filter((c) => value[c] !== undefined).length;
  const complete = isComplete(value, couples);
  const change = (v: Placing) => {
    setReviewing(false);
    onChange(v);
  };
  const inOrder = [...couples].sort((a, b) => (value[a] ?? 999) - (value[b] ?? 999));
  return (
    <>
      <p className="judge-hint">
        Tap the couples in order: 1st, 2nd, … Tap again to take a place back, or pick a place.
      </p>
      <CoupleGrid
        round={round}
        tile={(c) => {
          const place = value[c];
          return (
            <div className="judge-final-cell">
              <button
                type="button"
                className="judge-tile"
                aria-pressed={place !== undefined}
                aria-label={`Couple ${c}${place ? `, placed ${ordinal(place)}` : ''}`}
                onClick={() => change(tapCouple(value, c, n))}
              >
                <span className="judge-tile-number">{c}</span>
                {round.stars?.includes(c) && (
                  <span className="judge-tile-star" aria-label="star couple">
                    {STAR_MARK}
                  </span>
                )}
                {place !== undefined && <span className="judge-place">{ordinal(place)}</span>}
              </button>
              <select
                className="judge-select"
                aria-label={`Place of couple ${c}`}
                value={place === undefined ? '' : String(place)}
                onChange={(e) =>
                  change(pickPlace(value, c, e.currentTarget.value ? Number(e.currentTarget.value) : null))
                }
              >
                <option value="">Place…</option>
                {couples.map((_, i) => (
                  <option key={i} value={String(i + 1)}>
                    {ordinal(i + 1)}
                  </option>
                ))}
              </select>
            </div>
          );
        }}
      />
      <ReviewBar
        dance={dance}
        given="places"
        lines={inOrder.map((c) => ({
          couple: c,
          line: (
            <>
              {ordinal(value[c]!)}: <strong>{c}</strong>
            </>
          ),
        }))}
        listClassName="judge-review"
        reviewing={reviewing}
        setReviewing={setReviewing}
        onSend={() => onSubmit(value)}
        count={`${placed} of ${n} placed`}
        complete={complete}
        incomplete={`Place all ${n}`}
        sync={sync}
        next={next}
      />
      {!complete && placed > 0 && (
        <Alert color="gray" variant="light" className="judge-note">
          Every couple needs its own place before you can submit.
        </Alert>
      )}
    </>
  );
}
