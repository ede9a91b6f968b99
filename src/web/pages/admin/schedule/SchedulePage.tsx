import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Paper,
  NativeSelect,
  SegmentedControl,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type DragEvent } from 'react';
import { Link } from '../../../components/Link.tsx';
import { api } from '../../../api/client.ts';
import { paths } from '../../../api/paths.ts';
import { competitionQueryKey } from '../../../api/queries/keys.ts';
import { scheduleQuery, useSchedule } from '../../../api/queries/schedule.ts';
import { useCommand } from '../../../api/useCommand.ts';
import { useCompetition, useEventSettings } from '../../../api/queries/competition.ts';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { DataTable } from '../../../components/DataTable.tsx';
import { AdminLink, PageHeader } from '../PageHeader.tsx';
import { ApiErrorAlert, CommandError } from '../../../components/ApiErrorAlert.tsx';
import { RoundStateBadge } from '../../../components/RoundStateBadge.tsx';
import { roundStateName } from '../../../shared/roundStates.ts';
import { DEFAULT_CLOCK, formatTime, utcToZonedInput, zonedInputToUtc } from '../../../../domain/time.ts';
import type { Schedule, ScheduleItem } from '../../../../domain/schemas/events.ts';
import { isRunningLate } from '../../../../domain/schedule.ts';
import { moveItem } from './time.ts';
import { SuggestSchedule } from './SuggestSchedule.tsx';
import { FloorsTimeline } from './FloorsTimeline.tsx';
import { roundsInConflict, ScheduleConflicts, useScheduleConflicts } from './ScheduleConflicts.tsx';

