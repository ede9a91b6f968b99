import { useEffect } from 'react';

/**
 * Spec §8: missing results data logs "no results found". To the browser's console as information (an
 * expected state, not an error), once when a page finds none, not on every render or refetch.
 */
export function useLogMissingResults(missing: boolean, what: string): void {
  useEffect(() => {
    if (missing) console.info('no results found', what);
  }, [missing, what]);
}
