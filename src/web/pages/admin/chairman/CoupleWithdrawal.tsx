/**
 * The chairman disqualifies a couple or records its withdrawal, with a reason: the
 * couple leaves the round it is in (or the whole event) and the results are recomputed without it; a
 * couple withdrawing from a final already started keeps the last place. A mistake is undone by
 * reinstating the couple (with a reason too). Rules: docs/scrutineering-formats.md.
 */
import * as endpoints from '../../../../domain/schemas/endpoints.ts';
import { Badge, Button, Group, Paper, SegmentedControl, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { couplesStillIn, type WithdrawalKind } from '../../../../domain/rounds/formats.ts';
import type { RoundState } from '../../../../domain/rounds/state.ts';
import { call } from '../../../api/client.ts';
import { useEvents } from '../../../api/queries/events.ts';
import { competitionQueryKey } from '../../../api/queries/keys.ts';
import { useCommand } from '../../../api/useCommand.ts';
import { CommandError } from '../../../components/ApiErrorAlert.tsx';
import { hasReason, ReasonedAction } from './ReasonedAction.tsx';
import { useT } from '../../../i18n/locale.ts';
import { chairmanText } from './text.ts';
import { roundLabel, sportText } from '../../../../domain/i18n/sport.ts';

export function CoupleWithdrawal({ competitionKey: key }: { competitionKey: string }) {
  const t = useT(chairmanText);
  const ts = useT(sportText);
  const { data: events } = useEvents(key);
  const [eventKey, setEventKey] = useState<string | null>(null);
  const [entryId, setEntryId] = useState<string | null>(null);
  const [kind, setKind] = useState<WithdrawalKind>('disqualified');
  const [scope, setScope] = useState<'round' | 'event'>('round');
  const [reason, setReason] = useState('');
  const event = (events ?? []).find((e) => e.key === eventKey);
  const entries = (event?.entries ?? []).filter((e) => !e.scratched);
  // Only couples still in the event: one not recalled from an earlier round is out already.
  const stillIn = event
    ? couplesStillIn(
        event.rounds.map((r) => ({
          roundNumber: r.roundNumber,
          roundName: r.roundName,
          roundState: r.roundState as RoundState,
          type: r.type,
          couples: r.entries.map((x) => String(x.leadNumber)),
        })),
        entries.map((e) => ({ couple: String(e.leadNumber), joinsRound: e.joinsRound })),
      )
    : new Set<string>();
  const competing = entries.filter((e) => !e.withdrawal && stillIn.has(String(e.leadNumber)));
  const out = entries.filter((e) => e.withdrawal);
  const refresh = [
    competitionQueryKey(key, 'events'),
    competitionQueryKey(key, 'results'),
    competitionQueryKey(key, 'marks'),
  ];
  const command = useCommand({
    run: async () => {
      const said = await call(
        endpoints.postEventsEntriesWithdrawal,
        { key, eventKey: eventKey!, entryId: Number(entryId) },
        { kind, reason, scope },
      );
      // In the reader's words from the answer (its `message` is the server's English).
      const where = scope === 'event' ? 'event' : said.roundName ? 'round' : 'none';
      const round = said.roundName ? roundLabel(ts, said.roundName) : '';
      const values = { number: said.coupleNumber, event: said.eventName, round };
      return (
        t('said.out', { ...values, kind, where, reason: reason.trim() }) +
        (said.keepsPlace ? t('said.keepsPlace') : '') +
        (said.recomputed ? t('said.recomputed', values) : t('said.end'))
      );
    },
    success: (message) => ({ position: 'bottom-right', title: t(`withdrawal.${kind}`), message }),
    refresh,
    onSuccess: () => {
      setEntryId(null);
      setReason('');
    },
  });
  const reinstate = useCommand({
    run: async (id: number) => {
      const given = hasReason(reason) ? reason.trim() : t('withdrawal.defaultReason');
      const said = await call(
        endpoints.postEventsEntriesReinstate,
        { key, eventKey: eventKey!, entryId: id },
        { reason: given },
      );
      const values = {
        number: said.coupleNumber,
        event: said.eventName,
        round: said.roundName ? roundLabel(ts, said.roundName) : '',
      };
      return (
        t('said.reinstated', { ...values, reason: given }) +
        (said.recomputed ? t('said.recomputed', values) : t('said.end'))
      );
    },
    success: (message) => ({ position: 'bottom-right', title: t('withdrawal.reinstated'), message }),
    refresh,
  });
  const eventOptions = (events ?? [])
    .filter((e) => e.rounds.length > 0)
    .map((e) => ({ value: e.key, label: e.name }));
  return (
    <Paper withBorder p="sm" data-testid="chair-withdrawal">
      <Title order={2} size="h5" mb={4}>
        {t('withdrawal.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="xs">
        {t('withdrawal.text')}
      </Text>
      <CommandError command={command} title={t('withdrawal.notRecorded')} />
      <CommandError command={reinstate} title={t('withdrawal.notReinstated')} />
      <Stack gap="xs">
        <Group grow align="flex-end">
          <Select
            label={t('withdrawal.event')}
            placeholder={t('withdrawal.eventPlaceholder')}
            data={eventOptions}
            value={eventKey}
            onChange={(v) => {
              setEventKey(v);
              setEntryId(null);
            }}
            searchable
          />
          <Select
            label={t('withdrawal.couple')}
            placeholder={event ? t('withdrawal.couplePlaceholder') : t('withdrawal.eventFirst')}
            data={competing.map((e) => ({
              value: String(e.entryId),
              label: `${e.leadNumber} — ${e.leadName} & ${e.followName}`,
            }))}
            value={entryId}
            onChange={setEntryId}
            disabled={!event}
            searchable
          />
        </Group>
        <Group>
          <SegmentedControl
            aria-label={t('withdrawal.what')}
            value={kind}
            onChange={(v) => setKind(v as WithdrawalKind)}
            data={[
              { value: 'disqualified', label: t('withdrawal.disqualified') },
              { value: 'withdrew', label: t('withdrawal.withdrew') },
            ]}
          />
          <SegmentedControl
            aria-label={t('withdrawal.from')}
            value={scope}
            onChange={(v) => setScope(v as 'round' | 'event')}
            data={[
              { value: 'round', label: t('withdrawal.fromRound') },
              { value: 'event', label: t('withdrawal.wholeEvent') },
            ]}
          />
        </Group>
        <ReasonedAction
          reason={reason}
          onReason={setReason}
          placeholder={t('withdrawal.reasonPlaceholder')}
          color="red"
          ready={!!entryId}
          busy={command.busy}
          onAct={() => void command.run()}
        >
          {kind === 'disqualified' ? t('withdrawal.disqualify') : t('withdrawal.record')}
        </ReasonedAction>
        {out.length > 0 && (
          <Stack gap={4} data-testid="chair-out">
            {out.map((e) => (
              <Group key={e.entryId} gap="xs">
                <Badge color={e.withdrawal === 'disqualified' ? 'red' : 'gray'}>
                  {t(`withdrawal.${e.withdrawal!}`)}
                </Badge>
                <Text size="sm">
                  {e.leadNumber} — {e.leadName} & {e.followName}
                </Text>
                <Button size="compact-xs" variant="subtle" onClick={() => void reinstate.run(e.entryId)}>
                  {t('withdrawal.reinstate')}
                </Button>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
