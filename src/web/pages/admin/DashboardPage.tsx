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
import { adminScreens, screenDescription, screenName } from './adminScreens.ts';
import { tagged } from '../../components/tagged.tsx';
import { useLocale, useT } from '../../i18n/locale.ts';
import type { Translate } from '../../../domain/i18n/catalog.ts';
import { roundLabel, sportText } from '../../../domain/i18n/sport.ts';
import { adminShellText } from './shell/text.ts';
import { DashboardMoney, Stat } from './DashboardMoney.tsx';
import { DashboardMirror } from './DashboardMirror.tsx';
import { roundStateNames, type RoundStateName, type RoundStateWord } from '../../shared/roundStates.ts';
import { roundStatesText, roundStateText, type RoundStatesKey } from '../../components/roundStates/text.ts';

/** The stored states in order, with Ready (an Empty round holding its couples) after Empty. */
const LEGEND: readonly RoundStateWord[] = roundStateNames.flatMap((s) =>
  s === 'Empty' ? [s, 'Ready' as const] : [s],
);

/** The count is by stored state: an Empty round is counted whether or not it has its couples yet. */
const countWords = (
  t: Translate<'dashboard.rounds.emptyOr'>,
  words: Translate<RoundStatesKey>,
  state: RoundStateName,
) =>
  state === 'Empty'
    ? t('dashboard.rounds.emptyOr', {
        empty: roundStateText(words, 'Empty').label,
        ready: roundStateText(words, 'Ready').label.toLowerCase(),
      })
    : roundStateText(words, state).label;
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
  const t = useT(adminShellText);
  const floor = useQuery(floorQuery(competitionKey, 0));
  const running = floor.data?.onFloor ?? [];
  return (
    <Paper component="section" withBorder p="md" radius="md" aria-labelledby="dashboard-floor">
      <Group justify="space-between" align="baseline" mb="xs" gap="xs">
        <Title order={2} size="h4" id="dashboard-floor">
          {t('dashboard.floor.title')}
        </Title>
        <Anchor component={Link} to="/live" size="sm">
          {t('dashboard.floor.live')}
        </Anchor>
      </Group>
      {floor.isError ? (
        <ApiErrorAlert error={floor.error} title={t('dashboard.floor.loadFailed')} />
      ) : !floor.data ? (
        <Skeleton h={40} aria-label={t('dashboard.floor.loading')} />
      ) : running.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('dashboard.floor.empty')}
        </Text>
      ) : (
        <Stack gap="xs" role="list" aria-label={t('dashboard.floor.rounds')}>
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
  const t = useT(adminShellText);
  const sport = useT(sportText);
  const locale = useLocale();
  const { dancing } = checkInCount(r);
  return (
    <Group role="listitem" justify="space-between" gap="xs" wrap="wrap" data-testid="floor-round">
      <Text fw={600}>
        {r.eventName} · {roundLabel(sport, r.roundName)}
      </Text>
      <Text size="sm" c="dimmed">
        {t('dashboard.floor.couples', { count: dancing })} · {t('dashboard.floor.heats', { count: r.heats })}
        {r.startedAt
          ? ` · ${t('dashboard.floor.started', { time: formatTime(r.startedAt, timeZone, clock, false, locale) })}`
          : ''}
      </Text>
    </Group>
  );
}

export function DashboardPage() {
  const t = useT(adminShellText);
  const words = useT(roundStatesText);
  usePageTitle(t('dashboard.title'));
  const { key, competition } = useCompetition();
  const dashboard = useQuery(dashboardQuery(key));
  const d = dashboard.data;
  const totalRounds = d ? roundStateNames.reduce((n, s) => n + d.roundsByState[s], 0) : 0;

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t('dashboard.title')}
      </Title>

      {dashboard.isError && <ApiErrorAlert error={dashboard.error} title={t('dashboard.loadFailed')} />}

      <DashboardMirror
        competitionKey={key}
        timeZone={competition?.timeZone ?? 'UTC'}
        clock={competition?.clock ?? DEFAULT_CLOCK}
      />

      <OnTheFloor
        competitionKey={key}
        timeZone={competition?.timeZone ?? 'UTC'}
        clock={competition?.clock ?? DEFAULT_CLOCK}
      />

      {!dashboard.isError && (
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md" aria-busy={!d}>
          {d ? (
            <>
              <Stat label={t('dashboard.competitors')} value={d.competitors} />
              <Stat label={t('dashboard.couples')} value={d.couples} />
              <Stat label={t('dashboard.entries')} value={d.entries} />
              <Stat label={t('dashboard.events')} value={d.events} />
            </>
          ) : (
            Array.from({ length: 4 }, (_, i) => <Skeleton key={i} h={92} radius="md" />)
          )}
        </SimpleGrid>
      )}

      {d ? (
        <DashboardMoney money={d.money} />
      ) : (
        !dashboard.isError && <Skeleton h={240} radius="md" aria-label={t('dashboard.loadingMoney')} />
      )}

      {d && (
        <Stack gap="xs">
          <Title order={2} size="h4">
            {t('dashboard.rounds.title')}
          </Title>
          {d.events === 0 ? (
            <Paper withBorder p="md" radius="md">
              <Text>
                {tagged(t('dashboard.rounds.noEvents'), [
                  (text) => (
                    <Anchor component={Link} to="/admin/eventschedule">
                      {text}
                    </Anchor>
                  ),
                ])}
              </Text>
            </Paper>
          ) : (
            <>
              <Group gap="xs">
                {roundStateNames.map((state) => (
                  <RoundStateBadge key={state} state={state}>
                    {countWords(t, words, state)}: {d.roundsByState[state]}
                  </RoundStateBadge>
                ))}
              </Group>
              <RoundStateLegend states={LEGEND} />
              <Text size="sm" c="dimmed">
                {totalRounds === 0
                  ? tagged(t('dashboard.rounds.none'), [
                      (text) => (
                        <Anchor component={Link} to="/admin/eventschedule" size="sm">
                          {text}
                        </Anchor>
                      ),
                    ])
                  : t('dashboard.rounds.total', { rounds: totalRounds, events: d.events })}
              </Text>
            </>
          )}
        </Stack>
      )}

      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('dashboard.screens')}
        </Title>
        {/* Each card is named by its own words (screen, description), as read and as said by voice control. */}
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
          {adminScreens
            .filter((s) => s.path !== '/admin')
            .map((s) => (
              <Card key={s.path} withBorder radius="md" padding="sm" component={Link} to={s.path}>
                <Text fw={600}>{screenName(t, s)}</Text>
                <Text size="sm" c="dimmed">
                  {screenDescription(t, s)}
                  {s.ready ? '' : ` · ${t('dashboard.laterVersion')}`}
                </Text>
              </Card>
            ))}
        </SimpleGrid>
      </Stack>
    </Stack>
  );
}
