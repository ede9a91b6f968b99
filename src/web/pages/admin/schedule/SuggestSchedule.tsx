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

type Suggested = ScheduleSuggestion['rounds'][number];

const STALE =
  'The schedule changed since this suggestion was made (a round was moved, added or started). Nothing was applied — ask for a new suggestion.';

/** "8 h 05" for a day length in minutes. */
const hours = (minutes: number) => `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')}`;

/** "4 min" for a waiting time, "none" for 0. */
const waitText = (minutes: number) => (minutes ? `${minutes} min` : 'none');

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
      title: 'Suggested schedule applied',
      message: `Conflicts ${s.conflictsBefore} → ${s.conflictsAfter}.`,
    }),
    // A stale answer shows the schedule as it is now.
    refresh: [queryKey, competitionQueryKey(competitionKey, 'events')],
    staleMessage: STALE,
    onStale: () => setSuggestion(null),
    onSuccess: (fresh) => {
      queryClient.setQueryData(queryKey, fresh);
      setSuggestion(null);
    },
  });

  const names = new Map(
    schedule.items.map((i) => [i.roundId, `${i.eventName} — ${i.kind === 'round' ? i.roundName : i.kind}`]),
  );
  const time = (iso: string | null) => (iso ? formatTime(iso, timeZone, clock, multiDay) : 'TBA');
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
          Suggest a schedule
        </Button>
        <Checkbox
          label={`Keep the styles in today's order (${styleOrder.join(', ') || 'none yet'})`}
          checked={keepStyles}
          onChange={(e) => setKeepStyles(e.currentTarget.checked)}
        />
      </Group>
      <CommandError command={suggest} title="No suggestion" />
      <CommandError command={apply} title="Not applied" staleTitle="The schedule changed" />
      {suggestion && (
        <Paper withBorder radius="md" p="md" data-testid="suggestion">
          <Stack gap="sm">
            <Title order={3} size="h4">
              Suggested schedule
            </Title>
            <Text size="sm" data-testid="suggestion-summary">
              Conflicts <b>{suggestion.conflictsBefore}</b> → <b>{suggestion.conflictsAfter}</b> (at the same
              time: {suggestion.overlapsBefore} → {suggestion.overlapsAfter}) · day length{' '}
              {hours(suggestion.lengthBefore)} → {hours(suggestion.lengthAfter)}
            </Text>
            {!suggestion.changed ? (
              <Alert color="blue" variant="light" title="Nothing to change">
                The current schedule is already the best found: no order keeps your fixed points with fewer
                conflicts or a shorter day.
              </Alert>
            ) : (
              <>
                <Text size="sm">
                  {moved.length} {moved.length === 1 ? 'round moves' : 'rounds move'}. Rounds started or
                  posted stay where they are, a round with a set start time keeps its floor and time, Awards
                  and Breaks keep their places, and an event's rounds keep their order. Waiting time before a
                  round is added only where it removes a conflict.
                </Text>
                <DataTable
                  aria-label="Suggested changes"
                  verticalSpacing={4}
                  maxHeight={420}
                  stickyHeader
                  columns={[
                    'Round',
                    floors && 'Floor',
                    'Place on floor',
                    waits && 'Wait before',
                    'Estimated',
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
                            ? waitText(r.waitMinutes)
                            : `${waitText(r.before.waitMinutes)} → ${waitText(r.waitMinutes)}`}
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
                  Apply
                </Button>
              )}
              <Button variant="default" disabled={apply.busy} onClick={() => setSuggestion(null)}>
                Discard
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
