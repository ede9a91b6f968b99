import { infiniteQueryOptions } from '@tanstack/react-query';
import * as endpoints from '../../../domain/schemas/endpoints.ts';
import type { MessageStatus } from '../../../domain/schemas/outbox.ts';
import { call } from '../client.ts';
import { competitionQueryKey } from './keys.ts';

/** How often the outbox is read again while its screen is open: the sender changes it, not a command. */
export const MESSAGES_REFRESH_MS = 3_000;

/** The competition's messages, newest first, a page at a time; `status` filters. */
export const messagesQuery = (key: string | undefined, status: MessageStatus | null) =>
  infiniteQueryOptions({
    queryKey: competitionQueryKey(key ?? '', 'messages', status ?? 'all'),
    queryFn: ({ pageParam }) =>
      call(endpoints.getMessages, {
        key: key!,
        ...(status && { status }),
        ...(pageParam !== null && { before: pageParam }),
      }),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextBefore,
    enabled: key !== undefined,
    refetchInterval: MESSAGES_REFRESH_MS,
  });
