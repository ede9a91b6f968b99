/**
 * JSON columns (arrays, maps, documents stored as TEXT so SQLite and PostgreSQL store them alike).
 * One place parses and writes them, so a null column and a missing value mean the same everywhere.
 */
export function fromJson<T>(text: string | null | undefined, fallback: T): T {
  if (text === null || text === undefined || text === '') return fallback;
  return JSON.parse(text) as T;
}

export function toJson(value: unknown): string | null {
  return value === undefined || value === null ? null : JSON.stringify(value);
}
