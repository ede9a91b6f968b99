import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { Alert, Button, Loader, TextInput, useMantineColorScheme } from '@mantine/core';
import { api, ApiError } from '../../api/client.ts';
import { useQuery } from '@tanstack/react-query';
import { competitionQueryKey } from '../../api/queries/keys.ts';
import { type SiteInfo } from '../../api/types.ts';
import { usePageTitle } from '../../components/usePageTitle.ts';
import {
  flushOutbox,
  outbox,
  judgeOrder,
  loadDraft,
  loadRounds,
  saveDraft,
  saveRounds,
  sendToServer,
  submitDance,
  type DanceRef,
  type DanceValue,
  type Draft,
  type JudgeRound,
  type JudgeRoundsView,
} from './judgeStore.ts';
import { isComplete, pickPlace, tapCouple, type Placing } from './placing.ts';
import { registerJudgeShell } from './offlineShell.ts';
import './judge.css';

const SITE_CACHE = 'promenade.judge.competition';

type Phase = 'loading' | 'signin' | 'nojudge' | 'ready' | 'offline';

const ordinal = (n: number) => {
  const s = n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${s}`;
};

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
      key = (await api.get<SiteInfo>('/site')).competition;
      localStorage.setItem(SITE_CACHE, key);
    } catch {
      // Offline: the competition this tablet last used.
    }
    if (!key) return setPhase('offline');
    setCompetition(key);
    try {
      const fresh = await api.get<JudgeRoundsView>(`/competitions/${key}/judges/${judgeId}/rounds`);
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
    const panels = await api.get<{ officialIds: number[] }[]>(`/competitions/${competition}/panels`);
    return panels.length === 0 || panels.some((p) => p.officialIds.includes(judgeId));
  } catch {
    return true;
  }
}

function useOnline() {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);
  return online;
}

function SignIn(props: {
  competition: string;
  judgeId: number;
  onSignedIn: () => void;
  onUnknown: () => void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await api.post(`/competitions/${props.competition}/officials/${props.judgeId}/session`, {
        code: code.trim(),
      });
      props.onSignedIn();
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) return props.onUnknown();
      setError(err instanceof ApiError ? err.message : 'Could not sign in. Try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <main className="judge judge-centre">
      <form className="judge-signin" onSubmit={(e) => void submit(e)}>
        <h1>Judge sign-in</h1>
        <p>Enter the access code the scrutineer gave you.</p>
        <TextInput
          label="Access code"
          size="xl"
          autoComplete="off"
          autoCapitalize="characters"
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          error={error}
          required
        />
        <Button type="submit" size="xl" color="blue.7" fullWidth loading={busy} mt="md">
          Sign in
        </Button>
      </form>
    </main>
  );
}

interface MarkingProps {
  competition: string;
  judgeId: number;
  view: JudgeRoundsView;
  online: boolean;
  fromDevice: boolean;
  reload: () => Promise<void>;
  onSignedOut: () => void;
}

const roundId = (r: JudgeRound) => `${r.eventKey}|${r.roundNumber}`;

function Marking({ competition, judgeId, view, online, fromDevice, reload, onSignedOut }: MarkingProps) {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
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

  // The round's drafts: the device's own first, else what the server already has from this judge.
  const refreshDrafts = useCallback(async () => {
    if (!round) return;
    const next: Record<string, Draft> = {};
    for (const d of round.dances) {
      const local = await loadDraft(ref(d)!);
      const server = round.marks[d]?.[String(judgeId)];
      const k = `${roundId(round)}|${d}`;
      if (local) next[k] = local;
      else if (server) next[k] = { value: server.value, state: 'confirmed', updatedAt: 0 };
    }
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
  const flush = useCallback(async () => {
    if (flushing.current) return;
    flushing.current = true;
    try {
      const out = await flushOutbox(competition, judgeId, sendToServer);
      await refreshDrafts();
      if (timer.current) clearTimeout(timer.current);
      if (out.nextAttemptAt !== null)
        timer.current = setTimeout(() => void flush(), Math.max(500, out.nextAttemptAt - Date.now()));
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

  // Signing out with marks still waiting on the device would strand them: wait until they are sent.
  const [signOutBlocked, setSignOutBlocked] = useState<string | null>(null);
  const signOut = async () => {
    const waiting = await outbox(competition, judgeId);
    if (waiting.length > 0) {
      setSignOutBlocked(
        `${waiting.length} dance${waiting.length === 1 ? ' is' : 's are'} saved on this tablet but not sent yet. Sign out once the Wi-Fi is back and they show "confirmed".`,
      );
      return;
    }
    await api.post('/auth/logout').catch(() => undefined);
    onSignedOut();
  };

  const header = (
    <header className="judge-top">
      <div>
        <div className="judge-kicker">
          {view.judge.letter ? `Judge ${view.judge.letter} · ` : ''}
          {view.judge.name}
        </div>
        <h1 className="judge-title">
          {round ? `${round.eventName} — ${round.roundName}` : 'Nothing to mark now'}
        </h1>
      </div>
      <div className="judge-top-actions">
        <span className={`judge-net ${online ? 'on' : 'off'}`}>{online ? 'Online' : 'Offline'}</span>
        <Button
          variant="default"
          size="md"
          onClick={() => setColorScheme(colorScheme === 'dark' ? 'light' : 'dark')}
          aria-label="Toggle dark theme"
        >
          {colorScheme === 'dark' ? 'Light' : 'Dark'}
        </Button>
        <Button variant="default" size="md" onClick={() => void signOut()}>
          Sign out
        </Button>
      </div>
      {signOutBlocked && (
        <Alert color="orange" title="Not signed out" className="judge-signout-alert">
          {signOutBlocked}
        </Alert>
      )}
    </header>
  );

  if (!round || !dance)
    return (
      <main className="judge">
        {header}
        <div className="judge-centre">
          <p>
            No round is waiting for your marks. When the scrutineer starts your next round it appears here.
          </p>
          <Button size="lg" onClick={() => void reload()}>
            Check again
          </Button>
        </div>
      </main>
    );

  const current = drafts[dk(dance)];
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
        Next dance: {nextDance} →
      </Button>
    ) : null;

  return (
    <main className="judge">
      {header}
      {fromDevice && (
        <div className="judge-note">Showing the rounds kept on this device; marks are sent when online.</div>
      )}
      {rounds.length > 1 && (
        <nav className="judge-tabs" aria-label="Rounds">
          {rounds.map((r) => (
            <button
              key={roundId(r)}
              type="button"
              className="judge-tab"
              aria-current={roundId(r) === roundId(round)}
              onClick={() => {
                setRoundKey(roundId(r));
                setDance(r.missing[0] ?? r.dances[0] ?? null);
              }}
            >
              {r.eventName} · {r.roundName}
            </button>
          ))}
        </nav>
      )}
      <nav className="judge-tabs" aria-label="Dances">
        {round.dances.map((d) => (
          <button
            key={d}
            type="button"
            className="judge-tab"
            aria-current={d === dance}
            onClick={() => setDance(d)}
          >
            <span className={`judge-dot ${drafts[dk(d)]?.state ?? 'none'}`} aria-hidden />
            {d}
          </button>
        ))}
      </nav>
      {round.kind === 'recall' ? (
        <RecallDance
          key={`${roundId(round)}|${dance}`}
          round={round}
          judgeId={judgeId}
          value={Array.isArray(current?.value) ? current.value : []}
          onChange={setValue}
          onSubmit={submit}
          sync={<SyncState draft={current} online={online} />}
          next={next}
        />
      ) : (
        <FinalDance
          key={`${roundId(round)}|${dance}`}
          round={round}
          judgeId={judgeId}
          dance={dance}
          value={current && !Array.isArray(current.value) ? current.value : {}}
          onChange={setValue}
          onSubmit={(v) => submit(v, false)}
          sync={<SyncState draft={current} online={online} />}
          next={next}
        />
      )}
    </main>
  );
}

function SyncState({ draft, online }: { draft: Draft | undefined; online: boolean }) {
  let text: string;
  let tone: string;
  if (!draft) [text, tone] = ['Nothing marked yet', 'none'];
  else if (draft.state === 'draft') [text, tone] = ['Saved on this device — not sent yet', 'draft'];
  else if (draft.state === 'sending')
    [text, tone] = online
      ? ['Sending…', 'sending']
      : ['Saved on this device — sending when the network is back', 'waiting'];
  else if (draft.state === 'confirmed')
    [text, tone] = ["Sent — confirmed by the scrutineer's server", 'confirmed'];
  else [text, tone] = [`Not accepted: ${draft.message ?? 'the server refused these marks.'}`, 'refused'];
  return (
    <div className={`judge-sync ${tone}`} role="status" aria-live="polite">
      {text}
    </div>
  );
}

interface RecallProps {
  round: JudgeRound;
  judgeId: number;
  value: string[];
  onChange: (v: string[]) => void;
  onSubmit: (v: string[], override: boolean) => Promise<void>;
  sync: React.ReactNode;
  next: React.ReactNode;
}

function RecallDance({ round, judgeId, value, onChange, onSubmit, sync, next }: RecallProps) {
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

interface FinalProps {
  round: JudgeRound;
  judgeId: number;
  dance: string;
  value: Placing;
  onChange: (v: Placing) => void;
  onSubmit: (v: Placing) => Promise<void>;
  sync: React.ReactNode;
  next: React.ReactNode;
}

function FinalDance({ round, judgeId, dance, value, onChange, onSubmit, sync, next }: FinalProps) {
  const couples = useMemo(
    () => judgeOrder(round.couples, `${judgeId}|${round.eventKey}|${round.roundNumber}`),
    [round, judgeId],
  );
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
      <section className="judge-grid" aria-label="Couples">
        {couples.map((c) => {
          const place = value[c];
          return (
            <div key={c} className="judge-final-cell">
              <button
                type="button"
                className="judge-tile"
                aria-pressed={place !== undefined}
                aria-label={`Couple ${c}${place ? `, placed ${ordinal(place)}` : ''}`}
                onClick={() => change(tapCouple(value, c, n))}
              >
                <span className="judge-tile-number">{c}</span>
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
        })}
      </section>
      <footer className="judge-bar">
        {reviewing ? (
          <div className="judge-confirm">
            <p>
              <strong>{dance}</strong> — check your places:
            </p>
            <ul className="judge-review">
              {inOrder.map((c) => (
                <li key={c}>
                  {ordinal(value[c]!)}: <strong>{c}</strong>
                </li>
              ))}
            </ul>
            <div className="judge-bar-row">
              <Button size="lg" variant="default" onClick={() => setReviewing(false)}>
                Back to marking
              </Button>
              <Button
                size="lg"
                color="blue.7"
                onClick={() => void onSubmit(value).then(() => setReviewing(false))}
              >
                Send these places
              </Button>
            </div>
          </div>
        ) : (
          <div className="judge-bar-row">
            <div>
              <div className={`judge-count ${complete ? 'ok' : ''}`}>
                {placed} of {n} placed
              </div>
              {sync}
            </div>
            {next}
            <Button
              size="xl"
              color="blue.7"
              onClick={() => setReviewing(true)}
              disabled={!complete}
              className="judge-submit"
            >
              {complete ? 'Review' : `Place all ${n}`}
            </Button>
          </div>
        )}
      </footer>
      {!complete && placed > 0 && (
        <Alert color="gray" variant="light" className="judge-note">
          Every couple needs its own place before you can submit.
        </Alert>
      )}
    </>
  );
}
