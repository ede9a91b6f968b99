import { Alert, Button, Modal, Stack, Text } from '@mantine/core';
import type { RoundCouples } from '../../../../domain/schemas/floor.ts';
import { DialogActions } from '../../../components/DialogActions.tsx';

/** Start the round, after saying how many dance and who has not checked in. */
export function StartDialog({
  opened,
  label,
  round,
  dancing,
  checkedIn,
  notHere,
  busy,
  onStart,
  onClose,
}: {
  opened: boolean;
  label: string;
  round: RoundCouples;
  dancing: number;
  checkedIn: number;
  notHere: string[];
  busy: boolean;
  onStart: () => void;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={`Start ${label}?`}>
      <Stack>
        <Text>
          {dancing} couples dance{round.heats > 1 ? ` in ${round.heats} heats` : ''}. Once it runs the judges
          mark it, and a couple can no longer be scratched from it once they have.
        </Text>
        {checkedIn < dancing && (
          <Alert color="yellow" title={`${dancing - checkedIn} not checked in`}>
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
