import en from './locales/en.json' with { type: 'json' };
import { catalog, type Translate } from '../../../../domain/i18n/catalog.ts';

/** The scrutineer's screen (and the Start round question the deck captain asks too). */
export const scrutineerText = catalog('scrutineer', en, {
  de: () => import('./locales/de.json'),
  es: () => import('./locales/es.json'),
});
export type ScrutineerKey = keyof typeof en;

const SOURCES: readonly string[] = ['judge', 'paper', 'scrutineer'];

/** Where marks came from ("tablet", "paper"); a source we do not know as the server names it. */
export function sourceLabel(t: Translate<ScrutineerKey>, source: string): string {
  return SOURCES.includes(source) ? t(`source.${source}` as ScrutineerKey) : source;
}
