import { Alert, Button, Group, SegmentedControl, Skeleton, Stack, Text } from '@mantine/core';
import * as endpoints from '../../../../domain/schemas/endpoints.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from '../../../components/Link.tsx';
import { call } from '../../../api/client.ts';
import { roundParams } from '../../../api/paths.ts';
import { competitionQueryKey } from '../../../api/queries/keys.ts';
import { scheduleQuery, useSchedule } from '../../../api/queries/schedule.ts';
import { useCommand } from '../../../api/useCommand.ts';
import { useCompetition, useEventSettings } from '../../../api/queries/competition.ts';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { AdminLink, PageHeader } from '../PageHeader.tsx';
import { ApiErrorAlert, CommandError } from '../../../components/ApiErrorAlert.tsx';
import { DEFAULT_CLOCK, formatTime, zonedInputToUtc } from '../../../../domain/time.ts';
import type { Schedule, ScheduleItem } from '../../../../domain/schemas/events.ts';
import { moveItem } from './time.ts';
import { SuggestSchedule } from './SuggestSchedule.tsx';
import { FloorsTimeline } from './FloorsTimeline.tsx';
import { roundsInConflict, ScheduleConflicts, useScheduleConflicts } from './ScheduleConflicts.tsx';
import { RunningOrderTable } from './RunningOrderTable.tsx';
import { PublishSchedule } from './PublishSchedule.tsx';
import { useLocale, useT } from '../../../i18n/locale.ts';
import { scheduleText } from './text.ts';
import { useRoundName } from './words.ts';

/** Admin → event schedule: the whole running order, reordered by drag or by keyboard. */
export function SchedulePage() {
  const t = useT(scheduleText);
  const locale = useLocale();
  const roundName = useRoundName();
  usePageTitle(t('title'));
  const { data, isError, error, key } = useSchedule({ followClock: true });
  const { competition } = useCompetition();
  const { settings } = useEventSettings();
  const queryClient = useQueryClient();
  const [order, setOrder] = useState<ScheduleItem[] | null>(null);
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
      call(
        endpoints.putSchedule,
        { key: key! },
        {
          order: next.map((i) => i.roundId),
          ...(waits ? { waits } : {}),
          version: data!.version,
        },
      ),
    success: (_, { what }) => ({ title: t('toast.saved'), message: what }),
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
    save(order, t('announce.noWait', { event: item.eventName, round: roundName(item.roundName) }), {
      [item.roundId]: 0,
    });
  };

  const retime = useCommand({
    run: ({ item, iso }: { item: ScheduleItem; iso: string | null }) =>
      call(endpoints.patchEventsRoundsOne, roundParams(key!, item), {
        roundStartTime: iso,
        version: item.version,
      }),
    success: (_, { item, iso }) => ({
      title: t('toast.startSaved'),
      message: t('toast.startSavedText', {
        event: item.eventName,
        round: roundName(item.roundName),
        time: iso ? formatTime(iso, timeZone, clock, multiDay, locale) : t('tba'),
      }),
    }),
    refresh: [queryKey],
  });

  const reFloor = useCommand({
    run: ({ item, floor }: { item: ScheduleItem; floor: string }) =>
      call(endpoints.patchEventsRoundsOne, roundParams(key!, item), { floor, version: item.version }),
    success: (_, { item, floor }) => ({
      title: t('toast.floorSaved'),
      message: t('toast.floorSavedText', { event: item.eventName, round: roundName(item.roundName), floor }),
    }),
    refresh: [queryKey],
  });

  const move = (from: number, to: number) => {
    if (!order || to < 0 || to >= order.length || from === to) return;
    const item = order[from] as ScheduleItem;
    void save(
      moveItem(order, from, to),
      t('announce.moved', { event: item.eventName, round: roundName(item.roundName), position: to + 1 }),
    );
  };

  const setStart = (item: ScheduleItem, local: string) => {
    if (!key) return;
    const iso = zonedInputToUtc(local, timeZone);
    reorder.reset();
    if (iso === undefined) {
      retime.reset();
      setInvalid(t('startTime.invalid'));
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
        title={t('title')}
        description={
          <>
            {t('description')}
            <AdminLink to="/admin/settings">{t('description.settings')}</AdminLink>
            {t('description.end')}
          </>
        }
        actions={
          <Group gap="sm">
            {key && (
              <PublishSchedule
                competitionKey={key}
                timeZone={timeZone}
                clock={clock}
                noTimes={!!data && data.items.every((i) => i.estimatedStart === null)}
              />
            )}
            <Button component={Link} to="/admin/setup/events" variant="default">
              {t('eventsAndRounds')}
            </Button>
          </Group>
        }
      />
      {timing && (
        <Text size="sm" data-testid="schedule-timing">
          {t('timing.firstStart')}
          <b>
            {timing.firstStartTime
              ? formatTime(timing.firstStartTime, timeZone, clock, true, locale)
              : t('tba')}
          </b>
          {' · '}
          {t('timing.rest', {
            perDance: Math.round(timing.perDanceSeconds / 6) / 10,
            between: Math.round(timing.transitionSeconds / 6) / 10,
          })}
        </Text>
      )}
      {key && data && data.items.length > 0 && <SuggestSchedule competitionKey={key} schedule={data} />}
      {isError && <ApiErrorAlert error={error} title={t('error.load')} />}
      {invalid !== null && <ApiErrorAlert error={null} title={t('error.notSaved')} message={invalid} />}
      <CommandError
        command={reorder.error !== null ? reorder : reFloor.error !== null ? reFloor : retime}
        title={t('error.notSaved')}
      />
      {data && <ScheduleConflicts schedule={data} query={conflicts} />}
      {data && severalFloors && (
        <SegmentedControl
          value={view}
          onChange={(v) => setView(v as 'order' | 'floors')}
          aria-label={t('view.label')}
          data={[
            { value: 'order', label: t('view.order') },
            { value: 'floors', label: t('view.floors') },
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
      {!data && !isError && <Skeleton h={400} aria-label={t('loading')} />}
      {data && items.length === 0 && (
        <Alert color="blue" title={t('empty.title')}>
          {t('empty.before')}
          <AdminLink to="/admin/setup/events">{t('empty.events')}</AdminLink>
          {t('empty.after')}
        </Alert>
      )}
      {items.length > 0 && (view === 'order' || !severalFloors) && (
        <RunningOrderTable
          items={items}
          display={{ timeZone, clock, multiDay }}
          showScheduleIndex={!!settings?.showScheduleIndex}
          highlightEvent={!!settings?.highlightOtherRoundsInEvent}
          floorNames={severalFloors ? floorNames : null}
          saving={saving}
          floorSaving={reFloor.busy}
          onMove={move}
          onRemoveWait={removeWait}
          onFloor={(item, floor) => void reFloor.run({ item, floor })}
          onSetStart={(item, local) => void setStart(item, local)}
        />
      )}
    </Stack>
  );
}
