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

export function FormatsSection({ competitionKey: key, event }: { competitionKey: string; event: EventView }) {
  const [after, setAfter] = useState<string | null>(null);
  const [redanceRecall, setRedanceRecall] = useState<number | string>(2);
  const [couple, setCouple] = useState<string | null>(null);
  const [joins, setJoins] = useState<string | null>(null);
  const command = useCommand({
    run: async ({ call }: { call: () => Promise<{ message: string }>; title: string }) =>
      (await call()).message,
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
  const roundName = (n: number | null) =>
    event.rounds.find((r) => r.roundNumber === n)?.roundName ?? `round ${n}`;
  const setStar = (entryId: number, joinsRound: number | null, version: number) =>
    command.run({
      call: () =>
        call(endpoints.putEventsEntriesStar, { key, eventKey: event.key, entryId }, { joinsRound, version }),
      title: joinsRound === null ? 'Star couple removed' : 'Star couple set',
    });
  if (event.rounds.length < 2) return null;
  return (
    <Stack gap="xs" data-testid="formats-section">
      <Title order={3} size="h5">
        Star couples and redance
      </Title>
      <CommandError command={command} title="Not done" />
      <Group align="flex-end">
        <Select
          label="Star couple"
          placeholder="Couple"
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
          label="Joins at"
          placeholder="Round"
          data={joinable.map((r) => ({ value: String(r.roundNumber), label: r.roundName }))}
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
          Set star couple
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
                  aria-label={`Remove star couple ${e.leadNumber}`}
                  onClick={() => void setStar(e.entryId, null, e.version)}
                >
                  ×
                </Button>
              }
            >
              {STAR_MARK} {e.leadNumber} joins at the {roundName(e.joinsRound)}
            </Badge>
          ))}
        </Group>
      )}
      <Group align="flex-end">
        <Select
          label="Add a redance after"
          placeholder="Round"
          data={redanceAfter.map((r) => ({ value: String(r.roundNumber), label: r.roundName }))}
          value={after}
          onChange={setAfter}
          w={260}
        />
        <NumberInput
          label="Couples it brings back"
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
                call: () =>
                  call(
                    endpoints.postEventsRoundsRedance,
                    roundParams(key, { eventKey: event.key, roundNumber: Number(after) }),
                    {
                      recallSize: Number(redanceRecall),
                      version: event.version,
                    },
                  ),
                title: 'Redance added',
              })
              .then(() => setAfter(null))
          }
        >
          Add redance
        </Button>
      </Group>
      <Text size="xs" c="dimmed">
        A star couple skips the rounds before the one it joins; the round before recalls one couple fewer. A
        redance is danced by the couples a round does not recall; those it recalls join the next round, which
        starts once both are posted.
      </Text>
    </Stack>
  );
}
