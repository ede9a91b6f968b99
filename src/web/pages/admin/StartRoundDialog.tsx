import { Alert, Button, Loader, Modal, Stack, Text } from '@mantine/core';
import type { RoundCouples } from '../../../domain/schemas/floor.ts';
import { DialogActions } from '../../components/DialogActions.tsx';
import { checkInCount } from './deckcaptain/deckLogic.ts';

/**
 * "Start {round}?", naming the round, how many couples dance and who has not checked in. The deck
 * captain's and the scrutineer's Start both ask it: a round on the floor is judged at once.
 */
export function StartRoundDialog({
  opened,
  label,
  round,
  busy,
  onStart,
  onClose,
}: {
  opened: boolean;
  /** "Event, Round": the round that starts. */
  label: string;
  /** Its couples; undefined while they load. */
  round: RoundCouples | undefined;
  busy: boolean;
  onStart: () => void;
  onClose: () => void;
}) {
  const counts = round ? checkInCount(round) : null;
  const notHere = round?.couples.filter((c) => !c.scratched && !c.checkedIn).map((c) => c.coupleNumber) ?? [];
  return (
    <Modal opened={opened} onClose={onClose} title={`Start ${label}?`}>
      <Stack>
        {round && counts ? (
          <Text>
            {counts.dancing} couples dance{round.heats > 1 ? ` in ${round.heats} heats` : ''}. Once it starts,
            the judges mark it, and once the first marks are in no couple can be scratched from it.
          </Text>
        ) : (
          <Text>
            <Loader size="xs" mr="xs" />
            Counting the couples…
          </Text>
        )}
        {counts && counts.checkedIn < counts.dancing && (
          <Alert color="yellow" title={`${counts.dancing - counts.checkedIn} not checked in`}>
            Not checked in yet: {notHere.join(', ')}.
          </Alert>
        )}
        <DialogActions onCancel={onClose}>
          <Button loading={busy} onClick={onStart}>
            Start round
          </Button>
        </DialogActions>
      </Stack>
    </Modal>
  );
}
