/**
 * Results posted: when an event's final is posted, each of its dancers gets their couple's place in
 * the final (or that the couple did not dance the final) and a link to the event's results. Posted
 * again after a correction, the message says the results were corrected.
 */
import { ordinal } from '../scoring/util.ts';
import { htmlDocument, htmlLink, escapeHtml, type ComposedMessage } from './mailParts.ts';

export interface ResultsPostedInput {
  competitionName: string;
  eventName: string;
  dancerName: string;
  partnerName: string;
  /** The couple's place in the final (a shared place as the mean, 2.5); null: not in the final. */
  place: number | null;
  /** The final was posted before: these placings replace those. */
  corrected: boolean;
  resultsUrl: string;
}

/** "1st", "2nd", and a shared place "shared 2.5". */
export const placeWords = (place: number): string =>
  Number.isInteger(place) ? ordinal(place) : `shared ${ordinal(place)}`;

export function composeResultsPosted(r: ResultsPostedInput): ComposedMessage {
  const what = r.corrected ? 'Corrected results' : 'Results';
  const subject = `${what}: ${r.eventName} at ${r.competitionName}`;
  const intro = `Hello ${r.dancerName},`;
  const posted = r.corrected
    ? `the results of ${r.eventName} have been corrected and posted again; these replace the ones sent before.`
    : `the results of ${r.eventName} are posted.`;
  const yours =
    r.place === null
      ? `You and ${r.partnerName} did not dance in the final.`
      : `You and ${r.partnerName} placed ${placeWords(r.place)} in the final.`;
  const link = 'All the placings and the judges’ marks:';
  const text = [intro, '', posted, yours, '', link, r.resultsUrl, ''].join('\n');
  const html = htmlDocument(
    subject,
    [
      `<p>${escapeHtml(intro)}</p>`,
      `<p>${escapeHtml(posted)}<br><strong>${escapeHtml(yours)}</strong></p>`,
      `<p>${htmlLink(r.resultsUrl, `The results of ${r.eventName}`)}</p>`,
    ].join('\n'),
  );
  return { subject, text, html };
}
