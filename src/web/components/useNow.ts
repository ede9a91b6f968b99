import { useEffect, useState } from 'react';

/** The time now, moving on every `everyMs`: for words like "in about 15 minutes" that age. */
export function useNow(everyMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
