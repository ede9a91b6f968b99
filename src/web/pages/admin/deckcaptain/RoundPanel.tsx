import { Alert, Button, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { WholeNumberInput } from '../../../components/WholeNumberInput.tsx';
import * as endpoints from '../../../../domain/schemas/endpoints.ts';
import { useEffect, useState } from 'react';
import type { FloorCouple, RoundCouples } from '../../../../domain/schemas/floor.ts';
import { MAX_HEAT_SIZE } from '../../../../domain/rounds/heats.ts';
import { call } from '../../../api/client.ts';
import { roundParams } from '../../../api/paths.ts';
import { competitionQueryKey } from '../../../api/queries/keys.ts';
import { useCommand } from '../../../api/useCommand.ts';
import { ApiErrorAlert, CommandError } from '../../../components/ApiErrorAlert.tsx';
import { RoundStateBadge } from '../../../components/RoundStateBadge.tsx';
import { RoundState, roundStateName } from '../../../shared/roundStates.ts';
import { ScratchDialog } from './ScratchDialog.tsx';
import { StartRoundDialog } from '../StartRoundDialog.tsx';
import { canStart, waitingNote, checkInSummary, heatSummary, roundLabel } from './deckLogic.ts';
import { HeatTable } from './HeatTable.tsx';
import type { Balances } from './balances.ts';
import { useDeckWords } from './words.ts';
import { useRoundNotices } from '../../../shared/roundNotices/notices.ts';

interface Props {
  competitionKey: string;
  /** With the deck captain's taps not yet confirmed already applied. */
  round: RoundCouples;
  pending: ReadonlyMap<number, boolean>;
  /** What couples owe and the competition's check-in rule; undefined until read (or if it failed). */
  balances?: Balances | undefined;
  onCheckIn: (round: RoundCouples, couple: FloorCouple) => void;
  /** What the search box holds: matching couples are highlighted. */
  search: string;
  /** The round this one waits for, when its couples are not known yet. */
  previousRound?: string;
  onPrint: () => void;
  /** After this round has started. */
  onStarted?: (round: RoundCouples) => void;
}

/** One round as the deck captain works it: heats, check-in, scratches, start. */
export function RoundPanel({
  competitionKey: key,
  round,
  pending,
  balances,
  onCheckIn,
  search,
  previousRound,
  onPrint,
  onStarted,
}: Props) {
  const words = useDeckWords();
  const { t } = words;
  const notices = useRoundNotices();
  const label = roundLabel(round, words);
  const state = roundStateName(round.roundState);
  const [heatSize, setHeatSize] = useState<number | string>(round.heatSize ?? '');
  const [oneHeat, setOneHeat] = useState(round.heatSize === null);
  /** A heat size that cannot be sent, said before asking the server. */
  const [invalid, setInvalid] = useState<string | null>(null);
  const [scratching, setScratching] = useState<FloorCouple | null>(null);
  const [starting, setStarting] = useState(false);

  // Someone else (or a live refresh) changed the setting: show what is now in force.
  useEffect(() => {
    setHeatSize(round.heatSize ?? '');
    setOneHeat(round.heatSize === null);
  }, [round.heatSize, round.version]);

  const refresh = [competitionQueryKey(key, 'events')];
  const heats = useCommand({
    run: (size: number | null) =>
      call(endpoints.postEventsRoundsHeats, roundParams(key, round), {
        heatSize: size,
        version: round.version,
      }),
    success: (r) => ({ position: 'bottom-right', title: t('toast.heatsSet'), message: notices.heatsSet(r) }),
    refresh,
  });
  const start = useCommand({
    run: () => call(endpoints.postEventsRoundsStart, roundParams(key, round), { version: round.version }),
    success: (r) => ({
      position: 'bottom-right',
      title: t('toast.started'),
      message: notices.started(r, round.eventName),
    }),
    refresh,
    onSuccess: () => onStarted?.(round),
  });

  const setHeats = () => {
    const size = oneHeat ? null : Number(heatSize);
    start.reset();
    if (size !== null && (!Number.isInteger(size) || size < 2 || size > MAX_HEAT_SIZE)) {
      heats.reset();
      setInvalid(t('heatSize.invalid', { max: MAX_HEAT_SIZE }));
      return;
    }
    setInvalid(null);
    void heats.run(size);
  };
  const failed = heats.error !== null ? heats : start;

  // Heats only matter until the round has been danced.
  const heatsMatter = round.roundState <= RoundState.Running;

  return (
    <Stack gap="sm">
      <Paper withBorder p="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Stack gap={4}>
            <Title order={2} size="h3">
              {label}
            </Title>
            <Group gap="xs">
              {state && (
                <RoundStateBadge state={state} couples={round.couples.filter((c) => !c.scratched).length} />
              )}
              {round.couplesKnown && (
                <>
                  <Text fw={700} data-testid="checkin-count" aria-live="polite">
                    {checkInSummary(round, words)}
                  </Text>
                  <Text size="sm" c="dimmed" data-testid="heat-summary">
                    · {heatSummary(round, words)}
                  </Text>
                </>
              )}
            </Group>
          </Stack>
          <Group gap="xs">
            {round.couplesKnown && (
              <Button variant="default" onClick={onPrint}>
                {t('printHeatList')}
              </Button>
            )}
            {canStart(round) && (
              <Button onClick={() => setStarting(true)} loading={start.busy}>
                {t('startRound')}
              </Button>
            )}
          </Group>
        </Group>
        {waitingNote(round, words) && (
          <Text size="sm" c="orange.8" mt="xs" data-testid="round-waiting">
            {waitingNote(round, words)}.
          </Text>
        )}
        {round.couplesKnown && heatsMatter && (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              setHeats();
            }}
          >
            <Group gap="sm" align="flex-end" mt="sm">
              <WholeNumberInput
                label={t('heatSize.label')}
                value={heatSize}
                onChange={(v) => {
                  // Typing a size means heats: "one heat" no longer holds.
                  setHeatSize(v);
                  if (v !== '') setOneHeat(false);
                }}
                min={2}
                max={MAX_HEAT_SIZE}
                w={260}
              />
              <Checkbox
                label={t('oneHeat')}
                checked={oneHeat}
                onChange={(e) => {
                  setOneHeat(e.currentTarget.checked);
                  if (e.currentTarget.checked) setHeatSize('');
                }}
                mb={8}
              />
              <Button type="submit" variant="light" loading={heats.busy}>
                {t('setHeats')}
              </Button>
            </Group>
          </form>
        )}
      </Paper>

      {invalid !== null && <ApiErrorAlert error={null} message={invalid} title={t('error.notDone')} />}
      <CommandError command={failed} title={t('error.notDone')} />

      {!round.couplesKnown ? (
        <Alert color="gray" title={t('couplesUnknown.title')}>
          {previousRound
            ? t('couplesUnknown.after', { round: words.round(previousRound) })
            : t('couplesUnknown.text')}
        </Alert>
      ) : (
        <HeatTable {...{ round, label, pending, balances, search, onCheckIn }} onScratch={setScratching} />
      )}

      {scratching && (
        <ScratchDialog
          competitionKey={key}
          round={round}
          couple={scratching}
          onClose={() => setScratching(null)}
        />
      )}
      <StartRoundDialog
        opened={starting}
        label={label}
        round={round}
        busy={start.busy}
        // Closed either way: a refusal shows on the panel.
        onStart={() => void start.run().then(() => setStarting(false))}
        onClose={() => setStarting(false)}
      />
    </Stack>
  );
}
