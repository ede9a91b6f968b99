import { Button } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { JudgeRoundsView } from '../../api/types.ts';
import { AjsDance, type AjsValue } from './AjsDance.tsx';
import { FinalDance } from './FinalDance.tsx';
import { MarkingHeader } from './MarkingHeader.tsx';
import { MarkingTabs, roundId } from './MarkingTabs.tsx';
import type { Placing } from './placing.ts';
import {
  flushOutbox,
  loadDraft,
  saveDraft,
  sendToServer,
  submitDance,
  type DanceRef,
  type DanceValue,
  type Draft,
} from './judgeStore.ts';
import { RecallDance } from './RecallDance.tsx';
import { SyncState } from './SyncState.tsx';
import { useT } from '../../i18n/locale.ts';
import { danceLabel, sportText } from '../../../domain/i18n/sport.ts';
import { judgeText } from './text.ts';

interface MarkingProps {
  competition: string;
  judgeId: number;
  view: JudgeRoundsView;
  online: boolean;
  fromDevice: boolean;
  reload: () => Promise<void>;
  onSignedOut: () => void;
}

/** The judge's marking screen: rounds, dances, drafts and the outbox. */
export function Marking({
  competition,
  judgeId,
  view,
  online,
  fromDevice,
  reload,
  onSignedOut,
}: MarkingProps) {
  const t = useT(judgeText);
  const sport = useT(sportText);
  const rounds = view.rounds;
  const [roundKey, setRoundKey] = useState<string | null>(() => {
    const r = rounds.find((x) => x.missing.length > 0) ?? rounds[0];
    return r ? roundId(r) : null;
  });
  const round = rounds.find((r) => roundId(r) === roundKey) ?? rounds[0];
  const [chosenDance, setDance] = useState<string | null>(
    () => round?.missing[0] ?? round?.dances[0] ?? null,
  );
  // The round may change under us (posted, the next one started): fall back to its first open dance.
  const dance =
    chosenDance && round?.dances.includes(chosenDance)
      ? chosenDance
      : (round?.missing[0] ?? round?.dances[0] ?? null);
  /** Keyed by round and dance: two rounds of one event share dance names. */
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const dk = (d: string) => (round ? `${roundId(round)}|${d}` : d);

  const ref = useCallback(
    (d: string): DanceRef | null =>
      round
        ? { competition, judgeId, eventKey: round.eventKey, roundNumber: round.roundNumber, dance: d }
        : null,
    [competition, judgeId, round],
  );

  /** False once the screen has gone: reads of the device's store that finish later change nothing. */
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // The round's drafts: the device's own first, else what the server already has from this judge.
  const refreshDrafts = useCallback(async () => {
    if (!round) return;
    const next: Record<string, Draft> = {};
    for (const d of round.dances) {
      const local = await loadDraft(ref(d)!);
      const server = round.marks[d]?.[String(judgeId)];
      const k = `${roundId(round)}|${d}`;
      if (local) next[k] = local;
      else if (server)
        next[k] = {
          value: server.value,
          state: 'confirmed',
          updatedAt: 0,
          ...(server.receipt ? { receipt: server.receipt } : {}),
        };
    }
    if (!mounted.current) return;
    // A tap made while this was reading is newer than what was read: keep it.
    setDrafts((prev) => {
      const merged = { ...next };
      for (const [d, draft] of Object.entries(prev))
        if (draft.updatedAt > (next[d]?.updatedAt ?? -1)) merged[d] = draft;
      return merged;
    });
  }, [round, ref, judgeId]);

  useEffect(() => {
    void refreshDrafts();
  }, [refreshDrafts]);

  // The outbox: sent now, again when the network is back, and with backoff in between.
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const flushing = useRef(false);
  // Asked for while a flush runs (a dance submitted meanwhile): that flush may have read the outbox
  // before the dance was in it, so one more follows it.
  const flushAgain = useRef(false);
  const flush = useCallback(async () => {
    if (flushing.current) {
      flushAgain.current = true;
      return;
    }
    flushing.current = true;
    try {
      do {
        flushAgain.current = false;
        const out = await flushOutbox(competition, judgeId, sendToServer);
        await refreshDrafts();
        if (timer.current) clearTimeout(timer.current);
        // The outbox is tried again while the screen is open (it is flushed again when it opens).
        if (out.nextAttemptAt !== null && mounted.current)
          timer.current = setTimeout(() => void flush(), Math.max(500, out.nextAttemptAt - Date.now()));
      } while (flushAgain.current && mounted.current);
    } finally {
      flushing.current = false;
    }
  }, [competition, judgeId, refreshDrafts]);

  useEffect(() => {
    void flush();
    const again = () => {
      void flush();
      void reload();
    };
    window.addEventListener('online', again);
    // The live feed says when rounds change; a slow poll covers a feed that silently stalled.
    const poll = setInterval(() => {
      if (navigator.onLine) void reload();
    }, 60_000);
    return () => {
      window.removeEventListener('online', again);
      clearInterval(poll);
      if (timer.current) clearTimeout(timer.current);
    };
  }, [flush, reload]);

  const header = <MarkingHeader {...{ competition, judgeId, view, round, online, onSignedOut }} />;

  if (!round || !dance)
    return (
      <div className="judge">
        {header}
        <div className="judge-centre">
          <p>{t('marking.none')}</p>
          <Button size="lg" onClick={() => void reload()}>
            {t('marking.checkAgain')}
          </Button>
        </div>
      </div>
    );

  const current = drafts[dk(dance)];
  // Unlocked: the chairman opened this judge's submitted dance again.
  const stored = round.marks[dance]?.[String(judgeId)];
  // A confirmed draft counts only if it is that very submission (same receipt): a newer one locked again.
  const unlocked =
    !!stored && !stored.locked && (current?.state !== 'confirmed' || current.receipt === stored.receipt);
  const setValue = (value: DanceValue) => {
    const draft: Draft = { value, state: 'draft', updatedAt: Date.now() };
    setDrafts((d) => ({ ...d, [dk(dance)]: draft }));
    void saveDraft(ref(dance)!, value);
  };
  const submit = async (value: DanceValue, override: boolean) => {
    await submitDance(ref(dance)!, value, override);
    setDrafts((d) => ({ ...d, [dk(dance)]: { value, state: 'sending', updatedAt: Date.now() } }));
    void flush();
  };
  const nextDance = round.dances[round.dances.indexOf(dance) + 1];
  const next =
    nextDance && current && (current.state === 'sending' || current.state === 'confirmed') ? (
      <Button
        size="lg"
        variant="light"
        color="blue"
        className="judge-next"
        onClick={() => setDance(nextDance)}
      >
        {t('marking.nextDance', { dance: danceLabel(sport, nextDance) })}
      </Button>
    ) : null;

  // A new round or dance mounts a new marking view, so no state of the last one carries over.
  const danceKey = `${roundId(round)}|${dance}`;
  const shared = {
    round,
    onChange: setValue,
    sync: <SyncState draft={current} online={online} unlocked={unlocked} />,
    next,
  };
  // A final's places or an AJS dance's scores: an object, where a recall's crosses are a list.
  const given = current && !Array.isArray(current.value) ? current.value : {};

  return (
    <div className="judge">
      {header}
      {fromDevice && <div className="judge-note">{t('marking.fromDevice')}</div>}
      <MarkingTabs {...{ rounds, round, dance, drafts, dk, setRoundKey, setDance }} />
      {round.kind === 'recall' ? (
        <RecallDance
          key={danceKey}
          {...shared}
          value={Array.isArray(current?.value) ? current.value : []}
          onSubmit={submit}
        />
      ) : round.kind === 'ajs' ? (
        <AjsDance
          key={danceKey}
          {...shared}
          judgeId={judgeId}
          dance={dance}
          value={given as AjsValue}
          onSubmit={(v) => submit(v, false)}
        />
      ) : (
        <FinalDance
          key={danceKey}
          {...shared}
          dance={dance}
          value={given as Placing}
          onSubmit={(v) => submit(v, false)}
        />
      )}
    </div>
  );
}
