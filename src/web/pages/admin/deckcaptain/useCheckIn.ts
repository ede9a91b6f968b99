import { useQueryClient } from '@tanstack/react-query';
import * as endpoints from '../../../../domain/schemas/endpoints.ts';
import { useState } from 'react';
import type { FloorCouple, FloorView, RoundCouples } from '../../../../domain/schemas/floor.ts';
import { ApiError, call } from '../../../api/client.ts';
import { competitionQueryKey } from '../../../api/queries/keys.ts';
import { checkInBalancesQuery, floorQuery } from '../../../api/queries/rounds.ts';
import { useCommand } from '../../../api/useCommand.ts';
import { useConfirm } from '../../../components/useConfirm.tsx';
import { unpaidQuestion, type Balances } from './balances.ts';
import { withPending } from './deckLogic.ts';
import { useDeckWords } from './words.ts';

/**
 * Checking a couple in (or taking it back) on the deck captain's screen: `pending` holds the taps the
 * server has not confirmed yet, `refused` the title of the error should it refuse one. With `balances`
 * under the rule 'warn', checking in a couple who owes asks first (`confirmDialog` is that question);
 * under 'block' the server refuses it (409 `unpaid`, shown as any refusal) and the balances are read again.
 */
export function useCheckIn(key: string | undefined, balances?: Balances) {
  const queryClient = useQueryClient();
  const words = useDeckWords();
  const [confirm, confirmDialog] = useConfirm();
  const [pending, setPending] = useState<ReadonlyMap<number, boolean>>(new Map());
  /** What the last refused check-in was, as the title of its error. */
  const [refused, setRefused] = useState('');

  const toggleCheckIn = useCommand({
    run: ({ round, couple, want }: { round: RoundCouples; couple: FloorCouple; want: boolean }) =>
      call(
        endpoints.postEventsEntriesCheckIn,
        { key: key!, eventKey: round.eventKey, entryId: couple.entryId },
        { checkedIn: want },
      ),
    onSuccess: (_d, { couple, want }) => {
      // Keep the confirmed value even if the refresh fails.
      const confirmed = new Map([[couple.entryId, want]]);
      queryClient.setQueryData<FloorView>(floorQuery(key).queryKey, (v) =>
        v
          ? {
              onFloor: v.onFloor.map((r) => withPending(r, confirmed)),
              next: v.next.map((r) => withPending(r, confirmed)),
            }
          : v,
      );
    },
    refresh: key ? [competitionQueryKey(key, 'events')] : [],
    onError: (e) => {
      // Refused as unpaid: what the screen knew was out of date (a payment undone, a new entry).
      if (e instanceof ApiError && e.code === 'unpaid')
        void queryClient.invalidateQueries({ queryKey: checkInBalancesQuery(key).queryKey });
    },
  });

  /**
   * One tap: shown at once (pending), confirmed by the server, undone with a word if refused. True once
   * the server confirmed.
   */
  const checkIn = async (round: RoundCouples, couple: FloorCouple): Promise<boolean> => {
    if (!key || pending.has(couple.entryId)) return false;
    const want = !couple.checkedIn;
    const owing = want ? balances?.owing.get(couple.entryId) : undefined;
    if (owing && balances?.rule === 'warn' && !(await confirm(unpaidQuestion(couple, owing, words))))
      return false;
    setPending((p) => new Map(p).set(couple.entryId, want));
    setRefused(words.t(want ? 'refused.checkIn' : 'refused.checkOut', { number: couple.coupleNumber }));
    const done = await toggleCheckIn.run({ round, couple, want });
    setPending((p) => {
      const m = new Map(p);
      m.delete(couple.entryId);
      return m;
    });
    return done !== undefined;
  };

  return { pending, refused, toggleCheckIn, checkIn, confirmDialog };
}
