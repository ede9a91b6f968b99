import { Alert, Button, Checkbox, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import * as endpoints from '../../../../domain/schemas/endpoints.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../../api/client.ts';
import type { Style } from '../../../../domain/styles.ts';
import { competitionQueryKey } from '../../../api/queries/keys.ts';
import { scheduleQuery } from '../../../api/queries/schedule.ts';
import { useCompetition } from '../../../api/queries/competition.ts';
import { useCommand } from '../../../api/useCommand.ts';
import { CommandError } from '../../../components/ApiErrorAlert.tsx';
import { DataTable } from '../../../components/DataTable.tsx';
import { DEFAULT_CLOCK, formatTime } from '../../../../domain/time.ts';
import type { Schedule, ScheduleSuggestion } from '../../../../domain/schemas/events.ts';
import { sportText, styleLabel } from '../../../../domain/i18n/sport.ts';
import { useLocale, useT } from '../../../i18n/locale.ts';
import { scheduleText, type ScheduleT } from './text.ts';
import { useItemName } from './words.ts';

type Suggested = ScheduleSuggestion['rounds'][number];

/** "8 h 05" for a day length in minutes. */
const hours = (t: ScheduleT, minutes: number) =>
  t('suggest.hours', { h: Math.floor(minutes / 60), m: String(minutes % 60).padStart(2, '0') });

/** "4 min" for a waiting time, "none" for 0. */
const waitText = (t: ScheduleT, minutes: number) =>
  minutes ? t('minutes', { minutes }) : t('suggest.noWait');

/** Each round's place on its floor (1 = first on that floor), from floors and schedule indexes. */
function placesOnFloors(rows: readonly { roundId: string; floor: string; scheduleIndex: number }[]) {
  const places = new Map<string, number>();
  const seen = new Map<string, number>();
  for (const r of [...rows].sort((a, b) => a.scheduleIndex - b.scheduleIndex)) {
    const n = (seen.get(r.floor) ?? 0) + 1;
    seen.set(r.floor, n);
    places.set(r.roundId, n);
  }
  return places;
}

/**
 * "Suggest a schedule" on the schedule screen. Asks POST …/schedule/suggest (which changes
 * nothing), shows what would move — floor, place on the floor, estimated time — and the conflicts and
 * day length before and after; Apply sends the order and floors with the version it was computed from.
 */
export function SuggestSchedule({
  competitionKey,
  schedule,
}: {
  competitionKey: string;
  schedule: Schedule;
}) {
  const t = useT(scheduleText);
  const sport = useT(sportText);
  const locale = useLocale();
  const itemName = useItemName();
  const { competition } = useCompetition();
  const queryClient = useQueryClient();
  const [suggestion, setSuggestion] = useState<ScheduleSuggestion | null>(null);
  const [keepStyles, setKeepStyles] = useState(false);
  const timeZone = competition?.timeZone ?? 'UTC';
  const clock = competition?.clock ?? DEFAULT_CLOCK;
  const multiDay = !!competition && competition.startDate !== competition.endDate;
  const queryKey = scheduleQuery(competitionKey).queryKey;
  // The styles in the order the day has them now (first round of each).
  // A round's style is its event's, which the server accepted as one of STYLES.
  const styleOrder = [
    ...new Set(schedule.items.filter((i) => i.kind === 'round').map((i) => i.style as Style)),
  ];

  const suggest = useCommand({
    run: () =>
      call(
        endpoints.postScheduleSuggest,
        { key: competitionKey },
        keepStyles ? { keepOrder: { styles: styleOrder } } : {},
      ),
    onSuccess: (result) => {
      apply.reset();
      setSuggestion(result);
    },
  });
  const apply = useCommand({
    run: (s: ScheduleSuggestion) =>
      call(
        endpoints.putSchedule,
        { key: competitionKey },
        {
          order: [...s.rounds].sort((a, b) => a.scheduleIndex - b.scheduleIndex).map((r) => r.roundId),
          floors: Object.fromEntries(
            s.rounds.filter((r) => r.floor !== r.before.floor).map((r) => [r.roundId, r.floor]),
          ),
          waits: Object.fromEntries(
            s.rounds
              .filter((r) => r.waitMinutes !== r.before.waitMinutes)
              .map((r) => [r.roundId, r.waitMinutes]),
          ),
          version: s.version,
        },
      ),
    success: (_, s) => ({
      title: t('suggest.applied'),
      message: t('suggest.appliedText', { before: s.conflictsBefore, after: s.conflictsAfter }),
    }),
    // A stale answer shows the schedule as it is now.
    refresh: [queryKey, competitionQueryKey(competitionKey, 'events')],
    staleMessage: t('suggest.stale'),
    onStale: () => setSuggestion(null),
    onSuccess: (fresh) => {
      queryClient.setQueryData(queryKey, fresh);
      setSuggestion(null);
    },
  });

  const names = new Map(schedule.items.map((i) => [i.roundId, `${i.eventName} — ${itemName(i)}`]));
  const time = (iso: string | null) => (iso ? formatTime(iso, timeZone, clock, multiDay, locale) : t('tba'));
  const moved = (() => {
    if (!suggestion?.changed) return [];
    const before = placesOnFloors(suggestion.rounds.map((r) => ({ roundId: r.roundId, ...r.before })));
    const after = placesOnFloors(suggestion.rounds);
    return suggestion.rounds
      .map((r) => ({ r, from: before.get(r.roundId)!, to: after.get(r.roundId)! }))
      .filter(
        ({ r, from, to }) =>
          r.floor !== r.before.floor ||
          from !== to ||
          r.estimatedStart !== r.before.estimatedStart ||
          r.waitMinutes !== r.before.waitMinutes,
      );
  })();
  const floors = schedule.floors.length > 1;
  const waits = moved.some(({ r }) => r.waitMinutes || r.before.waitMinutes);

  return (
    <Stack gap="xs">
      <Group gap="md">
        <Button variant="light" loading={suggest.busy} onClick={() => void suggest.run()}>
          {t('suggest.button')}
        </Button>
        <Checkbox
          label={t('suggest.keepStyles', {
            styles: styleOrder.map((s) => styleLabel(sport, s)).join(', ') || t('suggest.noStyles'),
          })}
          checked={keepStyles}
          onChange={(e) => setKeepStyles(e.currentTarget.checked)}
        />
      </Group>
      <CommandError command={suggest} title={t('suggest.none')} />
      <CommandError command={apply} title={t('suggest.notApplied')} staleTitle={t('suggest.staleTitle')} />
      {suggestion && (
        <Paper withBorder radius="md" p="md" data-testid="suggestion">
          <Stack gap="sm">
            <Title order={3} size="h4">
              {t('suggest.title')}
            </Title>
            <Text size="sm" data-testid="suggestion-summary">
              {t('suggest.conflicts')}
              <b>{suggestion.conflictsBefore}</b> → <b>{suggestion.conflictsAfter}</b>
              {t('suggest.summary', {
                overlapsBefore: suggestion.overlapsBefore,
                overlapsAfter: suggestion.overlapsAfter,
                lengthBefore: hours(t, suggestion.lengthBefore),
                lengthAfter: hours(t, suggestion.lengthAfter),
              })}
            </Text>
            {!suggestion.changed ? (
              <Alert color="blue" variant="light" title={t('suggest.nothingTitle')}>
                {t('suggest.nothing')}
              </Alert>
            ) : (
              <>
                <Text size="sm">{t('suggest.moves', { count: moved.length })}</Text>
                <DataTable
                  aria-label={t('suggest.changes')}
                  verticalSpacing={4}
                  maxHeight={420}
                  stickyHeader
                  columns={[
                    t('col.round'),
                    floors && t('col.floor'),
                    t('col.place'),
                    waits && t('col.wait'),
                    t('col.estimated'),
                  ]}
                >
                  {moved.map(({ r, from, to }: { r: Suggested; from: number; to: number }) => (
                    <Table.Tr key={r.roundId} data-testid={`move-${r.roundId}`}>
                      <Table.Td>{names.get(r.roundId) ?? r.roundId}</Table.Td>
                      {floors && (
                        <Table.Td>
                          {r.floor === r.before.floor ? r.floor : `${r.before.floor} → ${r.floor}`}
                        </Table.Td>
                      )}
                      <Table.Td>{from === to ? from : `${from} → ${to}`}</Table.Td>
                      {waits && (
                        <Table.Td data-testid={`wait-${r.roundId}`}>
                          {r.waitMinutes === r.before.waitMinutes
                            ? waitText(t, r.waitMinutes)
                            : `${waitText(t, r.before.waitMinutes)} → ${waitText(t, r.waitMinutes)}`}
                        </Table.Td>
                      )}
                      <Table.Td>
                        {time(r.before.estimatedStart)} → {time(r.estimatedStart)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </DataTable>
              </>
            )}
            <Group gap="sm">
              {suggestion.changed && (
                <Button loading={apply.busy} onClick={() => void apply.run(suggestion)}>
                  {t('suggest.apply')}
                </Button>
              )}
              <Button variant="default" disabled={apply.busy} onClick={() => setSuggestion(null)}>
                {t('suggest.discard')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
