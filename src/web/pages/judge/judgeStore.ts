import * as endpoints from '../../../domain/schemas/endpoints.ts';
import { ApiError, call } from '../../api/client.ts';
import { roundParams } from '../../api/paths.ts';
/**
 * The judge tablet's memory: every tap is kept in IndexedDB at once (a draft per dance), a submitted dance
 * waits in an outbox until the server confirms it, so closing the tablet or losing Wi-Fi loses nothing.
 */
import { createStore, del, entries, get, set } from 'idb-keyval';
import type { JudgeRoundsView } from '../../api/types.ts';

/** One dance's marks as the API takes them: recall = couple numbers, final = couple → place. */
/** Recall: couples marked; final: couple → place; AJS: couple → {component: score}. */
export type DanceValue = string[] | Record<string, number> | Record<string, Record<string, number>>;

export interface DanceRef {
  competition: string;
  judgeId: number;
  eventKey: string;
  roundNumber: number;
  dance: string;
}

/** draft = saved on this device only; sending = in the outbox; confirmed = the server answered 200. */
export type SyncState = 'draft' | 'sending' | 'confirmed' | 'refused';

export interface Draft {
  value: DanceValue;
  state: SyncState;
  /** Why the server refused the marks (e.g. the round is posted), in its (English) words. */
  message?: string;
  /** The refusal's code and the details that word it in the judge's language (refusal.ts). */
  refusal?: Refusal;
  /** The server's receipt for the confirmed marks (a checksum of what it stored). */
  receipt?: string;
  updatedAt: number;
}

/**
 * A refusal as the tablet keeps it: the server's code and the few details its words need (the dances
 * locked, the dance and problem of invalid marks), never the marks the server attached.
 */
export interface Refusal {
  code: string;
  dances?: string[];
  dance?: string;
  problem?: string;
}

export interface OutboxItem extends DanceRef {
  /** The Idempotency-Key: a resend after a lost answer is recognised and not saved twice. */
  id: string;
  value: DanceValue;
  override: boolean;
  queuedAt: number;
  attempts: number;
  /** Not before this time (ms since epoch): the backoff after a failed attempt. */
  nextAttemptAt: number;
}

let store: ReturnType<typeof createStore> | undefined;
/** Created lazily so tests can install fake-indexeddb before the first use. */
function db() {
  store ??= createStore('promenade-judge', 'marks');
  return store;
}

const danceKey = (r: DanceRef) =>
  [r.competition, r.judgeId, r.eventKey, r.roundNumber, r.dance].map(String).join('|');

export const draftKey = (r: DanceRef) => `draft|${danceKey(r)}`;
export const outboxKey = (r: DanceRef) => `outbox|${danceKey(r)}`;
const roundsKey = (competition: string, judgeId: number) => `rounds|${competition}|${judgeId}`;

export async function saveDraft(
  ref: DanceRef,
  value: DanceValue,
  state: SyncState = 'draft',
  message?: string,
  receipt?: string,
  refusal?: Refusal,
) {
  const draft: Draft = {
    value,
    state,
    updatedAt: Date.now(),
    ...(message ? { message } : {}),
    ...(refusal ? { refusal } : {}),
    ...(receipt ? { receipt } : {}),
  };
  await set(draftKey(ref), draft, db());
  return draft;
}

export function loadDraft(ref: DanceRef): Promise<Draft | undefined> {
  return get<Draft>(draftKey(ref), db());
}

/** The last rounds the server sent, so a reload without network still shows the couples. */
export function saveRounds(competition: string, judgeId: number, view: JudgeRoundsView) {
  return set(roundsKey(competition, judgeId), view, db());
}

export function loadRounds(competition: string, judgeId: number): Promise<JudgeRoundsView | undefined> {
  return get<JudgeRoundsView>(roundsKey(competition, judgeId), db());
}

const sessionNote = (competition: string, judgeId: number) =>
  `promenade.judge.session|${competition}|${judgeId}`;

/** Notes that this tablet signed the judge in (or out), so it knows before asking the server. */
export function noteSignedIn(competition: string, judgeId: number, signedIn: boolean) {
  localStorage.setItem(sessionNote(competition, judgeId), signedIn ? 'in' : 'out');
}

/**
 * Whether the judge may still be signed in on this tablet. Asking the server for the rounds of a judge
 * who is not signed in only earns a 401, so a tablet never signed in goes straight to the code. A
 * tablet signed in before this note existed still has the judge's rounds kept: it asks.
 */
export async function maybeSignedIn(competition: string, judgeId: number): Promise<boolean> {
  const note = localStorage.getItem(sessionNote(competition, judgeId));
  if (note !== null) return note === 'in';
  return (await loadRounds(competition, judgeId)) !== undefined;
}

