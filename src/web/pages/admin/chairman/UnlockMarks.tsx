/**
 * The chairman unlocks a judge's submitted dances: a submitted dance is locked, and a judge
 * who must change it asks the chairman, who names the dances and says why (the reason is audited).
 */
import { Checkbox, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import * as endpoints from '../../../../domain/schemas/endpoints.ts';
import { useState } from 'react';
import type { RoundMarksView } from '../../../../domain/schemas/marks.ts';
import { call } from '../../../api/client.ts';
import { roundParams } from '../../../api/paths.ts';
import { competitionQueryKey } from '../../../api/queries/keys.ts';
import { useCommand } from '../../../api/useCommand.ts';
import { CommandError } from '../../../components/ApiErrorAlert.tsx';
import { ReasonedAction } from './ReasonedAction.tsx';
import { useT } from '../../../i18n/locale.ts';
import { danceLabel, roundLabel, sportText } from '../../../../domain/i18n/sport.ts';
import { chairmanText } from './text.ts';

interface Props {
  competitionKey: string;
  round: { eventKey: string; roundNumber: number };
  label: string;
  eventName: string;
  view: RoundMarksView;
}

export function UnlockMarks({ competitionKey: key, round, label, eventName, view }: Props) {
  const t = useT(chairmanText);
  const ts = useT(sportText);
  const [judgeId, setJudgeId] = useState<string | null>(null);
  const [dances, setDances] = useState<string[]>([]);
  const [reason, setReason] = useState('');
  // The dances this judge has submitted and are locked: the ones there is something to unlock.
  const lockedOf = (id: string) => view.round.dances.filter((d) => view.marks[d]?.[id]?.locked);
  const judges = view.judges.filter((j) => lockedOf(String(j.id)).length > 0);
  const locked = judgeId ? lockedOf(judgeId) : [];
  const command = useCommand({
    run: async () => {
      const said = await call(
        endpoints.postEventsRoundsMarksUnlock,
        { ...roundParams(key, round), officialId: judgeId! },
        {
          dances,
          reason,
        },
      );
      // In the reader's words from the answer (its `message` is the server's English).
      const judge = view.judges.find((j) => j.id === said.officialId)?.name ?? '';
      return t('unlock.said', {
        judge,
        dances: said.dances.map((d) => danceLabel(ts, d)).join(', '),
        round: roundLabel(ts, view.round.roundName),
        event: eventName,
      });
    },
    success: (message) => ({ position: 'bottom-right', title: t('unlock.done'), message }),
    refresh: [competitionQueryKey(key, 'marks')],
    onSuccess: () => {
      setDances([]);
      setReason('');
    },
  });
  if (judges.length === 0 && !judgeId) return null;
  return (
    <Paper withBorder p="sm" data-testid={`chair-unlock-${round.eventKey}-${round.roundNumber}`}>
      <Title order={3} size="h5" mb={4}>
        {t('unlock.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="xs">
        {t('unlock.text', { label })}
      </Text>
      <CommandError command={command} title={t('unlock.error')} />
      <Stack gap="xs">
        <Select
          label={t('unlock.judge')}
          placeholder={t('unlock.judgePlaceholder')}
          data={judges.map((j) => ({
            value: String(j.id),
            label: j.letter ? `${j.letter} — ${j.name}` : j.name,
          }))}
          value={judgeId}
          onChange={(v) => {
            setJudgeId(v);
            setDances([]);
          }}
          allowDeselect={false}
        />
        {judgeId && (
          <Checkbox.Group label={t('unlock.dances')} value={dances} onChange={setDances}>
            <Group gap="md" mt={4}>
              {locked.map((d) => (
                <Checkbox key={d} value={d} label={danceLabel(ts, d)} />
              ))}
            </Group>
          </Checkbox.Group>
        )}
        <ReasonedAction
          reason={reason}
          onReason={setReason}
          placeholder={t('unlock.reasonPlaceholder')}
          color="orange"
          ready={!!judgeId && dances.length > 0}
          busy={command.busy}
          onAct={() => void command.run()}
        >
          {t('unlock.button')}
        </ReasonedAction>
      </Stack>
    </Paper>
  );
}
