import { normalizeName } from '../../domain/entries.ts';

/** Lower case, single spaces, no accents: "José  Núñez" reads "jose nunez", as a phone keyboard types it. */
const fold = (text: string) => normalizeName(text).normalize('NFD').replace(/\p{M}/gu, '');

/**
 * Whether a couple or competitor fits what a person typed on a public list or results page: their
 * names or team contain it (case, accents and spacing aside), or it is their number. An empty search
 * fits everyone.
 */
export function coupleMatcher(search: string) {
  const q = fold(search);
  return (names: string, affiliation: string, number: number | string | null | undefined): boolean =>
    !q || fold(`${names} ${affiliation}`).includes(q) || String(number ?? '') === q;
}