function newKey(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/**
 * Puts a submitted dance in the outbox (replacing an unsent older version of the same dance: only the
 * judge's latest word is sent) and marks the draft as sending.
 */
export async function submitDance(ref: DanceRef, value: DanceValue, override: boolean): Promise<OutboxItem> {
  const item: OutboxItem = {
    ...ref,
    id: newKey(),
    value,
    override,
    queuedAt: Date.now(),
    attempts: 0,
    nextAttemptAt: 0,
  };
  await set(outboxKey(ref), item, db());
  await saveDraft(ref, value, 'sending');
  return item;
}

export async function outbox(competition: string, judgeId: number): Promise<OutboxItem[]> {
  const prefix = `outbox|${competition}|${judgeId}|`;
  const all = await entries<IDBValidKey, OutboxItem>(db());
  return all
    .filter(([k]) => typeof k === 'string' && k.startsWith(prefix))
    .map(([, v]) => v)
    .sort((a, b) => a.queuedAt - b.queuedAt);
}

export type SendResult =
  | { kind: 'confirmed'; receipt?: string }
  | { kind: 'retry' }
  | { kind: 'refused'; code: string; message: string; details?: unknown };

/** The code and the details worth keeping of a refusal (strings only, as the server sends them). */
function refusalOf(result: { code: string; details?: unknown }): Refusal {
  const d = (typeof result.details === 'object' && result.details !== null ? result.details : {}) as Record<
    string,
    unknown
  >;
  const dances = Array.isArray(d.dances) ? d.dances.filter((x): x is string => typeof x === 'string') : [];
  return {
    code: result.code,
    ...(dances.length ? { dances } : {}),
    ...(typeof d.dance === 'string' ? { dance: d.dance } : {}),
    ...(typeof d.problem === 'string' ? { problem: d.problem } : {}),
  };
}

/** 1 s, 2 s, 4 s … at most 30 s between attempts. */
export function backoffMs(attempts: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.max(0, attempts - 1));
}

/**
 * Sends every due outbox item once. Confirmed → removed, draft confirmed; refused (4xx) → removed, the
 * draft keeps the server's reason; network trouble / 5xx → kept with a later `nextAttemptAt`.
 * Returns the time of the next due attempt, or null when the outbox is empty.
 */
export async function flushOutbox(
  competition: string,
  judgeId: number,
  send: (item: OutboxItem) => Promise<SendResult>,
  now: () => number = Date.now,
): Promise<{ confirmed: number; refused: number; nextAttemptAt: number | null }> {
  let confirmed = 0;
  let refused = 0;
  for (const item of await outbox(competition, judgeId)) {
    if (item.nextAttemptAt > now()) continue;
    const result = await send(item);
    // A newer version of the dance may have been queued while this one was on the way.
    const latest = await get<OutboxItem>(outboxKey(item), db());
    const superseded = latest !== undefined && latest.id !== item.id;
    if (result.kind === 'retry') {
      if (!superseded) {
        const attempts = item.attempts + 1;
        await set(outboxKey(item), { ...item, attempts, nextAttemptAt: now() + backoffMs(attempts) }, db());
      }
      continue;
    }
    if (superseded) continue;
    await del(outboxKey(item), db());
    if (result.kind === 'confirmed') {
      confirmed++;
      await saveDraft(item, item.value, 'confirmed', undefined, result.receipt);
    } else {
      refused++;
      await saveDraft(item, item.value, 'refused', result.message, undefined, refusalOf(result));
    }
  }
  const left = await outbox(competition, judgeId);
  return {
    confirmed,
    refused,
    nextAttemptAt: left.length ? Math.min(...left.map((i) => i.nextAttemptAt)) : null,
  };
}

/** The real sender: PUT the one dance with its Idempotency-Key, through the one API client. */
export async function sendToServer(item: OutboxItem): Promise<SendResult> {
  const params = {
    ...roundParams(item.competition, item),
    officialId: item.judgeId,
    override: item.override ? ('true' as const) : undefined,
  };
  try {
    const saved = await call(
      endpoints.putEventsRoundsMarksOne,
      params,
      { [item.dance]: item.value },
      { 'idempotency-key': item.id },
    );
    return { kind: 'confirmed', ...(saved?.receipt ? { receipt: saved.receipt } : {}) };
  } catch (e) {
    if (!(e instanceof ApiError)) return { kind: 'retry' };
    // No network (0), signed out (401, worth retrying after signing in again), timeouts, load and 5xx may pass.
    if (e.status === 0 || e.status >= 500 || e.status === 401 || e.status === 408 || e.status === 429)
      return { kind: 'retry' };
    return { kind: 'refused', code: e.code, message: e.message, details: e.details };
  }
}
