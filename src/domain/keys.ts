/**
 * Keys made from names (an event's, a discount category's): lower-case letters, digits and dashes,
 * URL-safe and stable, as the organizer's name for the thing reads.
 */

/** How long a kind of key may be, and what it is when the name leaves nothing usable. */
export interface KeyShape {
  max: number;
  fallback: string;
}

/**
 * "Bronze Latin (C/R/S)" → "bronze-latin-c-r-s". Accents are dropped (é → e); never empty (the
 * shape's fallback when nothing usable is left); at most `max` characters, without a trailing dash.
 */
export function keyFromName(name: string, { max, fallback }: KeyShape): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, max)
    .replace(/-+$/g, '');
  return slug === '' ? fallback : slug;
}

/** A key not in `taken`: the plain key, else key-2, key-3, … (kept within the length limit). */
export function uniqueKey(name: string, taken: ReadonlySet<string>, shape: KeyShape): string {
  const base = keyFromName(name, shape);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const head = base.slice(0, shape.max - suffix.length).replace(/-+$/g, '');
    const key = `${head}${suffix}`;
    if (!taken.has(key)) return key;
  }
}
