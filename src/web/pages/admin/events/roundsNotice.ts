import type { Translate } from '../../../../domain/i18n/catalog.ts';
import type { Locale } from '../../../../domain/i18n/locales.ts';
import { roundLabel, type SportKey } from '../../../../domain/i18n/sport.ts';
import type { EventRoundsEdited } from '../../../api/types.ts';
import type { StarSet } from '../../../../domain/schemas/formats.ts';
import { RoundState } from '../../../shared/roundStates.ts';
import type { EventsKey } from './text.ts';

/**
 * What a change of an event's rounds did. English reads the server's description of the change, as it
 * always has; another language says the rounds the event has now, from the answer's event (the
 * dialog's title already says what was done), never the server's English.
 */
export function roundsNotice(
  res: EventRoundsEdited,
  t: Translate<EventsKey>,
  sport: Translate<SportKey>,
  locale: Locale,
): string {
  if (locale === 'en') return res.message;
  const rounds = res.event.rounds
    .filter((r) => r.roundState !== RoundState.Skipped)
    .map((r) => roundLabel(sport, r.roundName));
  return rounds.length
    ? t('rounds.said.now', { event: res.event.name, rounds: rounds.join(', ') })
    : t('rounds.said.none', { event: res.event.name });
}

/** A star couple set or removed, in the reader's language, from the answer. */
export function starNotice(res: StarSet, t: Translate<EventsKey>, sport: Translate<SportKey>): string {
  const values = { number: res.coupleNumber, event: res.eventName };
  if (res.roundName === null) return t('formats.said.firstRound', values);
  const recalls = res.recalls.map((c) =>
    t('formats.said.recall', { round: roundLabel(sport, c.roundName), count: c.recallSize }),
  );
  return (
    t('formats.said.star', { ...values, round: roundLabel(sport, res.roundName) }) +
    (recalls.length ? t('formats.said.recalls', { recalls: recalls.join(', ') }) : t('formats.said.end'))
  );
}
