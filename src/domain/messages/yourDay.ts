/**
 * "Your day": when the organizer publishes the schedule, each dancer gets their rounds in the order
 * they dance them, with floors and the estimated times the schedule screen shows, and a link to follow
 * the day live. Rounds after an event's first are danced only if the couple is recalled: said so.
 */
import type { Locale } from '../i18n/locales.ts';
import { htmlDocument, htmlLink, escapeHtml, type ComposedMessage } from './mailParts.ts';
import { messagesT, type MessagesT } from './text.ts';

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
  /** The dancer's language (their registration's; its catalog loaded: loadCatalog). */
  locale?: Locale;
}

function roundLine(r: YourDayRound, severalFloors: boolean, t: MessagesT): string {
  return t('yourDay.round', {
    time: r.time,
    floor: severalFloors ? t('yourDay.floor', { floor: r.floor }) : '',
    event: r.eventName,
    round: r.roundName,
    recalled: r.ifRecalled ? t('yourDay.ifRecalled') : '',
    partner: r.partnerName,
  });
}

export function composeYourDay(d: YourDayInput): ComposedMessage {
  const locale = d.locale ?? 'en';
  const t = messagesT(locale);
  const subject = t('yourDay.subject', { competition: d.competitionName });
  const intro = t('hello', { names: d.dancerName });
  const lead = t('yourDay.lead', { competition: d.competitionName });
  const none = t('yourDay.none');
  const lines = d.rounds.map((r) => roundLine(r, d.severalFloors, t));
  const note = t('yourDay.note');
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
    t('yourDay.mine', { url: d.dancerUrl }),
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
      `<p>${escapeHtml(note)}<br>${htmlLink(d.liveUrl, t('yourDay.liveLink'))}</p>`,
      `<p>${htmlLink(d.dancerUrl, t('yourDay.mineLink'))}</p>`,
    ].join('\n'),
    locale,
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
