import { Button } from '@mantine/core';
import { useMemo, useState, type ReactNode } from 'react';
import type { JudgeRound } from '../../api/types.ts';
import { judgeOrder } from './judgeStore.ts';

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
  const couples = useMemo(
    () => judgeOrder(round.couples, `${judgeId}|${round.eventKey}|${round.roundNumber}`),
    [round, judgeId],
  );
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
      <footer className="judge-bar">
        {asking ? (
          <div className="judge-confirm">
            <p>
              You marked <strong>{value.length}</strong> {value.length === 1 ? 'couple' : 'couples'}; the
              scrutineer asks for <strong>{wanted}</strong>. Send anyway? The scrutineer will see the wrong
              count.
            </p>
            <div className="judge-bar-row">
              <Button size="lg" variant="default" onClick={() => setAsking(false)}>
                Back to marking
              </Button>
              <Button
                size="lg"
                color="orange"
                onClick={() => void onSubmit(value, true).then(() => setAsking(false))}
              >
                Send {value.length} marks anyway
              </Button>
            </div>
          </div>
        ) : (
          <div className="judge-bar-row">
            <div>
              <div className={`judge-count ${value.length === wanted ? 'ok' : ''}`}>
                {value.length} of {wanted} marked
              </div>
              {sync}
            </div>
            {next}
            <Button size="xl" color="blue.7" onClick={submit} className="judge-submit">
              Submit
            </Button>
          </div>
        )}
      </footer>
    </>
  );
}
