/**
 * The words of the server's refusals in another language than English come with their own chunk
 * (./codes/words.ts): an English reader reads the server's own message and downloads none of it.
 * Asked for in another language, they start loading; until they are there (a moment), the English.
 */
import { isCatalogLoaded, loadCatalog } from '../../../domain/i18n/catalog.ts';
import type { Locale } from '../../../domain/i18n/locales.ts';
import { currentLocale, prepareForLocale } from '../../i18n/locale.ts';
import type * as WordsModule from './codes/words.ts';

type Words = typeof WordsModule;

let words: Words | null = null;
let loading: Promise<Words> | null = null;

/** Loads the words (the module and its catalog in `locale`); screens re-render when they are there. */
export async function loadErrorWords(locale: Locale): Promise<void> {
  if (locale === 'en') return;
  loading ??= import('./codes/words.ts').then(
    (module) => (words = module),
    (error: unknown) => {
      loading = null; // the next failure asks again (a dropped connection)
      throw error;
    },
  );
  const module = await loading;
  // Round names in a refusal are in the sport's words: loaded along.
  await Promise.all([loadCatalog(module.errorCodesText, locale), loadCatalog(module.sportText, locale)]);
}

/** The words in `locale` when they are here; null in English, or while they load (then asked for). */
export function errorWords(locale: Locale): Words | null {
  if (locale === 'en') return null;
  if (words && isCatalogLoaded(words.errorCodesText, locale)) return words;
  void loadErrorWords(locale).catch(() => undefined);
  return null;
}

// A reader of another language has the words before their first refusal, also after a switch.
void loadErrorWords(currentLocale()).catch(() => undefined);
prepareForLocale(loadErrorWords);
