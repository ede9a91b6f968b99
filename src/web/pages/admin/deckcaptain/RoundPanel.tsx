import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { FloorCouple, RoundCouples } from '../../../../domain/schemas/floor.ts';
import { MAX_HEAT_SIZE } from '../../../../domain/rounds/heats.ts';
import { ApiError, api } from '../../../api/client.ts';
import { competitionQueryKey } from '../../../api/queries/keys.ts';
import { ApiErrorAlert, describeError } from '../../../components/ApiErrorAlert.tsx';
import { RoundStateBadge } from '../../../components/RoundStateBadge.tsx';
import { RoundState, roundStateName } from '../../../shared/roundStates.ts';
import { STALE_MESSAGE, isStale } from '../events/setupApi.ts';
import { entryPath, roundPath, type HeatsAnswer } from './deckApi.ts';
import {
  canStart,
  checkInCount,
  checkInSummary,
  coupleMatches,
  heatGroups,
  heatSummary,
  roundLabel,
} from './deckLogic.ts';

const coupleName = (c: FloorCouple) => `${c.leadName} & ${c.followName}`;

interface Props {
  competitionKey: string;
  /** With the deck captain's taps not yet confirmed already applied. */
  round: RoundCouples;
  pending: ReadonlyMap<number, boolean>;
  onCheckIn: (round: RoundCouples, couple: FloorCouple) => void;
  /** What the search box holds: matching couples are highlighted. */
  search: string;
  /** The round this one waits for, when its couples are not known yet. */
  previousRound?: string;
  onPrint: () => void;
}

