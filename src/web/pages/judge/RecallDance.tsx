import { useState, type ReactNode } from 'react';
import type { JudgeRound } from '../../api/types.ts';
import { JudgeBar, useJudgeCouples } from './JudgeBar.tsx';

interface RecallProps {
  round: JudgeRound;
  judgeId: number;
  value: string[];
  onChange: (v: string[]) => void;
  onSubmit: (v: string[], override: boolean) => Promise<void>;
  sync: ReactNode;
  next: ReactNode;
}

/** A recall dance: tap the couples to recall; asks before sending a wrong count. */
export function RecallDance({ round, judgeId, value, onChange, onSubmit, sync, next }: RecallProps) {
  const couples = useJudgeCouples(round, judgeId);
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
      <section className="judge-grid" aria-label="Couples">
        {couples.map((c) => (
          <button
            key={c}
            type="button"
            className="judge-tile"
            aria-pressed={marked.has(c)}
            aria-label={`Couple ${c}${marked.has(c) ? ', marked' : ''}`}
            onClick={() => toggle(c)}
          >
            <span className="judge-tile-number">{c}</span>
            {marked.has(c) && (
              <span className="judge-check" aria-hidden>
                ✓ marked
              </span>
            )}
          </button>
        ))}
      </section>
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
