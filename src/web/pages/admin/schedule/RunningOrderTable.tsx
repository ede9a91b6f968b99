import { Paper } from '@mantine/core';
import { useState, type DragEvent } from 'react';
import { DataTable } from '../../../components/DataTable.tsx';
import type { ScheduleItem } from '../../../../domain/schemas/events.ts';
import { RunningOrderRow, type TimeDisplay } from './RunningOrderRow.tsx';
import { useT } from '../../../i18n/locale.ts';
import { scheduleText } from './text.ts';

export interface RunningOrderTableProps {
  items: ScheduleItem[];
  display: TimeDisplay;
  showScheduleIndex: boolean;
  /** Hovering a round highlights the other rounds of its event. */
  highlightEvent: boolean;
  /** Floor names, when there are several (a floor column). */
  floorNames: string[] | null;
  saving: boolean;
  floorSaving: boolean;
  onMove: (from: number, to: number) => void;
  onRemoveWait: (item: ScheduleItem) => void;
  onFloor: (item: ScheduleItem, floor: string) => void;
  onSetStart: (item: ScheduleItem, local: string) => void;
}

/** The running order as a table: a row is moved by dragging it or with its arrow buttons. */
export function RunningOrderTable(props: RunningOrderTableProps) {
  const t = useT(scheduleText);
  const { items } = props;
  const [dragging, setDragging] = useState<string | null>(null);
  const [focusEvent, setFocusEvent] = useState<string | null>(null);

  const onDrop = (e: DragEvent, to: number) => {
    e.preventDefault();
    const id = dragging ?? e.dataTransfer.getData('text/plain');
    setDragging(null);
    const from = items.findIndex((i) => i.roundId === id);
    if (from >= 0) props.onMove(from, to);
  };

  return (
    <Paper withBorder radius="md">
      <DataTable
        verticalSpacing={4}
        aria-label={t('view.order')}
        columns={[
          { 'aria-label': t('col.move'), w: 110 },
          props.showScheduleIndex && t('col.index'),
          t('col.estimated'),
          props.floorNames !== null && t('col.floor'),
          t('col.event'),
          t('col.round'),
          t('col.state'),
          { label: t('col.couples'), ta: 'right' },
          t('col.setStart'),
        ]}
      >
        {items.map((item, i) => (
          <RunningOrderRow
            key={item.roundId}
            item={item}
            index={i}
            last={i === items.length - 1}
            display={props.display}
            showScheduleIndex={props.showScheduleIndex}
            floorNames={props.floorNames}
            highlighted={props.highlightEvent && focusEvent === item.eventKey}
            dragged={dragging === item.roundId}
            saving={props.saving}
            floorSaving={props.floorSaving}
            onMove={props.onMove}
            onDragStart={(e) => {
              setDragging(item.roundId);
              e.dataTransfer.setData('text/plain', item.roundId);
              e.dataTransfer.effectAllowed = 'move';
            }}
            onDrop={(e) => onDrop(e, i)}
            onDragEnd={() => setDragging(null)}
            onFocusEvent={() => setFocusEvent(item.eventKey)}
            onRemoveWait={() => props.onRemoveWait(item)}
            onFloor={(floor) => props.onFloor(item, floor)}
            onSetStart={(local) => props.onSetStart(item, local)}
          />
        ))}
      </DataTable>
    </Paper>
  );
}
