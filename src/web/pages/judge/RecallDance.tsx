import { useState, type ReactNode } from 'react';
import type { JudgeRound } from '../../api/types.ts';
import { CoupleGrid } from './CoupleGrid.tsx';
import { JudgeBar } from './JudgeBar.tsx';
import { STAR_MARK } from '../../../domain/rounds/formats.ts';
import { useT } from '../../i18n/locale.ts';
import { judgeText } from './text.ts';

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
  const t = useT(judgeText);
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
            aria-label={marked.has(c) ? t('recall.tileMarked', { couple: c }) : t('tile', { couple: c })}
            onClick={() => toggle(c)}
          >
            <span className="judge-tile-number">{c}</span>
            {round.stars?.includes(c) && (
              <span className="judge-tile-star" aria-label={t('star')}>
                {STAR_MARK}
              </span>
            )}
            {marked.has(c) && (
              <span className="judge-check" aria-hidden>
                {t('recall.marked')}
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
                    {t('recall.askMarked')}
                    <strong>{value.length}</strong>
                    {t('recall.askCouples', { count: value.length })}
                    <strong>{wanted}</strong>
                    {t('recall.askEnd')}
                  </p>
                ),
                send: t('recall.sendAnyway', { count: value.length }),
                color: 'orange',
                onBack: () => setAsking(false),
                onSend: () => void onSubmit(value, true).then(() => setAsking(false)),
              }
            : null
        }
        count={t('recall.count', { marked: value.length, count: wanted })}
        ok={value.length === wanted}
        sync={sync}
        next={next}
        submit={t('recall.submit')}
        onSubmit={submit}
      />
    </>
  );
}
