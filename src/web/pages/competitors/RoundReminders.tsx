import { useEffect, useState } from 'react';
import { dancerNextWords, type DancerNext } from './competitorRounds.ts';
import { useLocale, useT } from '../../i18n/locale.ts';
import { competitorsText } from './text.ts';

/** Reminders come this many minutes before a round (or when it starts). */
export const REMIND_MINUTES = 15;

const storageKey = (competitionKey: string, competitorId: number) =>
  `promenade.remind.${competitionKey}.${competitorId}`;

const read = (key: string): string[] | null => {
  try {
    const text = localStorage.getItem(key);
    return text === null ? null : (JSON.parse(text) as string[]);
  } catch {
    return null;
  }
};
const write = (key: string, value: string[] | null) => {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage blocked (private mode): reminders last as long as the page.
  }
};

/**
 * Optional browser notifications of a dancer's next round: asked for only when the reader
 * presses the button, shown by this page while it is open (nothing leaves the device), once per
 * round. Where the browser has no notifications the button is not offered.
 */
export function RoundReminders({
  competitionKey,
  competitorId,
  next,
  label,
}: {
  competitionKey: string;
  competitorId: number;
  next: DancerNext;
  /** What the reminder says about the round: event, round, floor, couple number. */
  label: string;
}) {
  const t = useT(competitorsText);
  const locale = useLocale();
  const key = storageKey(competitionKey, competitorId);
  const supported = typeof window !== 'undefined' && 'Notification' in window;
  // The rounds already reminded of; null while reminders are off.
  const [sent, setSent] = useState<string[] | null>(() => (supported ? read(key) : null));
  const [refused, setRefused] = useState(false);
  const on = sent !== null && supported && Notification.permission === 'granted';

  const due =
    next.kind === 'on' || (next.kind === 'soon' && next.minutes <= REMIND_MINUTES)
      ? next.round.item.roundId
      : null;
  useEffect(() => {
    if (!on || due === null || sent.includes(due) || next.kind === 'done') return;
    // The page's own words for the round (the minutes to the nearest 5, "a few" below that).
    const title = dancerNextWords(next, locale) ?? t('next.few');
    try {
      new Notification(title, { body: label, tag: due });
    } catch {
      // Some phones only notify from a service worker: the page still says it in words.
    }
    const updated = [...sent, due];
    setSent(updated);
    write(key, updated);
  }, [on, due, sent, next, label, key, locale, t]);

  if (!supported) return null;
  if (on) {
    return (
      <p className="cr-remind">
        {t('remind.on', { minutes: REMIND_MINUTES })}{' '}
        <button
          type="button"
          className="cr-remind-button"
          onClick={() => {
            setSent(null);
            write(key, null);
          }}
        >
          {t('remind.off')}
        </button>
      </p>
    );
  }
  return (
    <p className="cr-remind">
      <button
        type="button"
        className="cr-remind-button"
        onClick={() => {
          void Notification.requestPermission().then((answer) => {
            if (answer !== 'granted') {
              setRefused(true);
              return;
            }
            setRefused(false);
            setSent([]);
            write(key, []);
          });
        }}
      >
        {t('remind.ask')}
      </button>
      {refused && <span className="cr-remind-refused"> {t('remind.blocked')}</span>}
    </p>
  );
}
