/**
 * Message catalogs: ICU messages (plurals, selects, ordinals) keyed per namespace. Lingui's compiler
 * (@lingui/message-utils) turns each message into a list of text and placeholders: the web build does
 * it when it bundles a catalog (vite.config.ts), so the browser carries neither a parser nor an ICU
 * runtime, only interpret.ts; the server compiles at run time (installMessageCompiler).
 *
 * A namespace's English messages come with the code that shows them; other languages load on demand
 * (loadCatalogs), so a screen adds no weight for languages its reader does not use.
 */
import { interpret, type CompiledMessage } from './interpret.ts';
import { SOURCE_LOCALE, type Locale } from './locales.ts';

/** What a catalog file holds: compiled messages on the web, ICU source text on the server. */
type CatalogMessages = Record<string, unknown>;
type Loader = () => Promise<{ default: CatalogMessages }>;
export type MessageValues = Record<string, string | number | null | undefined>;
/** ICU text to its compiled form (Lingui's compileMessage, on the server). */
export type MessageCompiler = (message: string) => CompiledMessage;

/** A translator for one namespace in one language. */
export type Translate<K extends string> = (key: K, values?: MessageValues) => string;

export interface Catalog<K extends string> {
  readonly ns: string;
  /** Only for typing: the namespace's keys. */
  readonly keys?: K;
}

interface CatalogState {
  ns: string;
  loaders: Partial<Record<Locale, Loader>>;
  loaded: Set<Locale>;
  loading: Map<Locale, Promise<void>>;
  translators: Map<Locale, Translate<string>>;
  messages: Partial<Record<Locale, CatalogMessages>>;
}

const states = new Map<string, CatalogState>();
/** Set where catalogs hold ICU text (the server) rather than the build's compiled messages (the web). */
let compile: MessageCompiler | null = null;
const listeners = new Set<() => void>();

/** Runs `listener` whenever a catalog finishes loading (screens re-render in their language). */
export function onCatalogLoaded(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The server interprets catalogs as ICU text; the web's are compiled by the build. */
export function installMessageCompiler(compiler: MessageCompiler): void {
  compile = compiler;
}

function put(state: CatalogState, locale: Locale, messages: CatalogMessages): void {
  state.messages[locale] = { ...messages };
  state.loaded.add(locale);
}

/**
 * Declares a namespace: its English messages (`en`, bundled with the code that uses them) and how to
 * load each other language. Declaring the same namespace twice is a mistake in the code.
 */
export function catalog<M extends Record<string, string>>(
  ns: string,
  en: M,
  others: Record<Exclude<Locale, typeof SOURCE_LOCALE>, Loader>,
): Catalog<keyof M & string> {
  if (states.has(ns)) throw new Error(`The message namespace "${ns}" is declared twice.`);
  const state: CatalogState = {
    ns,
    loaders: others,
    loaded: new Set(),
    loading: new Map(),
    translators: new Map(),
    messages: {},
  };
  states.set(ns, state);
  put(state, SOURCE_LOCALE, en as CatalogMessages);
  return { ns };
}

function stateOf(cat: Catalog<string>): CatalogState {
  const state = states.get(cat.ns);
  if (!state) throw new Error(`The message namespace "${cat.ns}" was never declared.`);
  return state;
}

function load(state: CatalogState, locale: Locale): Promise<void> | null {
  if (state.loaded.has(locale)) return null;
  let pending = state.loading.get(locale);
  if (!pending) {
    const loader = state.loaders[locale];
    pending = (loader ? loader() : Promise.resolve({ default: {} })).then(
      (module) => {
        put(state, locale, module.default);
        state.loading.delete(locale);
        for (const listener of [...listeners]) listener();
      },
      (error: unknown) => {
        // The next ask tries again (a dropped connection); meanwhile the screen reads English.
        state.loading.delete(locale);
        throw error;
      },
    );
    state.loading.set(locale, pending);
  }
  return pending;
}

/** Whether `cat` can be read in `locale` now (English always can). */
export function isCatalogLoaded(cat: Catalog<string>, locale: Locale): boolean {
  return stateOf(cat).loaded.has(locale);
}

/** Loads `locale` for one namespace; null when it is already there. */
export function loadCatalog(cat: Catalog<string>, locale: Locale): Promise<void> | null {
  return load(stateOf(cat), locale);
}

/** Loads `locale` for every namespace declared so far (the code loaded so far). */
export async function loadCatalogs(locale: Locale): Promise<void> {
  await Promise.all([...states.values()].map((state) => load(state, locale)));
}

/** One message in `locale`, or undefined when that catalog lacks the key. */
function word(state: CatalogState, locale: Locale, key: string, values: MessageValues): string | undefined {
  const messages = state.messages[locale]!;
  let message = messages[key] as CompiledMessage | undefined;
  if (message === undefined) return undefined;
  // ICU text is compiled once, when first worded (the server); the web's arrive compiled, a message
  // with nothing to fill in as its plain text (scripts/messageCatalogs.ts).
  if (typeof message === 'string' && compile) messages[key] = message = compile(message);
  return interpret(message, values, locale);
}

/**
 * The translator of `cat` in `locale`; until that language has loaded, English (loadCatalog starts it
 * and onCatalogLoaded says when it is there). A key the language lacks reads in English, and one no
 * catalog has as itself (the catalog test keeps both from shipping).
 */
export function translator<K extends string>(cat: Catalog<K>, locale: Locale): Translate<K> {
  const state = stateOf(cat);
  const shown = state.loaded.has(locale) ? locale : SOURCE_LOCALE;
  let t = state.translators.get(shown);
  if (!t) {
    t = (key, values = {}) =>
      word(state, shown, key, values) ??
      (shown === SOURCE_LOCALE ? undefined : word(state, SOURCE_LOCALE, key, values)) ??
      key;
    state.translators.set(shown, t);
  }
  return t as Translate<K>;
}

/** Every namespace declared so far, for the catalog test. */
export function declaredNamespaces(): string[] {
  return [...states.keys()];
}
