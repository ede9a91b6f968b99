import { Alert, Button, Loader, Modal, Stack, Text } from '@mantine/core';
import type { RoundCouples } from '../../../domain/schemas/floor.ts';
import { DialogActions } from '../../components/DialogActions.tsx';
import { checkInCount } from './deckcaptain/deckLogic.ts';
import { useT } from '../../i18n/locale.ts';
import { scrutineerText } from './scrutineer/text.ts';

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
  const t = useT(scrutineerText);
  const counts = round ? checkInCount(round) : null;
  const notHere = round?.couples.filter((c) => !c.scratched && !c.checkedIn).map((c) => c.coupleNumber) ?? [];
  return (
    <Modal opened={opened} onClose={onClose} title={t('startRound.title', { label })}>
      <Stack>
        {round && counts ? (
          <Text>
            {round.heats > 1
              ? t('startRound.danceHeats', { count: counts.dancing, heats: round.heats })
              : t('startRound.dance', { count: counts.dancing })}
          </Text>
        ) : (
          <Text>
            <Loader size="xs" mr="xs" />
            {t('startRound.counting')}
          </Text>
        )}
        {counts && counts.checkedIn < counts.dancing && (
          <Alert
            color="yellow"
            title={t('startRound.notCheckedIn', { count: counts.dancing - counts.checkedIn })}
          >
            {t('startRound.notHere', { numbers: notHere.join(', ') })}
          </Alert>
        )}
        <DialogActions onCancel={onClose}>
          <Button loading={busy} onClick={onStart}>
            {t('startRound.start')}
          </Button>
        </DialogActions>
      </Stack>
    </Modal>
  );
}
