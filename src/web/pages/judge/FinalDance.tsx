import { Alert } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import type { JudgeRound } from '../../api/types.ts';
import { useT } from '../../i18n/locale.ts';
import { danceLabel, placeLabel, sportText } from '../../../domain/i18n/sport.ts';
import { judgeText } from './text.ts';
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
  const t = useT(judgeText);
  const sport = useT(sportText);
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
      <p className="judge-hint">{t('final.hint')}</p>
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
                aria-label={
                  place
                    ? t('final.tilePlaced', { couple: c, place: placeLabel(sport, place) })
                    : t('tile', { couple: c })
                }
                onClick={() => change(tapCouple(value, c, n))}
              >
                <span className="judge-tile-number">{c}</span>
                {round.stars?.includes(c) && (
                  <span className="judge-tile-star" aria-label={t('star')}>
                    {STAR_MARK}
                  </span>
                )}
                {place !== undefined && <span className="judge-place">{placeLabel(sport, place)}</span>}
              </button>
              <select
                className="judge-select"
                aria-label={t('final.placeOf', { couple: c })}
                value={place === undefined ? '' : String(place)}
                onChange={(e) =>
                  change(pickPlace(value, c, e.currentTarget.value ? Number(e.currentTarget.value) : null))
                }
              >
                <option value="">{t('final.pick')}</option>
                {couples.map((_, i) => (
                  <option key={i} value={String(i + 1)}>
                    {placeLabel(sport, i + 1)}
                  </option>
                ))}
              </select>
            </div>
          );
        }}
      />
      <ReviewBar
        dance={danceLabel(sport, dance)}
        given="places"
        lines={inOrder.map((c) => ({
          couple: c,
          line: (
            <>
              {placeLabel(sport, value[c]!)}: <strong>{c}</strong>
            </>
          ),
        }))}
        listClassName="judge-review"
        reviewing={reviewing}
        setReviewing={setReviewing}
        onSend={() => onSubmit(value)}
        count={t('final.count', { placed, count: n })}
        complete={complete}
        incomplete={t('final.incomplete', { count: n })}
        sync={sync}
        next={next}
      />
      {!complete && placed > 0 && (
        <Alert color="gray" variant="light" className="judge-note">
          {t('final.needsAll')}
        </Alert>
      )}
    </>
  );
}
