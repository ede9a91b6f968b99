/**
 * The message both dancers receive when their entries change (by themselves, or by the organizer):
 * what changed, line by line, and the events they are in now.
 */
import { composeMessage, namesTogether, type ComposedMessage, type MessageBlock } from './compose.ts';

/** An event as a change names it; the style pairs a dropped event with an added one into a move. */
export interface ChangedEvent {
  name: string;
  style: string;
}

export interface EntriesChange {
  added: string[];
  removed: string[];
  /** Out of one event and into another of the same style, in one change. */
  moved: { from: string; to: string }[];
  scratched: string[];
  /** A scratch taken back: the couple dances the event again. */
  reinstated: string[];
}

export const NO_CHANGE: EntriesChange = { added: [], removed: [], moved: [], scratched: [], reinstated: [] };

/**
 * Events dropped and added in one change. A dropped event and an added one of the same style are a move
 * (Bronze Latin for Silver Latin is how a couple changes level); the rest are added or removed.
 */
export function entriesChangeOf(
  removed: readonly ChangedEvent[],
  added: readonly ChangedEvent[],
): EntriesChange {
  const unpaired = [...added];
  const moved: EntriesChange['moved'] = [];
  const gone: string[] = [];
  for (const r of removed) {
    const at = unpaired.findIndex((a) => a.style === r.style);
    if (at < 0) {
      gone.push(r.name);
      continue;
    }
    moved.push({ from: r.name, to: unpaired[at]!.name });
    unpaired.splice(at, 1);
  }
  return { ...NO_CHANGE, added: unpaired.map((a) => a.name), removed: gone, moved };
}

export function isNoChange(c: EntriesChange): boolean {
  return (
    !c.added.length && !c.removed.length && !c.moved.length && !c.scratched.length && !c.reinstated.length
  );
}

/** One line per thing that changed, in the order a dancer reads them. */
export function changeLines(c: EntriesChange): string[] {
  return [
    ...c.added.map((e) => `Added: ${e}`),
    ...c.moved.map((m) => `Moved from ${m.from} to ${m.to}`),
    ...c.removed.map((e) => `Removed: ${e}`),
    ...c.scratched.map((e) => `Scratched (withdrawn) from ${e}`),
    ...c.reinstated.map((e) => `Back in ${e} (the scratch was taken back)`),
  ];
}

export interface EntriesChangedFacts {
  competition: { fullName: string };
  recipients: string[];
  lead: { name: string };
  follow: { name: string };
  change: EntriesChange;
  /** The events the couple dances now (scratched ones left out), in the competition's order. */
  eventsNow: string[];
  link: string;
}

export function entriesChangedMessage(f: EntriesChangedFacts): ComposedMessage {
  const blocks: MessageBlock[] = [
    { kind: 'paragraph', text: `Hello ${namesTogether(f.recipients)},` },
    {
      kind: 'paragraph',
      text: `The entries of ${f.lead.name} (lead) and ${f.follow.name} (follow) at ${f.competition.fullName} changed:`,
    },
    { kind: 'list', items: changeLines(f.change) },
    { kind: 'heading', text: 'Your events now' },
    f.eventsNow.length
      ? { kind: 'list', items: f.eventsNow }
      : { kind: 'paragraph', text: 'None: you are not entered in any event.' },
    { kind: 'link', label: 'See your registration', href: f.link },
    {
      kind: 'paragraph',
      text: 'If you did not ask for this change, contact the organizers.',
    },
  ];
  return composeMessage(`Entries changed: ${f.competition.fullName}`, blocks);
}
