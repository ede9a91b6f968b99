import {
  ActionIcon,
  Button,
  Group,
  NativeSelect,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import type { DragEvent } from 'react';
import { RoundStateBadge } from '../../../components/RoundStateBadge.tsx';
import { roundStateName } from '../../../shared/roundStates.ts';
import { formatTime, utcToZonedInput, type ClockFormat } from '../../../../domain/time.ts';
import type { ScheduleItem } from '../../../../domain/schemas/events.ts';
import { isRunningLate } from '../../../../domain/schedule.ts';

/** How times read on the schedule screen. */
export interface TimeDisplay {
  timeZone: string;
  clock: ClockFormat;
  multiDay: boolean;
}

export interface RunningOrderRowProps {
  item: ScheduleItem;
  /** 0-based place in the running order. */
  index: number;
  last: boolean;
  display: TimeDisplay;
  showScheduleIndex: boolean;
  /** Floor names, when there are several (a floor column). */
  floorNames: string[] | null;
  highlighted: boolean;
  dragged: boolean;
  /** A reorder is being saved: moves wait for it. */
  saving: boolean;
  floorSaving: boolean;
  onMove: (from: number, to: number) => void;
  onDragStart: (e: DragEvent) => void;
  onDrop: (e: DragEvent) => void;
  onDragEnd: () => void;
  onFocusEvent: () => void;
  onRemoveWait: () => void;
  onFloor: (floor: string) => void;
  onSetStart: (local: string) => void;
}

/** One round, Awards or Break of the running order: moved by drag or its arrows, retimed, refloored. */
export function RunningOrderRow(props: RunningOrderRowProps) {
  const { item, index: i, display, saving } = props;
  const { timeZone, clock, multiDay } = display;
  const schedItem = item.kind !== 'round';
  return (
    <Table.Tr
      data-testid={`slot-${item.roundId}`}
      draggable
      onDragStart={props.onDragStart}
      onDragOver={(e) => e.preventDefault()}
      onDrop={props.onDrop}
      onDragEnd={props.onDragEnd}
      onMouseEnter={props.onFocusEvent}
      onFocus={props.onFocusEvent}
      style={{
        cursor: 'grab',
        opacity: props.dragged ? 0.5 : 1,
        background: props.highlighted
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
              onClick={() => props.onMove(i, i - 1)}
            >
              ↑
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Move down">
            <ActionIcon
              variant="subtle"
              aria-label={`Move ${item.eventName} ${item.roundName} down`}
              disabled={props.last || saving}
              onClick={() => props.onMove(i, i + 1)}
            >
              ↓
            </ActionIcon>
          </Tooltip>
        </Group>
      </Table.Td>
      {props.showScheduleIndex && <Table.Td>{item.scheduleIndex}</Table.Td>}
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
              onClick={props.onRemoveWait}
            >
              Remove
            </Button>
          </Stack>
        )}
      </Table.Td>
      {props.floorNames && (
        <Table.Td>
          <NativeSelect
            size="xs"
            w={140}
            data={props.floorNames}
            value={item.floor}
            aria-label={`Floor of ${item.eventName} ${item.roundName}`}
            disabled={props.floorSaving}
            onChange={(e) => {
              const floor = e.currentTarget.value;
              if (floor !== item.floor) props.onFloor(floor);
            }}
          />
        </Table.Td>
      )}
      <Table.Td fw={schedItem ? 700 : 500}>{item.eventName}</Table.Td>
      <Table.Td>{schedItem ? item.kind : item.roundName}</Table.Td>
      <Table.Td>
        {!schedItem && (
          <RoundStateBadge state={roundStateName(item.roundState) ?? 'Initialized'} couples={item.couples} />
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
          onBlur={(e) => props.onSetStart(e.currentTarget.value)}
          w={200}
        />
      </Table.Td>
    </Table.Tr>
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
