/**
 * The message both dancers receive when their entries change (by themselves, or by the organizer):
 * what changed, line by line, and the events they are in now.
 */
import type { Locale } from '../i18n/locales.ts';
import { composeMessage, namesTogether, type ComposedMessage, type MessageBlock } from './compose.ts';
import { messagesT, type MessagesT } from './text.ts';

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
export function changeLines(c: EntriesChange, t: MessagesT = messagesT()): string[] {
  return [
    ...c.added.map((event) => t('entries.added', { event })),
    ...c.moved.map((m) => t('entries.moved', { from: m.from, to: m.to })),
    ...c.removed.map((event) => t('entries.removed', { event })),
    ...c.scratched.map((event) => t('entries.scratched', { event })),
    ...c.reinstated.map((event) => t('entries.reinstated', { event })),
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
  /** The language the couple registered in (its catalog loaded: loadCatalog). */
  locale?: Locale;
}

export function entriesChangedMessage(f: EntriesChangedFacts): ComposedMessage {
  const t = messagesT(f.locale);
  const blocks: MessageBlock[] = [
    { kind: 'paragraph', text: t('hello', { names: namesTogether(f.recipients, t) }) },
    {
      kind: 'paragraph',
      text: t('entries.changed', {
        lead: f.lead.name,
        follow: f.follow.name,
        competition: f.competition.fullName,
      }),
    },
    { kind: 'list', items: changeLines(f.change, t) },
    { kind: 'heading', text: t('entries.now') },
    f.eventsNow.length
      ? { kind: 'list', items: f.eventsNow }
      : { kind: 'paragraph', text: t('entries.none') },
    { kind: 'link', label: t('entries.link'), href: f.link },
    { kind: 'paragraph', text: t('entries.notYou') },
  ];
  return composeMessage(t('entries.subject', { competition: f.competition.fullName }), blocks);
}
