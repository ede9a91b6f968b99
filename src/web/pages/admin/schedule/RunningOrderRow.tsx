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
import { useLocale, useT } from '../../../i18n/locale.ts';
import { scheduleText } from './text.ts';
import { useItemName } from './words.ts';

/** The drag handle: a glyph, not a word (hidden from screen readers). */
const DRAG_HANDLE = '⠿';

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
  const t = useT(scheduleText);
  const locale = useLocale();
  const itemName = useItemName();
  const { item, index: i, display, saving } = props;
  // The round as its controls name it: "Gold Latin Final".
  const named = { event: item.eventName, round: itemName({ kind: 'round', roundName: item.roundName }) };
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
            {DRAG_HANDLE}
          </Text>
          <Tooltip label={t('row.up')}>
            <ActionIcon
              variant="subtle"
              aria-label={t('row.upLabel', named)}
              disabled={i === 0 || saving}
              onClick={() => props.onMove(i, i - 1)}
            >
              ↑
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('row.down')}>
            <ActionIcon
              variant="subtle"
              aria-label={t('row.downLabel', named)}
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
            {formatTime(item.estimatedStart, timeZone, clock, multiDay, locale)}
            <Lateness item={item} />
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            {t('tba')}
          </Text>
        )}
        {item.waitMinutes > 0 && (
          <Stack gap={0} align="flex-start" data-testid="wait">
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {t('row.wait', { minutes: item.waitMinutes })}
            </Text>
            <Button
              size="compact-xs"
              variant="subtle"
              disabled={saving}
              aria-label={t('row.removeWaitLabel', named)}
              onClick={props.onRemoveWait}
            >
              {t('row.removeWait')}
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
            aria-label={t('row.floorLabel', named)}
            disabled={props.floorSaving}
            onChange={(e) => {
              const floor = e.currentTarget.value;
              if (floor !== item.floor) props.onFloor(floor);
            }}
          />
        </Table.Td>
      )}
      <Table.Td fw={schedItem ? 700 : 500}>{item.eventName}</Table.Td>
      <Table.Td>{itemName(item)}</Table.Td>
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
          aria-label={t('row.startLabel', named)}
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
  const t = useT(scheduleText);
  const fact = item.endedAt ? t('late.danced') : item.startedAt ? t('late.started') : null;
  const late = item.minutesLate ?? 0;
  const minutes =
    late > 0 ? t('minutes', { minutes: `+${late}` }) : late < 0 ? t('minutes', { minutes: late }) : '';
  const words = [
    fact,
    fact === null && isRunningLate(item.minutesLate) ? t('late.runningLate') : null,
    minutes,
  ]
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
  const t = useT(scheduleText);
  if (item.expectedFrom === 'couples') return <>{item.couples}</>;
  return (
    <Text
      span
      size="sm"
      c="dimmed"
      style={{ whiteSpace: 'nowrap' }}
      title={item.expectedFrom === 'entries' ? t('expected.entriesTitle') : t('expected.recallTitle')}
    >
      {t(item.expectedFrom === 'entries' ? 'expected.entries' : 'expected.recall', {
        count: item.expectedCouples,
      })}
    </Text>
  );
}
