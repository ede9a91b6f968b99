import { Checkbox, Paper, Table, Text } from '@mantine/core';
import * as endpoints from '../../../../domain/schemas/endpoints.ts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../../api/client.ts';
import { panelsQuery } from '../../../api/queries/events.ts';
import { competitionQueryKey } from '../../../api/queries/keys.ts';
import type { AdminOfficial, Panel } from '../../../api/types.ts';
import { useCommand } from '../../../api/useCommand.ts';
import { ApiErrorAlert, CommandError } from '../../../components/ApiErrorAlert.tsx';
import { DataTable } from '../../../components/DataTable.tsx';
import { AdminSection } from '../PageHeader.tsx';
import { useT } from '../../../i18n/locale.ts';
import { officialsText } from './text.ts';

/** Each event's judge panel: every judge unless some are unticked. */
export function Panels({
  competitionKey,
  officials,
}: {
  competitionKey: string;
  officials: AdminOfficial[];
}) {
  const t = useT(officialsText);
  const { data: panels, isError, error } = useQuery(panelsQuery(competitionKey));
  /** A panel that cannot be sent (no judge left), said before asking the server. */
  const [invalid, setInvalid] = useState<string | null>(null);
  const judges = officials.filter((o) => o.role === 'Judge').sort((a, b) => a.letter.localeCompare(b.letter));

  const save = useCommand({
    run: ({ p, next }: { p: Panel; next: number[] }) =>
      call(
        endpoints.putEventsPanel,
        { key: competitionKey, eventKey: p.eventKey },
        { officialIds: next, version: p.version },
      ),
    success: (_, { p, next }) => ({
      title: t('panels.saved'),
      message: `${p.eventName}: ${judges
        .filter((j) => next.includes(j.id))
        .map((j) => j.letter)
        .join(' ')}`,
    }),
    refresh: [competitionQueryKey(competitionKey, 'events')],
  });

  const toggle = (p: Panel, judgeId: number) => {
    const next = p.officialIds.includes(judgeId)
      ? p.officialIds.filter((id) => id !== judgeId)
      : [...p.officialIds, judgeId];
    if (next.length === 0) {
      save.reset();
      setInvalid(t('panels.needsJudge', { event: p.eventName }));
      return;
    }
    setInvalid(null);
    void save.run({ p, next });
  };

  return (
    <AdminSection id="panels-title" title={t('panels.title')} description={t('panels.description')}>
      {isError && <ApiErrorAlert error={error} title={t('panels.error')} />}
      {invalid !== null && <ApiErrorAlert error={null} message={invalid} />}
      <CommandError command={save} title={t('notSaved')} />
      {judges.length === 0 && <Text size="sm">{t('panels.noJudges')}</Text>}
      {panels && judges.length > 0 && panels.length === 0 && <Text size="sm">{t('panels.noEvents')}</Text>}
      {panels && judges.length > 0 && panels.length > 0 && (
        <Paper withBorder radius="md">
          <DataTable
            striped
            verticalSpacing={4}
            aria-label={t('panels.title')}
            columns={[
              t('col.event'),
              ...judges.map((j) => ({ label: j.letter, ta: 'center' as const, title: j.name })),
              t('col.panel'),
            ]}
          >
            {panels.map((p) => (
              <Table.Tr key={p.eventKey}>
                <Table.Td>{p.eventName}</Table.Td>
                {judges.map((j) => (
                  <Table.Td key={j.id} ta="center">
                    <Checkbox
                      style={{ display: 'inline-block' }}
                      aria-label={t('panels.judges', { name: j.name, letter: j.letter, event: p.eventName })}
                      checked={p.officialIds.includes(j.id)}
                      onChange={() => toggle(p, j.id)}
                    />
                  </Table.Td>
                ))}
                <Table.Td>
                  <Text size="sm" c={p.isDefault ? 'dimmed' : undefined}>
                    {p.isDefault ? t('panels.all') : p.letters.join(' ')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
        </Paper>
      )}
    </AdminSection>
  );
}
