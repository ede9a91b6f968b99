/**
 * Results posted: when an event's final is posted, each of its dancers gets their couple's place in
 * the final (or that the couple did not dance the final) and a link to the event's results. Posted
 * again after a correction, the message says the results were corrected.
 */
import { ordinal } from '../scoring/util.ts';
import { INTL_TAGS, type Locale } from '../i18n/locales.ts';
import { htmlDocument, htmlLink, escapeHtml, type ComposedMessage } from './mailParts.ts';
import { messagesT } from './text.ts';

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
  /** The dancer's language (their registration's; its catalog loaded: loadCatalog). */
  locale?: Locale;
}

/** "1st", "2nd", and a shared place "shared 2.5". */
export const placeWords = (place: number): string =>
  Number.isInteger(place) ? ordinal(place) : `shared ${ordinal(place)}`;

export function composeResultsPosted(r: ResultsPostedInput): ComposedMessage {
  const locale = r.locale ?? 'en';
  const t = messagesT(locale);
  const names = { event: r.eventName, competition: r.competitionName };
  const subject = t(r.corrected ? 'results.subjectCorrected' : 'results.subject', names);
  const intro = t('hello', { names: r.dancerName });
  const posted = t(r.corrected ? 'results.postedCorrected' : 'results.posted', { event: r.eventName });
  const partner = r.partnerName;
  const yours =
    r.place === null
      ? t('results.notInFinal', { partner })
      : Number.isInteger(r.place)
        ? t('results.placed', { partner, place: r.place })
        : t('results.placedShared', { partner, place: sharedPlace(r.place, locale) });
  const link = t('results.all');
  const text = [intro, '', posted, yours, '', link, r.resultsUrl, ''].join('\n');
  const html = htmlDocument(
    subject,
    [
      `<p>${escapeHtml(intro)}</p>`,
      `<p>${escapeHtml(posted)}<br><strong>${escapeHtml(yours)}</strong></p>`,
      `<p>${htmlLink(r.resultsUrl, t('results.link', { event: r.eventName }))}</p>`,
    ].join('\n'),
    locale,
  );
  return { subject, text, html };
}

/** A shared place as the mean ("2.5"; in German "2,5"). */
function sharedPlace(place: number, locale: Locale): string {
  return locale === 'en'
    ? ordinal(place)
    : new Intl.NumberFormat(INTL_TAGS[locale], { maximumFractionDigits: 2 }).format(place);
}
