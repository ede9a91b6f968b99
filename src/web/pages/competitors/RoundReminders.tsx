import { useEffect, useState } from 'react';
import type { DancerNext } from './competitorRounds.ts';

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
    const title =
      next.kind === 'on'
        ? 'You are on the floor now'
        : next.kind === 'soon' && next.minutes >= 5
          ? `You are on in about ${next.minutes} minutes`
          : 'You are on in a few minutes';
    try {
      new Notification(title, { body: label, tag: due });
    } catch {
      // Some phones only notify from a service worker: the page still says it in words.
    }
    const updated = [...sent, due];
    setSent(updated);
    write(key, updated);
  }, [on, due, sent, next, label, key]);

  if (!supported) return null;
  if (on) {
    return (
      <p className="cr-remind">
        Reminders are on: this page tells you {REMIND_MINUTES} minutes before each round while it stays open.{' '}
        <button
          type="button"
          className="cr-remind-button"
          onClick={() => {
            setSent(null);
            write(key, null);
          }}
        >
          Turn off
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
        Remind me before each round
      </button>
      {refused && (
        <span className="cr-remind-refused">
          {' '}
          Notifications are blocked for this site; the times here still update by themselves.
        </span>
      )}
    </p>
  );
}
