import type { PlacingTable } from '../../../domain/scoring/types.ts';
import { translator, type Translate } from '../../../domain/i18n/catalog.ts';
import { placeLabel, sportText, type SportKey } from '../../../domain/i18n/sport.ts';
import { resultTablesText, type ResultTablesKey } from './text.ts';

/** A sentence under a dance's table: the couples one comparison placed, and why. */
export interface DanceReason {
  places: string;
  reason: string;
}

/**
 * The sentences under a dance's table (/results and the printed results): couples placed by one
 * comparison share its reason (but for the closing "→ 3rd"), said once.
 */
export function danceReasons(
  table: PlacingTable,
  t: Translate<ResultTablesKey> = translator(resultTablesText, 'en'),
  sport: Translate<SportKey> = translator(sportText, 'en'),
): DanceReason[] {
  const rows = [...table.rows].sort((a, b) => a.place - b.place);
  const reasons: DanceReason[] = [];
  for (const r of rows) {
    const last = reasons.at(-1);
    const label = t('reason.couple', { place: placeLabel(sport, r.place), couple: r.couple });
    const reason = r.reason.replace(/ → [^ ]+$/, '');
    if (last && last.reason === reason) last.places += `, ${label}`;
    else reasons.push({ places: label, reason });
  }
  return reasons;
}
