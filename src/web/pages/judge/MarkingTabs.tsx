import type { JudgeRound } from '../../api/types.ts';
import type { Draft } from './judgeStore.ts';
import { useT } from '../../i18n/locale.ts';
import { danceLabel, roundLabel, sportText } from '../../../domain/i18n/sport.ts';
import { judgeText } from './text.ts';

export const roundId = (r: JudgeRound) => `${r.eventKey}|${r.roundNumber}`;

/** The tabs of the judge's marking screen: the rounds to mark (when more than one), the round's dances. */
export function MarkingTabs({
  rounds,
  round,
  dance,
  drafts,
  dk,
  setRoundKey,
  setDance,
}: {
  rounds: readonly JudgeRound[];
  round: JudgeRound;
  dance: string;
  /** Keyed by `dk(dance)`: a dance's dot shows its draft's state. */
  drafts: Record<string, Draft>;
  dk: (dance: string) => string;
  setRoundKey: (key: string) => void;
  setDance: (dance: string | null) => void;
}) {
  const t = useT(judgeText);
  const sport = useT(sportText);
  return (
    <>
      {rounds.length > 1 && (
        <nav className="judge-tabs" aria-label={t('tabs.rounds')}>
          {rounds.map((r) => (
            <button
              key={roundId(r)}
              type="button"
              className="judge-tab judge-round-tab"
              aria-current={roundId(r) === roundId(round)}
              onClick={() => {
                setRoundKey(roundId(r));
                setDance(r.missing[0] ?? r.dances[0] ?? null);
              }}
            >
              <span className="judge-tab-kind">{t('tabs.round')}</span>
              <span>
                {r.eventName} · {roundLabel(sport, r.roundName)}
              </span>
            </button>
          ))}
        </nav>
      )}
      <nav className="judge-tabs" aria-label={t('tabs.dances')}>
        {round.dances.map((d) => (
          <button
            key={d}
            type="button"
            className="judge-tab judge-dance-tab"
            aria-current={d === dance}
            onClick={() => setDance(d)}
          >
            <span className={`judge-dot ${drafts[dk(d)]?.state ?? 'none'}`} aria-hidden />
            {danceLabel(sport, d)}
          </button>
        ))}
      </nav>
    </>
  );
}