/** One round as the deck captain works it: heats, check-in, scratches, start. */
export function RoundPanel({
  competitionKey: key,
  round,
  pending,
  onCheckIn,
  search,
  previousRound,
  onPrint,
}: Props) {
  const queryClient = useQueryClient();
  const label = roundLabel(round);
  const state = roundStateName(round.roundState);
  const [heatSize, setHeatSize] = useState<number | string>(round.heatSize ?? '');
  const [oneHeat, setOneHeat] = useState(round.heatSize === null);
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<unknown>(null);
  const [scratching, setScratching] = useState<FloorCouple | null>(null);
  const [scratchProblem, setScratchProblem] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);

  // Someone else (or a live refresh) changed the setting: show what is now in force.
  useEffect(() => {
    setHeatSize(round.heatSize ?? '');
    setOneHeat(round.heatSize === null);
  }, [round.heatSize, round.version]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: competitionQueryKey(key, 'events') });
  const said = (title: string, message: string) =>
    notifications.show({ position: 'bottom-right', color: 'green', title, message });

  const setHeats = async () => {
    const size = oneHeat ? null : Number(heatSize);
    if (size !== null && (!Number.isInteger(size) || size < 2 || size > MAX_HEAT_SIZE)) {
      setProblem(`A heat holds between 2 and ${MAX_HEAT_SIZE} couples: type a number, or choose one heat.`);
      return;
    }
    setBusy('heats');
    setProblem(null);
    try {
      const r = await api.post<HeatsAnswer>(`${roundPath(key, round)}/heats`, {
        heatSize: size,
        version: round.version,
      });
      said('Heats set', r.message);
    } catch (e) {
      setProblem(e);
    } finally {
      setBusy(null);
      await refresh();
    }
  };

  const scratch = async () => {
    if (!scratching) return;
    const want = !scratching.scratched;
    setBusy('scratch');
    setScratchProblem(null);
    try {
      await api.post(`${entryPath(key, round.eventKey, scratching.entryId)}/scratch`, { scratched: want });
      said(
        want ? 'Scratched' : 'Back in the event',
        want
          ? `Couple ${scratching.coupleNumber} is scratched from ${round.eventName}: struck through and no longer counted.`
          : `Couple ${scratching.coupleNumber} is back in ${round.eventName}.`,
      );
      setScratching(null);
      await refresh();
    } catch (e) {
      // round_marked and the like: the server's sentence says what happened and whom to ask.
      setScratchProblem(e instanceof ApiError && e.status === 409 ? e.message : describeError(e));
    } finally {
      setBusy(null);
    }
  };

  const start = async () => {
    setBusy('start');
    setProblem(null);
    try {
      const r = await api.post<{ message: string }>(`${roundPath(key, round)}/start`, {
        version: round.version,
      });
      said('Round started', r.message);
      setStarting(false);
    } catch (e) {
      setStarting(false);
      setProblem(e);
    } finally {
      setBusy(null);
      await refresh();
    }
  };

  const groups = heatGroups(round);
  const { checkedIn, dancing } = checkInCount(round);
  const notHere = round.couples.filter((c) => !c.scratched && !c.checkedIn).map((c) => c.coupleNumber);
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
              {state && <RoundStateBadge state={state} />}
              {round.couplesKnown && (
                <>
                  <Text fw={700} data-testid="checkin-count" aria-live="polite">
                    {checkInSummary(round)}
                  </Text>
                  <Text size="sm" c="dimmed" data-testid="heat-summary">
                    · {heatSummary(round)}
                  </Text>
                </>
              )}
            </Group>
          </Stack>
          <Group gap="xs">
            {round.couplesKnown && (
              <Button variant="default" onClick={onPrint}>
                Print heat list
              </Button>
            )}
            {canStart(round) && (
              <Button onClick={() => setStarting(true)} loading={busy === 'start'}>
                Start round
              </Button>
            )}
          </Group>
        </Group>
        {round.couplesKnown && heatsMatter && (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              void setHeats();
            }}
          >
            <Group gap="sm" align="flex-end" mt="sm">
              <NumberInput
                label="Heat size (couples on the floor at once)"
                value={heatSize}
                onChange={(v) => {
                  // Typing a size means heats: "one heat" no longer holds.
                  setHeatSize(v);
                  if (v !== '') setOneHeat(false);
                }}
                min={2}
                max={MAX_HEAT_SIZE}
                allowDecimal={false}
                allowNegative={false}
                w={260}
              />
              <Checkbox
                label="One heat"
                checked={oneHeat}
                onChange={(e) => {
                  setOneHeat(e.currentTarget.checked);
                  if (e.currentTarget.checked) setHeatSize('');
                }}
                mb={8}
              />
              <Button type="submit" variant="light" loading={busy === 'heats'}>
                Set heats
              </Button>
            </Group>
          </form>
        )}
      </Paper>

      {problem !== null &&
        (typeof problem === 'string' || isStale(problem) ? (
          <Alert color="red" title="That did not work" role="alert">
            {typeof problem === 'string' ? problem : STALE_MESSAGE}
          </Alert>
        ) : (
          <ApiErrorAlert error={problem} title="That did not work" />
        ))}

      {!round.couplesKnown ? (
        <Alert color="gray" title="Couples not known yet">
          {previousRound
            ? `Couples are known once the ${previousRound} is posted.`
            : 'Couples are known once the round before is posted.'}
        </Alert>
      ) : (
        <Table
          stickyHeader
          verticalSpacing={4}
          aria-label={`Couples of ${label}`}
          data-testid="round-couples"
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={80}>No.</Table.Th>
              <Table.Th>Couple</Table.Th>
              <Table.Th>Team</Table.Th>
              <Table.Th w={170}>Check-in</Table.Th>
              <Table.Th w={120}>
                <span className="deck-visually-hidden">Scratch</span>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          {groups.map((g) => (
            <Table.Tbody key={g.heat ?? 'scratched'} data-testid={g.heat ? `heat-${g.heat}` : 'scratched'}>
              <Table.Tr bg="gray.1">
                <Table.Th colSpan={5} scope="colgroup">
                  {g.heat === null
                    ? `Scratched (${g.couples.length})`
                    : groups.filter((x) => x.heat !== null).length > 1
                      ? `Heat ${g.heat} · ${g.couples.length} couples`
                      : `One heat · ${g.couples.length} couples`}
                </Table.Th>
              </Table.Tr>
              {g.couples.map((c) => {
                const saving = pending.has(c.entryId);
                const hit = coupleMatches(c, search);
                return (
                  <Table.Tr
                    key={c.entryId}
                    data-testid={`couple-${c.coupleNumber}`}
                    bg={hit ? 'yellow.1' : undefined}
                    style={c.scratched ? { textDecoration: 'line-through', color: '#868e96' } : undefined}
                  >
                    <Table.Td fz="xl" fw={700}>
                      {c.coupleNumber}
                    </Table.Td>
                    <Table.Td>{coupleName(c)}</Table.Td>
                    <Table.Td>{c.affiliation}</Table.Td>
                    <Table.Td>
                      {!c.scratched && (
                        <Button
                          data-checkin={c.entryId}
                          h={44}
                          fullWidth
                          color={c.checkedIn ? 'green.9' : 'gray.7'}
                          variant={c.checkedIn ? 'filled' : 'outline'}
                          aria-pressed={c.checkedIn}
                          aria-label={`Check in couple ${c.coupleNumber}`}
                          aria-busy={saving}
                          onClick={() => onCheckIn(round, c)}
                        >
                          {c.checkedIn ? (saving ? 'Checked in…' : 'Checked in ✓') : 'Check in'}
                        </Button>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="subtle"
                        color={c.scratched ? 'blue.8' : 'red.8'}
                        onClick={() => {
                          setScratchProblem(null);
                          setScratching(c);
                        }}
                        aria-label={`${c.scratched ? 'Un-scratch' : 'Scratch'} couple ${c.coupleNumber}`}
                        style={{ textDecoration: 'none' }}
                      >
                        {c.scratched ? 'Un-scratch' : 'Scratch'}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          ))}
        </Table>
      )}

      <Modal
        opened={scratching !== null}
        onClose={() => setScratching(null)}
        title={
          scratching
            ? `${scratching.scratched ? 'Un-scratch' : 'Scratch'} couple ${scratching.coupleNumber}?`
            : ''
        }
      >
        {scratching && (
          <Stack>
            <Text>
              {scratching.scratched
                ? `${coupleName(scratching)} go back into ${round.eventName}: they count again and dance the rounds not yet marked.`
                : `${coupleName(scratching)} withdraw from ${round.eventName}: they stay on the list struck through, are not counted and do not dance the rounds to come. You can un-scratch them until the judges mark their round.`}
            </Text>
            {scratchProblem && (
              <Alert color="red" title="Not changed" role="alert">
                {scratchProblem}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setScratching(null)}>
                Cancel
              </Button>
              <Button
                color={scratching.scratched ? 'blue' : 'red'}
                loading={busy === 'scratch'}
                onClick={() => void scratch()}
              >
                {scratching.scratched ? 'Un-scratch' : 'Scratch'} couple {scratching.coupleNumber}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>

      <Modal opened={starting} onClose={() => setStarting(false)} title={`Start ${label}?`}>
        <Stack>
          <Text>
            {dancing} couples dance{round.heats > 1 ? ` in ${round.heats} heats` : ''}. Once it runs the
            judges mark it, and a couple can no longer be scratched from it once they have.
          </Text>
          {checkedIn < dancing && (
            <Alert color="yellow" title={`${dancing - checkedIn} not checked in`}>
              Not checked in yet: {notHere.join(', ')}.
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setStarting(false)}>
              Cancel
            </Button>
            <Button loading={busy === 'start'} onClick={() => void start()}>
              Start round
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
