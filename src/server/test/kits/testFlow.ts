/** Test helpers for the marking flow: judges signed in with their codes, a two-round demo event. */
import { beforeAll, expect } from 'vitest';
import { Client, type TestServer } from '../harness.ts';
import { seededShuffle } from '../../../domain/random.ts';

export interface Judge {
  id: number;
  name: string;
  client: Client;
}

/** Signs in every demo official of a role with their access code, each in their own "tablet". */
export async function signIn(s: TestServer, role: string, key = 'demo'): Promise<Judge[]> {
  const out: Judge[] = [];
  for (const o of s.demo?.codes.filter((c) => c.role === role) ?? []) {
    const client = new Client(s.url);
    const res = await client.post(`/api/v1/competitions/${key}/officials/${o.id}/session`, {
      code: o.accessCode,
    });
    if (res.status !== 200) throw new Error(`could not sign in ${o.name}: ${res.status}`);
    out.push({ id: o.id, name: o.name, client });
  }
  return out;
}

export interface Crew {
  judges: Judge[];
  scrutineer: Client;
  deck: Client;
  chairman: Client;
}

/** Every demo judge, and the first scrutineer, deck captain and chairman, each on their own tablet. */
export async function signInCrew(s: TestServer): Promise<Crew> {
  const first = async (role: string) => {
    const [official] = await signIn(s, role);
    if (!official) throw new Error(`the demo has no ${role}`);
    return official.client;
  };
  return {
    judges: await signIn(s, 'Judge'),
    scrutineer: await first('Scrutineer'),
    deck: await first('Deck Captain'),
    chairman: await first('Chairman'),
  };
}

/**
 * The crew of `signInCrew`, signed in before a test file's tests (after its server starts). The clients
 * and the judges' list exist at once, so a file takes them apart at its top; they work from its first
 * hook on.
 */
export function useCrew(s: TestServer): Crew {
  const tablet = () => new Client(() => s.url);
  const crew: Crew = { judges: [], scrutineer: tablet(), deck: tablet(), chairman: tablet() };
  beforeAll(async () => {
    const signedIn = await signInCrew(s);
    crew.judges.push(...signedIn.judges);
    for (const role of ['scrutineer', 'deck', 'chairman'] as const) crew[role].cookie = signedIn[role].cookie;
  });
  return crew;
}

export interface EventInfo {
  key: string;
  name: string;
  dances: string[];
  rounds: { roundNumber: number; recallSize: number; roundState: number }[];
  entries: { leadNumber: number; scratched: boolean }[];
}

/** Demo events with exactly two rounds (Semi-Final, Final) and at least `min` couples. */
export async function twoRoundEvents(admin: Client, min = 9): Promise<EventInfo[]> {
  const events = (await admin.get('/api/v1/competitions/demo/events')).body as EventInfo[];
  return events.filter(
    (e) =>
      e.rounds.length === 2 && e.entries.filter((x) => !x.scratched).length >= min && e.dances.length >= 2,
  );
}

/** The first of the `twoRoundEvents` with its Semi-Final started: the event, the round's path and couples. */
export async function startedSemiFinal(
  admin: Client,
): Promise<{ ev: EventInfo; semi: string; couples: string[] }> {
  const ev = (await twoRoundEvents(admin))[0]!;
  const semi = roundPath(ev.key, 1);
  const started = await admin.post(`${semi}/start`, {});
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  return { ev, semi, couples: started.body.round.couples };
}

/** The two-round demo events of `twoRoundEvents`, listed before a test file's tests. */
export function useTwoRoundEvents(admin: Client): EventInfo[] {
  const events: EventInfo[] = [];
  beforeAll(async () => {
    events.push(...(await twoRoundEvents(admin)));
  });
  return events;
}

/** A deterministic shuffle, so a failing test fails the same way again. */
export function shuffled<T>(items: readonly T[], seed: number): T[] {
  return seededShuffle(items, seed);
}

export const roundPath = (eventKey: string, n: number, key = 'demo') =>
  `/api/v1/competitions/${key}/events/${eventKey}/rounds/${n}`;
