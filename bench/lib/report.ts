/** One line of the benchmark table, plus the raw numbers kept in bench/results.json. */
export interface Row {
  figure: string;
  value: string;
  target: string;
  /** null: there is no target (an informational figure). */
  pass: boolean | null;
  /** Anything worth keeping for later comparison or explanation. */
  data?: Record<string, unknown>;
  note?: string;
}

export const ms = (n: number): string => `${n.toFixed(n < 10 ? 1 : 0)} ms`;
