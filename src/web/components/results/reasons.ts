/**
 * The sentences under the Skating System's tables (/results, the printed results, the scrutineer's
 * working). An English reader reads the engine's own sentences (`reason`, `text`); a German or Spanish
 * reader reads them worded from their `why` (./why/words.ts, a chunk of its own, so an English
 * reader's public pages carry none of it). A result posted before `why` existed, or words still
 * loading, read as the engine's English.
 */
import { useSyncExternalStore } from 'react';
import type {
  MultiDanceStep,
  NotPlacedWhy,
  PlacingTable,
  PlacingWhy,
} from '../../../domain/scoring/types.ts';
import type { Locale } from '../../../domain/i18n/locales.ts';
import { translator, type Translate } from '../../../domain/i18n/catalog.ts';
import { placeLabel, sportText, type SportKey } from '../../../domain/i18n/sport.ts';
import { currentLocale, prepareForLocale, useLocale } from '../../i18n/locale.ts';
import { resultTablesText, type ResultTablesKey } from './text.ts';
import type * as WordsModule from './why/words.ts';
import type { ReasonWords } from './why/words.ts';

export type { ReasonWords };

let words: typeof WordsModule | null = null;
let loading: Promise<typeof WordsModule> | null = null;
const ready = new Set<Locale>();
const listeners = new Set<() => void>();

/** Loads the words in `locale` (its chunk and catalog); screens showing reasons re-render then. */
export async function loadReasons(locale: Locale): Promise<void> {
  if (locale === 'en' || ready.has(locale)) return;
  loading ??= import('./why/words.ts').then(
    (module) => (words = module),
    (error: unknown) => {
      loading = null; // asked again on the next render (a dropped connection)
      throw error;
    },
  );
  const module = await loading;
  await module.loadReasonWords(locale);
  ready.add(locale);
  for (const listener of [...listeners]) listener();
}

/** The words in `locale` when they are here; null in English, and while they load (then asked for). */
export function reasonWordsIn(locale: Locale): ReasonWords | null {
  if (locale === 'en') return null;
  if (words && ready.has(locale)) return words.reasonWords(locale);
  void loadReasons(locale).catch(() => undefined);
  return null;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const loadedCount = () => ready.size;

/**
 * The reasons' words in the language this part of the page shows, or in `locale` (a print-out in the
 * competition's); null: the engine's English.
 */
export function useReasonWords(locale?: Locale | null): ReasonWords | null {
  const shown = useLocale();
  useSyncExternalStore(subscribe, loadedCount, loadedCount);
  return reasonWordsIn(locale ?? shown);
}

// A reader of another language has them before a result shows, and after a switch.
void loadReasons(currentLocale()).catch(() => undefined);
prepareForLocale(loadReasons);

type T = Translate<ResultTablesKey>;
type S = Translate<SportKey>;

/** A sentence under a dance's table: the couples one comparison placed, and why. */
export interface DanceReason {
  places: string;
  reason: string;
}

/**
 * The sentences under a dance's table: couples placed by one comparison share its reason (but for the
 * closing "→ 3rd"), said once.
 */
export function danceReasons(
  table: PlacingTable,
  w: ReasonWords | null,
  t: T = translator(resultTablesText, 'en'),
  sport: S = translator(sportText, 'en'),
): DanceReason[] {
  const rows = [...table.rows].sort((a, b) => a.place - b.place);
  const reasons: DanceReason[] = [];
  for (const r of rows) {
    const last = reasons.at(-1);
    const label = t('reason.couple', { place: placeLabel(sport, r.place), couple: r.couple });
    const reason = placingReason(w, r, false);
    if (last && last.reason === reason) last.places += `, ${label}`;
    else reasons.push({ places: label, reason });
  }
  return reasons;
}

/** A row's reason; `withPlace`: keep the closing "→ 3rd". */
export function placingReason(
  w: ReasonWords | null,
  row: { reason: string; why?: PlacingWhy | NotPlacedWhy | undefined },
  withPlace = true,
): string {
  if (!w || !row.why) return withPlace ? row.reason : row.reason.replace(/ → [^ ]+$/, '');
  const text = w.placing(row.why);
  const place = 'place' in row.why && row.why.kind !== 'shared' ? row.why.place : null;
  return withPlace && place !== null ? `${text} → ${w.place(place)}` : text;
}

/** A Rule 10 / Rule 11 step. */
export function stepReason(w: ReasonWords | null, step: Pick<MultiDanceStep, 'text' | 'why'>): string {
  return w && step.why ? w.step(step.why) : step.text;
}
