const collator = new Intl.Collator('en', { numeric: true });

/** Couple numbers sort as numbers when they are numbers ("9" before "10"). */
export function compareCouples(a: string, b: string): number {
  return collator.compare(a, b);
}

/** "1", "1-2", "1-3", … : the label of column k on a scrutineer's sheet. */
export function columnLabel(k: number): string {
  return k === 1 ? '1' : `1-${k}`;
}

/** 2.5 → "2.5", 3 → "3". */
export function formatPlace(p: number): string {
  return Number.isInteger(p) ? String(p) : String(Math.round(p * 100) / 100);
}

/** 1 → "1st", 2 → "2nd", 2.5 → "2.5". */
export function ordinal(p: number): string {
  if (!Number.isInteger(p)) return formatPlace(p);
  const tens = p % 100;
  if (tens >= 11 && tens <= 13) return `${p}th`;
  const suffix = ['th', 'st', 'nd', 'rd'][p % 10] ?? 'th';
  return `${p}${suffix}`;
}

/** Places p..p+k-1 shared: each gets their mean. */
export function meanPlace(first: number, count: number): number {
  return first + (count - 1) / 2;
}

export function judgeNames(count: number, given?: readonly string[]): string[] {
  return given ? [...given] : Array.from({ length: count }, (_, i) => `Judge ${i + 1}`);
}
