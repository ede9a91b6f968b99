/**
 * A generated competition for "Suggest a schedule": its tests and `npm run bench` time the
 * suggestion on it. Deterministic for a seed. Defaults: 1,000 entries in 50 events (30 with three
 * rounds, 10 with two, 10 finals only) = 120 rounds on two floors, 600 dancers who each enter the events of
 * their level and two or three styles, a lunch break on the main floor and awards at the end of it, in the order an organizer
 * would write it by hand: first rounds, then semi-finals, then finals, events alternating floors.
 */
import { seededRandom, shuffleWith } from './random.ts';
import type { SchedulePerson } from './scheduleConflicts.ts';
import type { SuggestInput, SuggestRound } from './scheduleSuggest.ts';

export interface SampleOptions {
  seed?: number;
  floors?: readonly string[];
  /** Dancers (each leads or follows in several entries). */
  dancers?: number;
  minRestMinutes?: number;
}

const STYLES = ['Standard', 'Latin', 'Smooth', 'Rhythm'];
const LEVELS = ['Newcomer', 'Bronze', 'Silver', 'Gold', 'Open'];

export function sampleCompetition(options: SampleOptions = {}): SuggestInput & { entries: number } {
  const random = seededRandom(options.seed ?? 1000);
  const floors = options.floors ?? ['Main', 'Side'];
  const dancers = options.dancers ?? 600;
  const people: SchedulePerson[] = Array.from({ length: dancers }, (_, i) => ({
    key: `p${i}`,
    name: `Dancer ${i + 1}`,
  }));
  const perDanceSeconds = 90;
  const heatSize = 12;
  // [rounds, entries] per event: 30×(3, 25) + 10×(2, 15) + 10×(1, 10) = 120 rounds, 1,000 entries.
  const shapes = [
    ...Array.from({ length: 30 }, () => [3, 25] as const),
    ...Array.from({ length: 10 }, () => [2, 15] as const),
    ...Array.from({ length: 10 }, () => [1, 10] as const),
  ];
  // Each dancer has a level and two or three styles, and enters events of those (or the level next
  // to theirs when an event needs more couples), as collegiate dancers do.
  const profile = people.map(() => ({
    level: Math.floor(random() * LEVELS.length),
    styles: new Set(shuffleWith(STYLES, random).slice(0, 2 + Math.floor(random() * 2))),
  }));
  const events = shuffleWith(shapes, random).map(([roundCount, entryCount], e) => {
    const style = STYLES[e % STYLES.length]!;
    const levelIndex = Math.floor(e / STYLES.length) % LEVELS.length;
    const dances = 3 + Math.floor(random() * 3);
    const fit = (i: number) =>
      (profile[i]!.styles.has(style) ? 0 : 2) + Math.abs(profile[i]!.level - levelIndex);
    // Nobody twice in one event: the best fitting dancers, ties drawn at random.
    const members = shuffleWith(
      people.map((_, i) => i),
      random,
    )
      .sort((a, b) => fit(a) - fit(b))
      .slice(0, entryCount * 2)
      .map((i) => people[i]!);
    return { key: `e${e + 1}`, style, level: LEVELS[levelIndex]!, roundCount, dances, members };
  });
  const rounds: SuggestRound[] = [];
  const roundPeople = new Map<string, SchedulePerson[]>();
  let index = 0;
  // By hand: all first rounds, then every later round by how far it is from the final.
  for (let fromFinal = 2; fromFinal >= 0; fromFinal--) {
    for (const [e, ev] of events.entries()) {
      const number = ev.roundCount - fromFinal;
      if (number < 1) continue;
      const couples = number === 1 ? ev.members.length / 2 : Math.min(ev.members.length / 2, heatSize);
      const heats = Math.ceil(couples / heatSize);
      const roundId = `${ev.key}-R${number}`;
      rounds.push({
        roundId,
        eventKey: ev.key,
        roundNumber: number,
        floor: floors[e % floors.length]!,
        scheduleIndex: ++index,
        durationMs: ev.dances * heats * perDanceSeconds * 1000,
        fixed: false,
        setStart: null,
        item: null,
        style: ev.style,
        level: ev.level,
      });
      // Recalls are not known: every couple of the event could dance every round.
      roundPeople.set(roundId, ev.members);
    }
    if (fromFinal === 1) rounds.push(item('lunch', 'Break', ++index, 30));
  }
  rounds.push(item('awards', 'Awards', ++index, 15));

  function item(key: string, kind: 'Awards' | 'Break', scheduleIndex: number, minutes: number): SuggestRound {
    return {
      roundId: `${key}-R1`,
      eventKey: key,
      roundNumber: 1,
      floor: floors[0]!,
      scheduleIndex,
      durationMs: minutes * 60_000,
      fixed: false,
      setStart: null,
      item: kind,
    };
  }

  return {
    rounds,
    floors,
    people: roundPeople,
    minRestMinutes: options.minRestMinutes ?? 20,
    timing: { firstStartTime: '2026-11-28T09:00:00.000Z', perDanceSeconds, transitionSeconds: 60 },
    now: Date.parse('2026-11-27T12:00:00.000Z'),
    entries: events.reduce((sum, ev) => sum + ev.members.length / 2, 0),
  };
}
