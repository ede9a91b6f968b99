/**
 * Test helpers: an event of our own, marked through the API by the demo judges. The final's marks come
 * from Dawson's Example M (src/domain/scoring/examples), which needs Rule 11 three times.
 */
import dawsonM from '../../../domain/scoring/examples/final-dawson-m.json' with { type: 'json' };
import type { z } from 'zod';
import type { eventCreate } from '../../../domain/schemas/events.ts';
import type { Client } from '../harness.ts';
import type { Judge } from './testFlow.ts';

export const DAWSON_DANCES = Object.keys(dawsonM.final);
const API = '/api/v1/competitions/demo';

async function ok<T = unknown>(res: Promise<{ status: number; body: unknown }>): Promise<T> {
  const r = await res;
  if (r.status >= 300) throw new Error(`${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
  return r.body as T;
}

export interface TestEvent {
  key: string;
  name: string;
  path: string;
  /** Couple numbers assigned by the server, ascending. */
  couples: string[];
}

type EventInput = z.input<typeof eventCreate>;

/**
 * Adds an event to the demo through the API (failing on any answer but success) and answers its key;
 * `more` sets the other fields (scoring system, round naming …).
 */
export async function addEvent(
  admin: Client,
  name: string,
  style: EventInput['style'],
  level: EventInput['level'],
  dances: string[],
  more: Partial<EventInput> = {},
): Promise<string> {
  return (await ok<{ key: string }>(admin.post(`${API}/events`, { name, style, level, dances, ...more })))
    .key;
}

/** Creates an event with `couples` entries (team `team`) judged by the five demo judges, rounds generated. */
export async function createEvent(
  admin: Client,
  opts: { name: string; dances: string[]; couples: number; team?: string; level?: string },
): Promise<TestEvent> {
  const ev = await ok<{ key: string }>(
    admin.post(`${API}/events`, {
      name: opts.name,
      style: 'Standard',
      level: opts.level ?? 'Gold',
      dances: opts.dances,
    }),
  );
  const path = `${API}/events/${ev.key}`;
  const numbers: string[] = [];
  for (let i = 1; i <= opts.couples; i++) {
    const e = await ok<{ leadNumber: number }>(
      admin.post(`${path}/entries`, {
        leadName: `Lead ${i} ${opts.name}`,
        followName: `Follow ${i} ${opts.name}`,
        affiliation: opts.team ?? 'Riverside University',
      }),
    );
    numbers.push(String(e.leadNumber));
  }
  await ok(admin.put(`${path}/panel`, { officialIds: [1, 2, 3, 4, 5] }));
  await ok(admin.post(`${path}/rounds/generate`, {}));
  return { key: ev.key, name: opts.name, path, couples: numbers.sort((a, b) => +a - +b) };
}

/** Marks a final from Example M: example couples 25…75 become the event's six couples in order. */
export async function markDawsonFinal(ev: TestEvent, round: number, judges: Judge[]): Promise<void> {
  const exampleCouples = Object.keys(dawsonM.final.Waltz).sort((a, b) => +a - +b);
  for (const [j, judge] of judges.entries()) {
    const body: Record<string, Record<string, number>> = {};
    for (const [dance, byCouple] of Object.entries(dawsonM.final)) {
      body[dance] = Object.fromEntries(
        exampleCouples.map((c, i) => [ev.couples[i]!, (byCouple as Record<string, number[]>)[c]![j]!]),
      );
    }
    await ok(judge.client.put(`${ev.path}/rounds/${round}/marks/${judge.id}`, body));
  }
}

/** The example couple (25, 35, …) of one of the event's couple numbers, for reading expectations. */
export function dawsonCouple(ev: TestEvent, example: string): string {
  const exampleCouples = Object.keys(dawsonM.final.Waltz).sort((a, b) => +a - +b);
  return ev.couples[exampleCouples.indexOf(example)]!;
}

/** Every judge marks the first `recall` couples in every dance (no tie). */
export async function markRecall(
  ev: TestEvent,
  round: number,
  judges: Judge[],
  dances: string[],
  recall: string[],
): Promise<void> {
  for (const judge of judges) {
    const body = Object.fromEntries(dances.map((d) => [d, recall]));
    await ok(judge.client.put(`${ev.path}/rounds/${round}/marks/${judge.id}`, body));
  }
}

export { ok };
