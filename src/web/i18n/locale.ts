/**
 * The reader's language on this device: the one they chose (the switcher, kept in localStorage), else
 * the first of the browser's languages we ship, else English. `<html lang>` always names it.
 */
import { createContext, createElement, useContext, useSyncExternalStore, type ReactNode } from 'react';
import {
  loadCatalog,
  loadCatalogs,
  onCatalogLoaded,
  translator,
  type Catalog,
  type Translate,
} from '../../domain/i18n/catalog.ts';
import { isLocale, matchLocale, type Locale } from '../../domain/i18n/locales.ts';

const STORAGE_KEY = 'promenade.language';

function chosenLocale(): Locale | null {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEY);
    return isLocale(stored) ? stored : null;
  } catch {
    return null; // storage blocked (private mode): the browser's languages decide
  }
}

function browserLocale(): Locale {
  if (typeof navigator === 'undefined') return 'en';
  return matchLocale(navigator.languages?.length ? navigator.languages : [navigator.language ?? 'en']);
}

/** A snapshot that changes whenever what a screen shows in its language may change. */
interface LocaleState {
  locale: Locale;
  /** Bumped when a catalog finishes loading, so a screen that read English re-renders in its language. */
  loads: number;
}

let state: LocaleState = { locale: chosenLocale() ?? browserLocale(), loads: 0 };
const listeners = new Set<() => void>();

function publish(next: LocaleState) {
  state = next;
  if (typeof document !== 'undefined') document.documentElement.lang = next.locale;
  for (const listener of [...listeners]) listener();
}

onCatalogLoaded(() => publish({ ...state, loads: state.loads + 1 }));

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const snapshot = () => state;

/** The device's language now (outside React: titles, notifications). */
export function currentLocale(): Locale {
  return state.locale;
}

/**
 * Before the first render: `<html lang>` says the language, and the words of the code loaded so far
 * are there in it (English needs no wait).
 */
export async function startLocale(): Promise<void> {
  publish(state);
  await loadCatalogs(state.locale).catch(() => undefined);
}

/**
 * The switcher: loads the new language for every screen loaded so far, then shows it, without a
 * reload; the choice is kept on this device.
 */
export async function chooseLocale(locale: Locale): Promise<void> {
  try {
    window.localStorage.setItem(STORAGE_KEY, locale);
  } catch {
    // not kept after a reload, but shown now
  }
  await Promise.all([
    loadCatalogs(locale),
    ...[...preparers].map((prepare) => prepare(locale).catch(() => undefined)),
  ]);
  publish({ ...state, locale });
}

const preparers = new Set<(locale: Locale) => Promise<void>>();

/**
 * Words a module loads on its own for a language (the refusals' words, whose catalog is declared
 * only once they load): the switcher waits for them too, so the first refusal after a switch is
 * already in the new language.
 */
export function prepareForLocale(prepare: (locale: Locale) => Promise<void>): void {
  preparers.add(prepare);
}

/** A part of the page in a language of its own (the projector in the competition's language). */
const LocaleOverride = createContext<Locale | null>(null);

export function LocaleScope({
  locale,
  children,
}: {
  locale: Locale | null | undefined;
  children: ReactNode;
}) {
  return createElement(LocaleOverride.Provider, { value: locale ?? null }, children);
}

/** The language this part of the page shows. */
export function useLocale(): Locale {
  const override = useContext(LocaleOverride);
  const { locale } = useSyncExternalStore(subscribe, snapshot, snapshot);
  return override ?? locale;
}

/**
 * The words of `cat` in the reader's language (or in `locale`: a print-out in the competition's). The
 * screens' routes load their catalogs before they show (lazyScreen); anything else reads English for
 * the moment its language takes to arrive.
 */
export function useT<K extends string>(cat: Catalog<K>, locale?: Locale | null): Translate<K> {
  const shown = useLocale();
  const wanted = locale ?? shown;
  void loadCatalog(cat, wanted)?.catch(() => undefined);
  return translator(cat, wanted);
}

/** The same outside React, in the device's language. */
export function tNow<K extends string>(cat: Catalog<K>): Translate<K> {
  void loadCatalog(cat, state.locale)?.catch(() => undefined);
  return translator(cat, state.locale);
}
