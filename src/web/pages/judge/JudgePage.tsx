import { useCallback, useEffect, useState } from 'react';
import * as endpoints from '../../../domain/schemas/endpoints.ts';
import { useParams } from 'react-router';
import { Button, Loader } from '@mantine/core';
import { call, ApiError } from '../../api/client.ts';
import { useQuery } from '@tanstack/react-query';
import { competitionQueryKey } from '../../api/queries/keys.ts';
import type { JudgeRoundsView } from '../../api/types.ts';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { loadRounds, maybeSignedIn, noteSignedIn, saveRounds } from './judgeStore.ts';
import { Marking } from './Marking.tsx';
import { SignIn, type TabletOwner } from './SignIn.tsx';
import { useOnline } from './useOnline.ts';
import { registerJudgeShell } from './offlineShell.ts';
import './judge.css';
import { useT } from '../../i18n/locale.ts';
import { judgeText } from './text.ts';

const SITE_CACHE = 'promenade.judge.competition';

/**
 * Each AJS round with its panel (the judge's group, the dances where one score counts for both),
 * so the tablet keeps it offline with the round. A panel that cannot be read leaves the round asking
 * for a score per component, which the server still checks.
 */
async function withAjsPanels(key: string, view: JudgeRoundsView): Promise<JudgeRoundsView> {
  const rounds = await Promise.all(
    view.rounds.map(async (r) => {
      if (r.kind !== 'ajs') return r;
      try {
        const { ajsPanel } = await call(endpoints.getEventsRoundsAjsPanel, {
          key,
          eventKey: r.eventKey,
          n: r.roundNumber,
        });
        return { ...r, ajsPanel };
      } catch {
        return r;
      }
    }),
  );
  return { ...view, rounds };
}

type Phase = 'loading' | 'signin' | 'nojudge' | 'ready' | 'offline';

/** /judges/{judgeid}: the judge's tablet. Signs in with the access code, marks one dance per screen. */
export default function JudgePage() {
  const t = useT(judgeText);
  const judgeId = Number(useParams().judgeid);
  usePageTitle(t('pageTitle'));
  const [competition, setCompetition] = useState<string | null>(() => localStorage.getItem(SITE_CACHE));
  const [phase, setPhase] = useState<Phase>('loading');
  const [view, setView] = useState<JudgeRoundsView | null>(null);
  const [owner, setOwner] = useState<TabletOwner | null>(null);
  const [fromDevice, setFromDevice] = useState(false);
  const online = useOnline();

  const load = useCallback(async () => {
    if (!Number.isInteger(judgeId) || judgeId < 1) return setPhase('nojudge');
    let key = localStorage.getItem(SITE_CACHE);
    try {
      key = (await call(endpoints.getSite, {})).competition;
      localStorage.setItem(SITE_CACHE, key);
    } catch {
      // Offline: the competition this tablet last used.
    }
    if (!key) return setPhase('offline');
    setCompetition(key);
    // The code first, when this tablet has not signed the judge in: no request that can only be refused.
    const askCode = async () => {
      const who = await tabletOwner(key, judgeId);
      if (who === 'unknown') return setPhase('nojudge');
      setOwner(who);
      setPhase('signin');
    };
    if (!(await maybeSignedIn(key, judgeId))) return askCode();
    try {
      const fresh = await withAjsPanels(
        key,
        await call(endpoints.getJudgesRounds, { key, officialId: judgeId }),
      );
      await saveRounds(key, judgeId, fresh);
      noteSignedIn(key, judgeId, true);
      setView(fresh);
      setFromDevice(false);
      setPhase('ready');
    } catch (e) {
      if (e instanceof ApiError && (e.status === 401 || e.status === 403)) {
        // The session ended (expired, a new code, signed out elsewhere).
        noteSignedIn(key, judgeId, false);
        return askCode();
      }
      if (e instanceof ApiError && e.status === 404) return setPhase('nojudge');
      const kept = await loadRounds(key, judgeId);
      if (!kept) return setPhase('offline');
      setView(kept);
      setFromDevice(true);
      setPhase('ready');
    }
  }, [judgeId]);

  const signedIn = (signedIn: boolean) => {
    if (competition) noteSignedIn(competition, judgeId, signedIn);
    void load();
  };

  useEffect(() => {
    void load();
    registerJudgeShell();
  }, [load]);

  // The scrutineer starts and posts rounds: the live feed's schedule topic says when to look again.
  // Not a cache of an endpoint: a trigger under `schedule` that runs the offline-first load above.
  useQuery({
    queryKey: competitionQueryKey(competition ?? '-', 'schedule', 'judge', judgeId),
    queryFn: async () => {
      await load();
      return Date.now();
    },
    enabled: phase === 'ready' && competition !== null,
    staleTime: Infinity,
  });

  if (phase === 'loading')
    return (
      <div className="judge judge-centre">
        <Loader aria-label={t('loading')} />
      </div>
    );
  if (phase === 'nojudge')
    return (
      <div className="judge judge-centre">
        <h1>{t('noJudge.title')}</h1>
        <p>{t('noJudge.text')}</p>
      </div>
    );
  if (phase === 'offline' || !competition)
    return (
      <div className="judge judge-centre">
        <h1>{t('offline.title')}</h1>
        <p>{t('offline.text')}</p>
        <Button size="lg" onClick={() => void load()}>
          {t('retry')}
        </Button>
      </div>
    );
  if (phase === 'signin')
    return (
      <SignIn
        competition={competition}
        judgeId={judgeId}
        owner={owner}
        onSignedIn={() => signedIn(true)}
        onUnknown={() => setPhase('nojudge')}
      />
    );
  return (
    <Marking
      competition={competition}
      judgeId={judgeId}
      view={view!}
      online={online}
      fromDevice={fromDevice}
      reload={load}
      onSignedOut={() => signedIn(false)}
    />
  );
}

/**
 * Whose tablet this is, from the competition's public list of officials: 'unknown' when the id is no
 * judge of it, null when the list cannot be read (offline) — the code is asked for either way.
 */
async function tabletOwner(competition: string, judgeId: number): Promise<TabletOwner | 'unknown' | null> {
  try {
    const { officials } = await call(endpoints.getCompetitionsOne, { key: competition });
    const judge = officials.find((o) => o.id === judgeId && o.role === 'Judge');
    return judge ? { name: judge.name, letter: judge.letter } : 'unknown';
  } catch {
    return null;
  }
}
