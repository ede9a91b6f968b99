import { notifications } from '@mantine/notifications';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { isStale, type ApiError } from './client.ts';
import { tNow } from '../i18n/locale.ts';
import { errorsText } from '../shared/errors/text.ts';

/** A success notice: green, as every write of the app shows it. */
export interface Notice {
  title?: string;
  /** Green unless said otherwise (undefined: the neutral colour of an informational notice). */
  color?: string | undefined;
  message: string;
  position?: 'bottom-right';
}

export interface CommandOptions<A, R> {
  /** The API call. */
  run: (args: A) => Promise<R>;
  /** The notice on success; none when absent or null. */
  success?: (result: R, args: A) => Notice | null;
  /** Queries the command changes: refreshed after success and after a `stale` answer. */
  refresh?: readonly QueryKey[];
  /** After success (and the refresh): close a dialog, clear a field… */
  onSuccess?: (result: R, args: A) => void | Promise<void>;
  /** What a `stale` answer tells the user (default: errorsText's `stale`; a function words it from the answer). */
  staleMessage?: string | ((error: ApiError) => string);
  /** On `stale`: adopt the current version the answer carries, if the screen edits one. */
  onStale?: (error: ApiError) => void;
  /** An error the screen answers itself (a confirmation, field errors); return true to show nothing. */
  onError?: (error: unknown, args: A) => boolean | void;
  /**
   * The failure's title when it names what the command was about ("Ada was not deleted"); it replaces
   * the title `CommandError` is given.
   */
  failureTitle?: (args: A) => string;
}

export interface Command<A, R> {
  /** Runs the command; resolves to its answer, or undefined when it failed (the error is shown). */
  run: (args: A) => Promise<R | undefined>;
  busy: boolean;
  /** The failure to show (with `CommandError`), or null. */
  error: unknown;
  /** A message that replaces the error's own (the stale explanation), or null. */
  message: string | null;
  /** The failure's own title (`failureTitle`), or null. */
  title: string | null;
  reset: () => void;
}

/**
 * The one way a screen writes: runs the call, is busy meanwhile, shows the success notice, keeps the
 * error for `CommandError`, and on a 409 `stale` refreshes what the command changes and says so.
 */
export function useCommand<A = void, R = unknown>(options: CommandOptions<A, R>): Command<A, R> {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [title, setTitle] = useState<string | null>(null);
  // The latest options: a screen passes a new object every render.
  const latest = useRef(options);
  latest.current = options;

  const refresh = useCallback(
    async () =>
      Promise.all(
        (latest.current.refresh ?? []).map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
    [queryClient],
  );

  const run = useCallback(
    async (args: A) => {
      const o = latest.current;
      setBusy(true);
      setError(null);
      setMessage(null);
      setTitle(null);
      try {
        const result = await o.run(args);
        const notice = o.success?.(result, args);
        if (notice) notifications.show({ color: 'green', ...notice });
        await refresh();
        await o.onSuccess?.(result, args);
        return result;
      } catch (e) {
        setTitle(o.failureTitle?.(args) ?? null);
        if (isStale(e)) {
          o.onStale?.(e);
          void refresh();
          setError(e);
          setMessage(
            typeof o.staleMessage === 'function'
              ? o.staleMessage(e)
              : (o.staleMessage ?? tNow(errorsText)('stale')),
          );
        } else if (!o.onError?.(e, args)) setError(e);
        return undefined;
      } finally {
        setBusy(false);
      }
    },
    [refresh],
  );

  const reset = useCallback(() => {
    setError(null);
    setMessage(null);
    setTitle(null);
  }, []);

  return { run, busy, error, message, title, reset };
}
