import { Badge, Group, Paper, ScrollArea, Text } from '@mantine/core';
import { formatTime, type ClockFormat } from '../../../../domain/time.ts';
import type { Schedule, ScheduleItem } from '../../../../domain/schemas/events.ts';
import { isRunningLate } from '../../../../domain/schedule.ts';
import { useLocale, useT } from '../../../i18n/locale.ts';
import { scheduleText } from './text.ts';
import { useItemName } from './words.ts';

/** Pixels per minute of the day: a 4-minute round is a readable line, a 10-hour day a long scroll. */
const PX_PER_MIN = 4;
const MIN_BLOCK_PX = 22;
const HOUR = 3_600_000;

interface Placed {
  item: ScheduleItem;
  start: number;
  end: number;
}

/**
 * The floors side by side on one time line, each round a block from its estimated start to
 * its end, so two floors at once read across. Rounds in a conflict are marked; each floor says how
 * it runs ("running 25 min late").
 */
export function FloorsTimeline({
  schedule,
  inConflict,
  timeZone,
  clock,
  multiDay,
}: {
  schedule: Schedule;
  inConflict: ReadonlySet<string>;
  timeZone: string;
  clock: ClockFormat;
  multiDay: boolean;
}) {
  const t = useT(scheduleText);
  const locale = useLocale();
  const itemName = useItemName();
  const placed: Placed[] = schedule.items.flatMap((item) => {
    const start = item.estimatedStart ? Date.parse(item.estimatedStart) : NaN;
    const end = item.estimatedEnd ? Date.parse(item.estimatedEnd) : NaN;
    return Number.isNaN(start) || Number.isNaN(end) ? [] : [{ item, start, end }];
  });
  const tba = schedule.items.length - placed.length;
  if (placed.length === 0) {
    return (
      <Text c="dimmed" size="sm" data-testid="floors-timeline">
        {t('timeline.noTimes')}
      </Text>
    );
  }
  const dayStart = Math.floor(Math.min(...placed.map((p) => p.start)) / HOUR) * HOUR;
  const dayEnd = Math.max(...placed.map((p) => p.end));
  const height = Math.max(MIN_BLOCK_PX, ((dayEnd - dayStart) / 60_000) * PX_PER_MIN);
  const top = (ms: number) => ((ms - dayStart) / 60_000) * PX_PER_MIN;
  const hours: number[] = [];
  for (let h = dayStart; h <= dayEnd; h += HOUR) hours.push(h);
  const columns = `64px repeat(${schedule.floors.length}, minmax(180px, 1fr))`;

  return (
    <Paper withBorder radius="md" p="sm" data-testid="floors-timeline">
      {tba > 0 && (
        <Text size="xs" c="dimmed" mb="xs">
          {t('timeline.tba', { count: tba })}
        </Text>
      )}
      <ScrollArea>
        <div
          style={{
            display: 'grid',
            gridTemplateColumns: columns,
            gap: 8,
            minWidth: 64 + 188 * schedule.floors.length,
          }}
        >
          <div />
          {schedule.floors.map((f) => (
            <Group key={f.name} gap={6} data-testid={`floor-head-${f.name}`}>
              <Text fw={700}>{f.name}</Text>
              {isRunningLate(f.minutesLate) && (
                <Badge color="orange" variant="light">
                  {t('timeline.late', { minutes: f.minutesLate })}
                </Badge>
              )}
              {f.pace !== 1 && (
                <Text size="xs" c="dimmed" title={t('timeline.paceTitle')}>
                  {t('timeline.pace', { pace: f.pace })}
                </Text>
              )}
            </Group>
          ))}
          <div style={{ position: 'relative', height }}>
            {hours.map((h) => (
              <Text key={h} size="xs" c="dimmed" style={{ position: 'absolute', top: top(h) - 8 }}>
                {formatTime(new Date(h).toISOString(), timeZone, clock, multiDay, locale)}
              </Text>
            ))}
          </div>
          {schedule.floors.map((f) => (
            <div
              key={f.name}
              data-testid={`floor-${f.name}`}
              style={{
                position: 'relative',
                height,
                background: 'var(--mantine-color-gray-0)',
                borderRadius: 4,
              }}
            >
              {placed
                .filter((p) => p.item.floor === f.name)
                .map(({ item, start, end }) => {
                  const conflict = inConflict.has(item.roundId);
                  const time = formatTime(item.estimatedStart, timeZone, clock, false, locale);
                  return (
                    <div
                      key={item.roundId}
                      data-testid={`block-${item.roundId}`}
                      data-conflict={conflict || undefined}
                      title={`${time} ${item.eventName} — ${itemName({ kind: 'round', roundName: item.roundName })}${conflict ? ` (${t('timeline.conflict')})` : ''}`}
                      style={{
                        position: 'absolute',
                        left: 2,
                        right: 2,
                        top: top(start),
                        height: Math.max(MIN_BLOCK_PX, top(end) - top(start) - 1),
                        overflow: 'hidden',
                        borderRadius: 4,
                        padding: '1px 6px',
                        fontSize: 12,
                        lineHeight: '18px',
                        background: conflict
                          ? 'var(--mantine-color-orange-1)'
                          : 'var(--mantine-color-blue-1)',
                        borderLeft: `4px solid var(--mantine-color-${conflict ? 'orange-7' : 'blue-6'})`,
                        zIndex: 1,
                      }}
                    >
                      <b>{time}</b> {item.eventName} — {itemName(item)}
                    </div>
                  );
                })}
            </div>
          ))}
        </div>
      </ScrollArea>
    </Paper>
  );
}
