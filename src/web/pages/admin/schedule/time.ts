/** "09:30", or "Sat 09:30" when the competition spans days, on the competition's clock. */
export function formatClock(iso: string, timeZone: string, withDay: boolean): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return 'TBA';
  let zone = timeZone;
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone });
  } catch {
    zone = 'UTC';
  }
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    ...(withDay ? { weekday: 'short' } : {}),
  }).format(d);
}

/** The list with the item at `from` moved to `to` (a new array). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item === undefined) return next;
  next.splice(to, 0, item);
  return next;
}
