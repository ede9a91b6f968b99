import { Button, Modal, Stack, Text } from '@mantine/core';
import * as endpoints from '../../../../domain/schemas/endpoints.ts';
import type { FloorCouple, RoundCouples } from '../../../../domain/schemas/floor.ts';
import { call } from '../../../api/client.ts';
import { competitionQueryKey } from '../../../api/queries/keys.ts';
import { useCommand } from '../../../api/useCommand.ts';
import { CommandError } from '../../../components/ApiErrorAlert.tsx';
import { coupleName } from './deckLogic.ts';
import { DialogActions } from '../../../components/DialogActions.tsx';
import { useT } from '../../../i18n/locale.ts';
import { deckText } from './text.ts';

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
  const t = useT(deckText);
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
      title: want ? t('scratch.done') : t('unscratch.done'),
      message: t(want ? 'scratch.doneText' : 'unscratch.doneText', {
        number: couple.coupleNumber,
        event: round.eventName,
      }),
    }),
    refresh: [competitionQueryKey(competitionKey, 'events')],
    onSuccess: onClose,
  });
  return (
    <Modal
      opened
      onClose={onClose}
      title={t(couple.scratched ? 'unscratch.question' : 'scratch.question', { number: couple.coupleNumber })}
    >
      <Stack>
        <Text>
          {t(couple.scratched ? 'unscratch.text' : 'scratch.text', {
            couple: coupleName(couple),
            event: round.eventName,
          })}
        </Text>
        <CommandError command={scratch} title={t('error.notChanged')} />
        <DialogActions onCancel={onClose}>
          <Button
            color={couple.scratched ? 'blue' : 'red'}
            loading={scratch.busy}
            onClick={() => void scratch.run()}
          >
            {t(couple.scratched ? 'unscratch.button' : 'scratch.button', { number: couple.coupleNumber })}
          </Button>
        </DialogActions>
      </Stack>
    </Modal>
  );
}
