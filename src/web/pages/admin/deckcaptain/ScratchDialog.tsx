import { Button, Modal, Stack, Text } from '@mantine/core';
import * as endpoints from '../../../../domain/schemas/endpoints.ts';
import type { FloorCouple, RoundCouples } from '../../../../domain/schemas/floor.ts';
import { call } from '../../../api/client.ts';
import { competitionQueryKey } from '../../../api/queries/keys.ts';
import { useCommand } from '../../../api/useCommand.ts';
import { CommandError } from '../../../components/ApiErrorAlert.tsx';
import { coupleName } from './deckLogic.ts';
import { DialogActions } from '../../../components/DialogActions.tsx';

/** Scratch a couple from the event, or take them back, after saying what that means. */
export function ScratchDialog({
  competitionKey,
  round,
  couple,
  onClose,
}: {
  competitionKey: string;
  round: RoundCouples;
  couple: FloorCouple;
  onClose: () => void;
}) {
  const want = !couple.scratched;
  // round_marked and the like: the server's sentence says what happened and whom to ask.
  const scratch = useCommand({
    run: () =>
      call(
        endpoints.postEventsEntriesScratch,
        { key: competitionKey, eventKey: round.eventKey, entryId: couple.entryId },
        {
          scratched: want,
        },
      ),
    success: () => ({
      position: 'bottom-right',
      title: want ? 'Scratched' : 'Back in the event',
      message: want
        ? `Couple ${couple.coupleNumber} is scratched from ${round.eventName}: struck through and no longer counted.`
        : `Couple ${couple.coupleNumber} is back in ${round.eventName}.`,
    }),
    refresh: [competitionQueryKey(competitionKey, 'events')],
    onSuccess: onClose,
  });
  return (
    <Modal
      opened
      onClose={onClose}
      title={`${couple.scratched ? 'Un-scratch' : 'Scratch'} couple ${couple.coupleNumber}?`}
    >
      <Stack>
        <Text>
          {couple.scratched
            ? `${coupleName(couple)} go back into ${round.eventName}: they count again and dance the rounds not yet marked.`
            : `${coupleName(couple)} withdraw from ${round.eventName}: they stay on the list struck through, are not counted and do not dance the rounds to come. You can un-scratch them until the judges mark their round.`}
        </Text>
        <CommandError command={scratch} title="Not changed" />
        <DialogActions onCancel={onClose}>
          <Button
            color={couple.scratched ? 'blue' : 'red'}
            loading={scratch.busy}
            onClick={() => void scratch.run()}
          >
            {couple.scratched ? 'Un-scratch' : 'Scratch'} couple {couple.coupleNumber}
          </Button>
        </DialogActions>
      </Stack>
    </Modal>
  );
}
