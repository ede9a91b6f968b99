export const EVENT_KEY_MAX = 60;

/**
 * The URL-safe key of an event from its name: "Bronze Latin (C/R/S)" → "bronze-latin-c-r-s".
 * Accents are dropped (é → e); never empty ("event" when nothing usable is left).
 */
export function eventKeyFromName(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, EVENT_KEY_MAX)
    .replace(/-+$/g, '');
  return slug === '' ? 'event' : slug;
}

/** An event key not in `taken`: the plain key, else key-2, key-3, … (kept within the length limit). */
export function uniqueEventKey(name: string, taken: ReadonlySet<string>): string {
  const base = eventKeyFromName(name);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const head = base.slice(0, EVENT_KEY_MAX - suffix.length).replace(/-+$/g, '');
    const key = `${head}${suffix}`;
    if (!taken.has(key)) return key;
  }
}
