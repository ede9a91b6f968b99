/**
 * "Your day": when the organizer publishes the schedule, each dancer gets their rounds in the order
 * they dance them, with floors and the estimated times the schedule screen shows, and a link to follow
 * the day live. Rounds after an event's first are danced only if the couple is recalled: said so.
 */
import { htmlDocument, htmlLink, escapeHtml, type ComposedMessage } from './mailParts.ts';

export interface YourDayRound {
  eventName: string;
  roundName: string;
  floor: string;
  /** As the schedule shows it ("Sat 10:15 AM"; "TBA" when there is no time yet). */
  time: string;
  /** The couple dances it only if recalled from the round before. */
  ifRecalled: boolean;
  /** The partner in this event (a dancer may dance events with different partners). */
  partnerName: string;
}

export interface YourDayInput {
  competitionName: string;
  dancerName: string;
  /** In running order. */
  rounds: readonly YourDayRound[];
  /** Only the names of floors matter when there are several. */
  severalFloors: boolean;
  /** The live schedule, as the public sees it on the day. */
  liveUrl: string;
  /** The dancer's own page (their events and rounds). */
  dancerUrl: string;
}

function roundLine(r: YourDayRound, severalFloors: boolean): string {
  const where = severalFloors ? `, ${r.floor}` : '';
  const recalled = r.ifRecalled ? ' (if recalled)' : '';
  return `${r.time}${where}: ${r.eventName}, ${r.roundName}${recalled} with ${r.partnerName}`;
}

export function composeYourDay(d: YourDayInput): ComposedMessage {
  const subject = `Your day at ${d.competitionName}`;
  const intro = `Hello ${d.dancerName},`;
  const lead = `the schedule of ${d.competitionName} is out. These are your rounds, with their estimated times:`;
  const none = `You have no rounds in the schedule yet.`;
  const lines = d.rounds.map((r) => roundLine(r, d.severalFloors));
  const note =
    'Times are estimates: they move as the day runs ahead or late. Follow the schedule live on the day:';
  const text = [
    intro,
    '',
    lead,
    '',
    ...(lines.length ? lines.map((l) => `- ${l}`) : [none]),
    '',
    note,
    d.liveUrl,
    '',
    `Your events and rounds: ${d.dancerUrl}`,
    '',
  ].join('\n');
  const html = htmlDocument(
    subject,
    [
      `<p>${escapeHtml(intro)}</p>`,
      `<p>${escapeHtml(lead)}</p>`,
      lines.length
        ? `<ul>\n${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('\n')}\n</ul>`
        : `<p>${escapeHtml(none)}</p>`,
      `<p>${escapeHtml(note)}<br>${htmlLink(d.liveUrl, 'The live schedule')}</p>`,
      `<p>${htmlLink(d.dancerUrl, 'Your events and rounds')}</p>`,
    ].join('\n'),
  );
  return { subject, text, html };
}

/** One round of the running order, as the schedule answers it. */
export interface RunningOrderItem {
  eventKey: string;
  eventName: string;
  roundNumber: number;
  roundName: string;
  floor: string;
  estimatedStart: string | null;
  /** Skipped rounds are not danced: left out. */
  skipped: boolean;
}

/** A couple the dancer is in, in one event. */
export interface DancerEntry {
  eventKey: string;
  partnerName: string;
  /** A star couple joins at this round (null: from the first). */
  joinsRound: number | null;
}

/**
 * A dancer's rounds in running order: every round not skipped of each event they are entered in, from
 * the round their couple joins at; each round after the couple's first is danced only if recalled.
 * `time` writes an estimated start as the schedule screen does.
 */
export function roundsOfDancer(
  runningOrder: readonly RunningOrderItem[],
  entries: readonly DancerEntry[],
  time: (estimatedStart: string | null) => string,
): YourDayRound[] {
  const firstSeen = new Set<string>();
  const out: YourDayRound[] = [];
  for (const item of runningOrder) {
    if (item.skipped) continue;
    for (const e of entries) {
      if (e.eventKey !== item.eventKey) continue;
      if (e.joinsRound !== null && item.roundNumber < e.joinsRound) continue;
      const couple = `${e.eventKey}\n${e.partnerName}`;
      out.push({
        eventName: item.eventName,
        roundName: item.roundName,
        floor: item.floor,
        time: time(item.estimatedStart),
        ifRecalled: firstSeen.has(couple),
        partnerName: e.partnerName,
      });
      firstSeen.add(couple);
    }
  }
  return out;
}
