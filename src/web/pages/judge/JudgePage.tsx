import { useCallback, useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { Button, Loader } from '@mantine/core';
import { api, ApiError } from '../../api/client.ts';
import { useQuery } from '@tanstack/react-query';
import { paths } from '../../api/paths.ts';
import { competitionQueryKey } from '../../api/queries/keys.ts';
import type { JudgeRoundsView, Panel, SiteInfo } from '../../api/types.ts';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { loadRounds, saveRounds } from './judgeStore.ts';
import { Marking } from './Marking.tsx';
import { SignIn } from './SignIn.tsx';
import { useOnline } from './useOnline.ts';
import { registerJudgeShell } from './offlineShell.ts';
import './judge.css';

const SITE_CACHE = 'promenade.judge.competition';

type Phase = 'loading' | 'signin' | 'nojudge' | 'ready' | 'offline';

/** /judges/{judgeid}: the judge's tablet. Signs in with the access code, marks one dance per screen. */
export default function JudgePage() {
  const judgeId = Number(useParams().judgeid);
  usePageTitle('Mark entry');
  const [competition, setCompetition] = useState<string | null>(() => localStorage.getItem(SITE_CACHE));
  const [phase, setPhase] = useState<Phase>('loading');
  const [view, setView] = useState<JudgeRoundsView | null>(null);
  const [fromDevice, setFromDevice] = useState(false);
  const online = useOnline();

  const load = useCallback(async () => {
    if (!Number.isInteger(judgeId) || judgeId < 1) return setPhase('nojudge');
    let key = localStorage.getItem(SITE_CACHE);
    try {
      key = (await api.get<SiteInfo>(paths.site())).competition;
      localStorage.setItem(SITE_CACHE, key);
    } catch {
      // Offline: the competition this tablet last used.
    }
    if (!key) return setPhase('offline');
    setCompetition(key);
    try {
      const fresh = await api.get<JudgeRoundsView>(paths.judgeRounds(key, judgeId));
      await saveRounds(key, judgeId, fresh);
      setView(fresh);
      setFromDevice(false);
      setPhase('ready');
    } catch (e) {
      if (e instanceof ApiError && (e.status === 401 || e.status === 403)) {
        // Sign-in does not say whether an id exists (no guessing of officials); the public panels do.
        const known = await isKnownJudge(key, judgeId);
        return setPhase(known ? 'signin' : 'nojudge');
      }
      if (e instanceof ApiError && e.status === 404) return setPhase('nojudge');
      const kept = await loadRounds(key, judgeId);
      if (!kept) return setPhase('offline');
      setView(kept);
      setFromDevice(true);
      setPhase('ready');
    }
  }, [judgeId]);

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
      <main className="judge judge-centre">
        <Loader aria-label="Loading" />
      </main>
    );
  if (phase === 'nojudge')
    return (
      <main className="judge judge-centre">
        <h1>No judge found.</h1>
        <p>Check the judge number in the address with the scrutineer.</p>
      </main>
    );
  if (phase === 'offline' || !competition)
    return (
      <main className="judge judge-centre">
        <h1>No connection</h1>
        <p>This tablet has not loaded your rounds yet. Connect to the venue Wi-Fi and try again.</p>
        <Button size="lg" onClick={() => void load()}>
          Try again
        </Button>
      </main>
    );
  if (phase === 'signin')
    return (
      <SignIn
        competition={competition}
        judgeId={judgeId}
        onSignedIn={load}
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
      onSignedOut={() => setPhase('signin')}
    />
  );
}

/** True unless the public panels are readable and this id is on none of them. */
async function isKnownJudge(competition: string, judgeId: number): Promise<boolean> {
  try {
    const panels = await api.get<Panel[]>(paths.panels(competition));
    return panels.length === 0 || panels.some((p) => p.officialIds.includes(judgeId));
  } catch {
    return true;
  }
}
