import { Anchor, Card, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '../../components/Link.tsx';
import type { RoundCouples } from '../../../domain/schemas/floor.ts';
import { DEFAULT_CLOCK, formatTime, type ClockFormat } from '../../../domain/time.ts';
import { dashboardQuery, useCompetition } from '../../api/queries/competition.ts';
import { floorQuery } from '../../api/queries/rounds.ts';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { ApiErrorAlert } from '../../components/ApiErrorAlert.tsx';
import { RoundStateBadge, RoundStateLegend } from '../../components/RoundStateBadge.tsx';
import { adminScreens } from './adminScreens.ts';
import { DashboardMoney, Stat } from './DashboardMoney.tsx';
import {
  roundStateNames,
  roundStateWords,
  type RoundStateName,
  type RoundStateWord,
} from '../../shared/roundStates.ts';

/** The stored states in order, with Ready (an Empty round holding its couples) after Empty. */
const LEGEND: readonly RoundStateWord[] = roundStateNames.flatMap((s) =>
  s === 'Empty' ? [s, 'Ready' as const] : [s],
);

/** The count is by stored state: an Empty round is counted whether or not it has its couples yet. */
const countWords = (state: RoundStateName) =>
  state === 'Empty'
    ? `${roundStateWords.Empty.label} or ${roundStateWords.Ready.label.toLowerCase()}`
    : roundStateWords[state].label;
import { checkInCount } from './deckcaptain/deckLogic.ts';

/**
 * What is on the floor now: each running round with its heats and start time. Keyed under `events`
 * (the floor), so the app's live feed refreshes it when a round starts or is posted.
 */
function OnTheFloor({
  competitionKey,
  timeZone,
  clock,
}: {
  competitionKey: string | undefined;
  timeZone: string;
  clock: ClockFormat;
}) {
  const floor = useQuery(floorQuery(competitionKey, 0));
  const running = floor.data?.onFloor ?? [];
  return (
    <Paper component="section" withBorder p="md" radius="md" aria-labelledby="dashboard-floor">
      <Group justify="space-between" align="baseline" mb="xs" gap="xs">
        <Title order={2} size="h4" id="dashboard-floor">
          On the floor now
        </Title>
        <Anchor component={Link} to="/live" size="sm">
          Open the live view
        </Anchor>
      </Group>
      {floor.isError ? (
        <ApiErrorAlert error={floor.error} title="The floor could not load" />
      ) : !floor.data ? (
        <Skeleton h={40} aria-label="Loading the floor" />
      ) : running.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing on the floor. A round runs once the deck captain or the scrutineer starts it.
        </Text>
      ) : (
        <Stack gap="xs" role="list" aria-label="Rounds on the floor">
          {running.map((r) => (
            <FloorRound key={`${r.eventKey}-${r.roundNumber}`} round={r} timeZone={timeZone} clock={clock} />
          ))}
        </Stack>
      )}
    </Paper>
  );
}

function FloorRound({
  round: r,
  timeZone,
  clock,
}: {
  round: RoundCouples;
  timeZone: string;
  clock: ClockFormat;
}) {
  const { dancing } = checkInCount(r);
  return (
    <Group role="listitem" justify="space-between" gap="xs" wrap="wrap" data-testid="floor-round">
      <Text fw={600}>
        {r.eventName} · {r.roundName}
      </Text>
      <Text size="sm" c="dimmed">
        {dancing === 1 ? '1 couple' : `${dancing} couples`} · {r.heats === 1 ? '1 heat' : `${r.heats} heats`}
        {r.startedAt ? ` · started ${formatTime(r.startedAt, timeZone, clock)}` : ''}
      </Text>
    </Group>
  );
}

export function DashboardPage() {
  usePageTitle('Dashboard');
  const { key, competition } = useCompetition();
  const dashboard = useQuery(dashboardQuery(key));
  const d = dashboard.data;
  const totalRounds = d ? roundStateNames.reduce((n, s) => n + d.roundsByState[s], 0) : 0;

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Dashboard
      </Title>

      {dashboard.isError && <ApiErrorAlert error={dashboard.error} title="The dashboard could not load" />}

      <OnTheFloor
        competitionKey={key}
        timeZone={competition?.timeZone ?? 'UTC'}
        clock={competition?.clock ?? DEFAULT_CLOCK}
      />

      {!dashboard.isError && (
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md" aria-busy={!d}>
          {d ? (
            <>
              <Stat label="Competitors" value={d.competitors} />
              <Stat label="Couples" value={d.couples} />
              <Stat label="Entries" value={d.entries} />
              <Stat label="Events" value={d.events} />
            </>
          ) : (
            Array.from({ length: 4 }, (_, i) => <Skeleton key={i} h={92} radius="md" />)
          )}
        </SimpleGrid>
      )}

      {d ? (
        <DashboardMoney money={d.money} />
      ) : (
        !dashboard.isError && <Skeleton h={240} radius="md" aria-label="Loading the money" />
      )}

      {d && (
        <Stack gap="xs">
          <Title order={2} size="h4">
            Rounds by state
          </Title>
          {d.events === 0 ? (
            <Paper withBorder p="md" radius="md">
              <Text>
                No events yet — create them from the style × level grid on the{' '}
                <Anchor component={Link} to="/admin/eventschedule">
                  Event schedule
                </Anchor>{' '}
                screen. Rounds appear here once events have them.
              </Text>
            </Paper>
          ) : (
            <>
              <Group gap="xs">
                {roundStateNames.map((state) => (
                  <RoundStateBadge key={state} state={state}>
                    {countWords(state)}: {d.roundsByState[state]}
                  </RoundStateBadge>
                ))}
              </Group>
              <RoundStateLegend states={LEGEND} />
              <Text size="sm" c="dimmed">
                {totalRounds === 0 ? (
                  <>
                    No rounds yet — generate them for each event on the{' '}
                    <Anchor component={Link} to="/admin/eventschedule" size="sm">
                      Event schedule
                    </Anchor>{' '}
                    screen.
                  </>
                ) : (
                  `${totalRounds} ${totalRounds === 1 ? 'round' : 'rounds'} in ${d.events} ${d.events === 1 ? 'event' : 'events'}.`
                )}
              </Text>
            </>
          )}
        </Stack>
      )}

      <Stack gap="xs">
        <Title order={2} size="h4">
          Screens
        </Title>
        {/* Each card is named by its own words (screen, description), as read and as said by voice control. */}
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
          {adminScreens
            .filter((s) => s.path !== '/admin')
            .map((s) => (
              <Card key={s.path} withBorder radius="md" padding="sm" component={Link} to={s.path}>
                <Text fw={600}>{s.label}</Text>
                <Text size="sm" c="dimmed">
                  {s.description}
                  {s.ready ? '' : ' · later version'}
                </Text>
              </Card>
            ))}
        </SimpleGrid>
      </Stack>
    </Stack>
  );
}