/** Admin → event schedule: the whole running order, reordered by drag or by keyboard. */
export function SchedulePage() {
  usePageTitle('Event schedule');
  const { data, isError, error, key } = useSchedule({ followClock: true });
  const { competition } = useCompetition();
  const { settings } = useEventSettings();
  const queryClient = useQueryClient();
  const [order, setOrder] = useState<ScheduleItem[] | null>(null);
  const [dragging, setDragging] = useState<string | null>(null);
  const [focusEvent, setFocusEvent] = useState<string | null>(null);
  /** A start time that cannot be sent, said before asking the server. */
  const [invalid, setInvalid] = useState<string | null>(null);
  const [announce, setAnnounce] = useState('');
  const [view, setView] = useState<'order' | 'floors'>('order');
  const conflicts = useScheduleConflicts(key, data, competition?.minRestMinutes);
  const floorNames = data?.floors.map((f) => f.name) ?? [];
  const severalFloors = floorNames.length > 1;
  const timeZone = competition?.timeZone ?? 'UTC';
  const clock = competition?.clock ?? DEFAULT_CLOCK;
  const multiDay = !!competition && competition.startDate !== competition.endDate;

  const queryKey = scheduleQuery(key).queryKey;
  const reorder = useCommand({
    run: ({ next, waits }: { next: ScheduleItem[]; what: string; waits?: Record<string, number> }) =>
      api.put<Schedule>(paths.schedule(key!), {
        order: next.map((i) => i.roundId),
        ...(waits ? { waits } : {}),
        version: data!.version,
      }),
    success: (_, { what }) => ({ title: 'Schedule saved', message: what }),
    refresh: key ? [competitionQueryKey(key, 'events')] : [],
    onSuccess: (fresh, { what }) => {
      queryClient.setQueryData(queryKey, fresh);
      setOrder(fresh.items);
      setAnnounce(what);
    },
    onStale: (e) => {
      const current = (e.details as { current?: Schedule } | undefined)?.current;
      if (!current) return;
      queryClient.setQueryData(queryKey, current);
      setOrder(current.items);
    },
    onError: () => setOrder(data?.items ?? null),
  });
  const saving = reorder.busy;

  // Follow the server unless a reorder of ours is on its way.
  useEffect(() => {
    if (data && !saving) setOrder(data.items);
  }, [data, saving]);

  const save = (next: ScheduleItem[], what: string, waits?: Record<string, number>) => {
    if (!key || !data) return;
    setOrder(next);
    setInvalid(null);
    retime.reset();
    void reorder.run({ next, what, waits });
  };

  /** Takes away the waiting time an applied suggestion put before a round. */
  const removeWait = (item: ScheduleItem) => {
    if (!order) return;
    save(order, `${item.eventName} — ${item.roundName} no longer waits before it starts.`, {
      [item.roundId]: 0,
    });
  };

  const retime = useCommand({
    run: ({ item, iso }: { item: ScheduleItem; iso: string | null }) =>
      api.patch(paths.round(key!, item), { roundStartTime: iso, version: item.version }),
    success: (_, { item, iso }) => ({
      title: 'Start time saved',
      message: `${item.eventName} — ${item.roundName}: ${formatTime(iso, timeZone, clock, multiDay)}`,
    }),
    refresh: [queryKey],
  });

  const reFloor = useCommand({
    run: ({ item, floor }: { item: ScheduleItem; floor: string }) =>
      api.patch(paths.round(key!, item), { floor, version: item.version }),
    success: (_, { item, floor }) => ({
      title: 'Floor saved',
      message: `${item.eventName} — ${item.roundName} is danced on ${floor}.`,
    }),
    refresh: [queryKey],
  });

  const move = (from: number, to: number) => {
    if (!order || to < 0 || to >= order.length || from === to) return;
    const item = order[from] as ScheduleItem;
    void save(
      moveItem(order, from, to),
      `${item.eventName} — ${item.roundName} moved to position ${to + 1}.`,
    );
  };

  const onDrop = (e: DragEvent, to: number) => {
    e.preventDefault();
    const id = dragging ?? e.dataTransfer.getData('text/plain');
    setDragging(null);
    const from = order?.findIndex((i) => i.roundId === id) ?? -1;
    if (from >= 0) move(from, to);
  };

  const setStart = (item: ScheduleItem, local: string) => {
    if (!key) return;
    const iso = zonedInputToUtc(local, timeZone);
    reorder.reset();
    if (iso === undefined) {
      retime.reset();
      setInvalid('Enter the start time as a date and time, e.g. 2026-11-21T09:30.');
      return;
    }
    if (iso === item.roundStartTime) return;
    setInvalid(null);
    void retime.run({ item, iso });
  };

  const items = order ?? [];
  const timing = data?.timing;
  return (
    <Stack gap="lg">
      <PageHeader
        title="Event schedule"
        description={
          <>
            The running order of every round, Awards and Break. Drag a row, or use its arrow buttons, to move
            it. Estimated times follow the first start time and the durations in{' '}
            <AdminLink to="/admin/settings">settings</AdminLink>.
          </>
        }
        actions={
          <Button component={Link} to="/admin/setup/events" variant="default">
            Events and rounds
          </Button>
        }
      />
      {timing && (
        <Text size="sm" data-testid="schedule-timing">
          First start: <b>{formatTime(timing.firstStartTime, timeZone, clock, true)}</b> · per dance{' '}
          {Math.round(timing.perDanceSeconds / 6) / 10} min · between rounds{' '}
          {Math.round(timing.transitionSeconds / 6) / 10} min
        </Text>
      )}
      {key && data && data.items.length > 0 && <SuggestSchedule competitionKey={key} schedule={data} />}
      {isError && <ApiErrorAlert error={error} title="The schedule could not load" />}
      {invalid !== null && <ApiErrorAlert error={null} title="Not saved" message={invalid} />}
      <CommandError
        command={reorder.error !== null ? reorder : reFloor.error !== null ? reFloor : retime}
        title="Not saved"
      />
      {data && <ScheduleConflicts schedule={data} query={conflicts} />}
      {data && severalFloors && (
        <SegmentedControl
          value={view}
          onChange={(v) => setView(v as 'order' | 'floors')}
          aria-label="View"
          data={[
            { value: 'order', label: 'Running order' },
            { value: 'floors', label: 'Floors side by side' },
          ]}
          w="fit-content"
        />
      )}
      {data && severalFloors && view === 'floors' && (
        <FloorsTimeline
          schedule={data}
          inConflict={roundsInConflict(conflicts.data)}
          timeZone={timeZone}
          clock={clock}
          multiDay={multiDay}
        />
      )}
      <div aria-live="polite" className="visually-hidden" style={{ position: 'absolute', left: -9999 }}>
        {announce}
      </div>
      {!data && !isError && <Skeleton h={400} aria-label="Loading the schedule" />}
      {data && items.length === 0 && (
        <Alert color="blue" title="Nothing scheduled yet">
          Generate the rounds of your events on the <AdminLink to="/admin/setup/events">events</AdminLink>{' '}
          screen; they appear here in running order.
        </Alert>
      )}
      {items.length > 0 && (view === 'order' || !severalFloors) && (
        <Paper withBorder radius="md">
          <DataTable
            verticalSpacing={4}
            aria-label="Running order"
            columns={[
              { 'aria-label': 'Move', w: 110 },
              settings?.showScheduleIndex && 'Index',
              'Estimated',
              severalFloors && 'Floor',
              'Event',
              'Round',
              'State',
              { label: 'Couples', ta: 'right' },
              'Set start time',
            ]}
          >
            {items.map((item, i) => {
              const highlighted = settings?.highlightOtherRoundsInEvent && focusEvent === item.eventKey;
              const schedItem = item.kind !== 'round';
              return (
                <Table.Tr
                  key={item.roundId}
                  data-testid={`slot-${item.roundId}`}
                  draggable
                  onDragStart={(e) => {
                    setDragging(item.roundId);
                    e.dataTransfer.setData('text/plain', item.roundId);
                    e.dataTransfer.effectAllowed = 'move';
                  }}
                  onDragOver={(e) => e.preventDefault()}
                  onDrop={(e) => onDrop(e, i)}
                  onDragEnd={() => setDragging(null)}
                  onMouseEnter={() => setFocusEvent(item.eventKey)}
                  onFocus={() => setFocusEvent(item.eventKey)}
                  style={{
                    cursor: 'grab',
                    opacity: dragging === item.roundId ? 0.5 : 1,
                    background: highlighted
                      ? 'var(--mantine-color-blue-0)'
                      : schedItem
                        ? 'var(--mantine-color-gray-0)'
                        : undefined,
                  }}
                >
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Text c="dimmed" aria-hidden style={{ userSelect: 'none' }}>
                        ⠿
                      </Text>
                      <Tooltip label="Move up">
                        <ActionIcon
                          variant="subtle"
                          aria-label={`Move ${item.eventName} ${item.roundName} up`}
                          disabled={i === 0 || saving}
                          onClick={() => move(i, i - 1)}
                        >
                          ↑
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label="Move down">
                        <ActionIcon
                          variant="subtle"
                          aria-label={`Move ${item.eventName} ${item.roundName} down`}
                          disabled={i === items.length - 1 || saving}
                          onClick={() => move(i, i + 1)}
                        >
                          ↓
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  </Table.Td>
                  {settings?.showScheduleIndex && <Table.Td>{item.scheduleIndex}</Table.Td>}
                  <Table.Td data-testid="estimate">
                    {item.estimatedStart ? (
                      <Text size="sm" fw={600}>
                        {formatTime(item.estimatedStart, timeZone, clock, multiDay)}
                        <Lateness item={item} />
                      </Text>
                    ) : (
                      <Text size="sm" c="dimmed">
                        TBA
                      </Text>
                    )}
                    {item.waitMinutes > 0 && (
                      <Stack gap={0} align="flex-start" data-testid="wait">
                        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                          after a {item.waitMinutes}-min wait
                        </Text>
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          disabled={saving}
                          aria-label={`Remove the wait before ${item.eventName} ${item.roundName}`}
                          onClick={() => removeWait(item)}
                        >
                          Remove
                        </Button>
                      </Stack>
                    )}
                  </Table.Td>
                  {severalFloors && (
                    <Table.Td>
                      <NativeSelect
                        size="xs"
                        w={140}
                        data={floorNames}
                        value={item.floor}
                        aria-label={`Floor of ${item.eventName} ${item.roundName}`}
                        disabled={reFloor.busy}
                        onChange={(e) => {
                          const floor = e.currentTarget.value;
                          if (floor !== item.floor) void reFloor.run({ item, floor });
                        }}
                      />
                    </Table.Td>
                  )}
                  <Table.Td fw={schedItem ? 700 : 500}>{item.eventName}</Table.Td>
                  <Table.Td>{schedItem ? item.kind : item.roundName}</Table.Td>
                  <Table.Td>
                    {!schedItem && (
                      <RoundStateBadge
                        state={roundStateName(item.roundState) ?? 'Initialized'}
                        couples={item.couples}
                      />
                    )}
                  </Table.Td>
                  <Table.Td ta="right" data-testid="couples">
                    {schedItem ? '' : <ExpectedCouples item={item} />}
                  </Table.Td>
                  <Table.Td>
                    <TextInput
                      key={`${item.roundId}-${item.version}`}
                      type="datetime-local"
                      size="xs"
                      aria-label={`Start time of ${item.eventName} ${item.roundName}`}
                      defaultValue={utcToZonedInput(item.roundStartTime, timeZone)}
                      onBlur={(e) => void setStart(item, e.currentTarget.value)}
                      w={200}
                    />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </DataTable>
        </Paper>
      )}
    </Stack>
  );
}

/**
 * After the time: "started" / "danced" for a round on or off the floor, and how far an estimate is
 * from its set time or the plan ("running late" once it is well behind).
 */
function Lateness({ item }: { item: ScheduleItem }) {
  const fact = item.endedAt ? 'danced' : item.startedAt ? 'started' : null;
  const late = item.minutesLate ?? 0;
  const minutes = late > 0 ? `+${late} min` : late < 0 ? `${late} min` : '';
  const words = [fact, fact === null && isRunningLate(item.minutesLate) ? 'running late' : null, minutes]
    .filter(Boolean)
    .join(' · ');
  if (!words) return null;
  return (
    <Text span display="block" size="xs" fw={400} c={fact ? 'dimmed' : late > 0 ? 'orange.9' : 'teal.9'}>
      {words}
    </Text>
  );
}

/** The couples of a round, or before it has them the couples it is expected to dance. */
function ExpectedCouples({ item }: { item: ScheduleItem }) {
  if (item.expectedFrom === 'couples') return <>{item.couples}</>;
  return (
    <Text
      span
      size="sm"
      c="dimmed"
      style={{ whiteSpace: 'nowrap' }}
      title={item.expectedFrom === 'entries' ? 'Entries of the event' : 'The recall of the round before'}
    >
      {item.expectedCouples} {item.expectedFrom === 'entries' ? 'entered' : 'expected'}
    </Text>
  );
}
