/**
 * Championship formats of an event, in the rounds dialog: star couples (seeded
 * couples who join at a later round) and redance rounds (the couples not recalled dance again; some
 * rejoin the next round). Rules: docs/scrutineering-formats.md.
 */
import { Badge, Button, Group, NumberInput, Select, Stack, Text, Title } from '@mantine/core';
import * as endpoints from '../../../../domain/schemas/endpoints.ts';
import { useState } from 'react';
import { call } from '../../../api/client.ts';
import { roundParams } from '../../../api/paths.ts';
import { competitionQueryKey } from '../../../api/queries/keys.ts';
import type { EventView } from '../../../api/types.ts';
import { useCommand } from '../../../api/useCommand.ts';
import { CommandError } from '../../../components/ApiErrorAlert.tsx';
import { RoundState } from '../../../shared/roundStates.ts';
import { STAR_MARK } from '../../../../domain/rounds/formats.ts';
import { eventsText } from './text.ts';
import { useLocale, useT } from '../../../i18n/locale.ts';
import { roundsNotice, starNotice } from './roundsNotice.ts';
import { roundLabel, sportText } from '../../../../domain/i18n/sport.ts';

export function FormatsSection({ competitionKey: key, event }: { competitionKey: string; event: EventView }) {
  const t = useT(eventsText);
  const ts = useT(sportText);
  const locale = useLocale();
  const [after, setAfter] = useState<string | null>(null);
  const [redanceRecall, setRedanceRecall] = useState<number | string>(2);
  const [couple, setCouple] = useState<string | null>(null);
  const [joins, setJoins] = useState<string | null>(null);
  const command = useCommand({
    // Each caller words what was done in the reader's language (the answers' `message` is English).
    run: ({ call }: { call: () => Promise<string>; title: string }) => call(),
    success: (message, { title }) => ({ title, message }),
    refresh: [competitionQueryKey(key, 'events'), competitionQueryKey(key, 'schedule')],
  });
  const regular = event.rounds.filter((r) => r.type !== 'redance' && r.roundState !== RoundState.Skipped);
  const redanceAfter = regular
    .slice(0, -1)
    .filter(
      (r) =>
        r.roundState !== RoundState.Posted &&
        event.rounds.find((x) => x.roundNumber === r.roundNumber + 1)?.type !== 'redance',
    );
  const joinable = regular.slice(1);
  const entries = event.entries.filter((e) => !e.scratched);
  const stars = entries.filter((e) => e.joinsRound !== null);
  const roundName = (n: number | null) => {
    const name = event.rounds.find((r) => r.roundNumber === n)?.roundName;
    return name === undefined ? t('formats.roundN', { n }) : roundLabel(ts, name);
  };
  const setStar = (entryId: number, joinsRound: number | null, version: number) =>
    command.run({
      call: async () =>
        starNotice(
          await call(
            endpoints.putEventsEntriesStar,
            { key, eventKey: event.key, entryId },
            { joinsRound, version },
          ),
          t,
          ts,
        ),
      title: joinsRound === null ? t('formats.starRemoved') : t('formats.starSet'),
    });
  if (event.rounds.length < 2) return null;
  return (
    <Stack gap="xs" data-testid="formats-section">
      <Title order={3} size="h5">
        {t('formats.title')}
      </Title>
      <CommandError command={command} title={t('formats.notDone')} />
      <Group align="flex-end">
        <Select
          label={t('formats.star')}
          placeholder={t('formats.couplePlaceholder')}
          data={entries
            .filter((e) => e.joinsRound === null)
            .map((e) => ({
              value: String(e.entryId),
              label: `${e.leadNumber} — ${e.leadName} & ${e.followName}`,
            }))}
          value={couple}
          onChange={setCouple}
          searchable
          w={260}
        />
        <Select
          label={t('formats.joinsAt')}
          placeholder={t('formats.roundPlaceholder')}
          data={joinable.map((r) => ({ value: String(r.roundNumber), label: roundLabel(ts, r.roundName) }))}
          value={joins}
          onChange={setJoins}
          w={180}
        />
        <Button
          variant="light"
          disabled={!couple || !joins}
          loading={command.busy}
          onClick={() => {
            const e = entries.find((x) => String(x.entryId) === couple)!;
            void setStar(e.entryId, Number(joins), e.version).then(() => setCouple(null));
          }}
        >
          {t('formats.setStar')}
        </Button>
      </Group>
      {stars.length > 0 && (
        <Group gap="xs" data-testid="star-couples">
          {stars.map((e) => (
            <Badge
              key={e.entryId}
              variant="light"
              color="yellow"
              rightSection={
                <Button
                  size="compact-xs"
                  variant="subtle"
                  aria-label={t('formats.removeStar', { number: e.leadNumber })}
                  onClick={() => void setStar(e.entryId, null, e.version)}
                >
                  ×
                </Button>
              }
            >
              {STAR_MARK} {t('formats.joins', { number: e.leadNumber, round: roundName(e.joinsRound) })}
            </Badge>
          ))}
        </Group>
      )}
      <Group align="flex-end">
        <Select
          label={t('formats.redanceAfter')}
          placeholder={t('formats.roundPlaceholder')}
          data={redanceAfter.map((r) => ({
            value: String(r.roundNumber),
            label: roundLabel(ts, r.roundName),
          }))}
          value={after}
          onChange={setAfter}
          w={260}
        />
        <NumberInput
          label={t('formats.bringsBack')}
          min={1}
          value={redanceRecall}
          onChange={setRedanceRecall}
          w={180}
        />
        <Button
          variant="light"
          disabled={after === null || !Number(redanceRecall)}
          loading={command.busy}
          onClick={() =>
            void command
              .run({
                call: async () =>
                  roundsNotice(
                    await call(
                      endpoints.postEventsRoundsRedance,
                      roundParams(key, { eventKey: event.key, roundNumber: Number(after) }),
                      {
                        recallSize: Number(redanceRecall),
                        version: event.version,
                      },
                    ),
                    t,
                    ts,
                    locale,
                  ),
                title: t('formats.redanceAdded'),
              })
              .then(() => setAfter(null))
          }
        >
          {t('formats.addRedance')}
        </Button>
      </Group>
      <Text size="xs" c="dimmed">
        {t('formats.help')}
      </Text>
    </Stack>
  );
}
