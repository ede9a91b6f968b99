import { Badge, Button, Checkbox, Group, Paper, Radio, Stack, Table, Text, Title } from '@mantine/core';
import type { QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import type { AjsPanelView, RoundMarksView, RoundAjsPanelView } from '../../../../domain/schemas/marks.ts';
import * as endpoints from '../../../../domain/schemas/endpoints.ts';
import { AJS_GROUPS, ajsComponentsLabel, ajsGroupOf, type AjsGroup } from '../../../../domain/scoring/ajs.ts';
import { call } from '../../../api/client.ts';
import { roundParams, type RoundRef } from '../../../api/paths.ts';
import { useCommand } from '../../../api/useCommand.ts';
import { CommandError } from '../../../components/ApiErrorAlert.tsx';
import { useT } from '../../../i18n/locale.ts';
import { danceLabel, roundLabel, sportText } from '../../../../domain/i18n/sport.ts';
import { scrutineerText, type ScrutineerKey } from './text.ts';

const GROUP_LABEL: Record<AjsGroup, string> = { 'TQ+PS': 'TQ + PS', 'MM+CP': 'MM + CP' };

const SOURCE: Record<AjsPanelView['source'], ScrutineerKey> = {
  default: 'ajs.source.default',
  event: 'ajs.source.event',
  drawn: 'ajs.source.drawn',
  set: 'ajs.source.set',
};

/**
 * A round scored under AJS: which judge scores which two components, and the dances where each
 * component gets its own score (docs/ajs.md). Until the round has a mark the scrutineer draws the
 * groups or sets them by hand; then it is shown fixed.
 */
export function AjsPanelCard({
  competitionKey,
  roundRef,
  view,
  split,
  refresh,
}: {
  competitionKey: string;
  roundRef: RoundRef;
  view: RoundMarksView;
  /** GET …/ajs-panel. */
  split: RoundAjsPanelView;
  refresh: readonly QueryKey[];
}) {
  const t = useT(scrutineerText);
  const ts = useT(sportText);
  const { round, judges } = view;
  /** Where each component gets its own score, as a sentence. */
  const dancesSentence = (separateDances: readonly string[]) =>
    separateDances.length
      ? t('ajs.separateIn', {
          dances: separateDances
            .map((d) => danceLabel(ts, d))
            .reduce<string>((a, b) => (a ? t('and', { a, b }) : b), ''),
        })
      : t('ajs.oneEverywhere');
  const panel = split.ajsPanel;
  const shown = Object.fromEntries(
    judges.map((j) => [String(j.id), ajsGroupOf(split.ajsComponents[String(j.id)] ?? [])]),
  );
  const [groups, setGroups] = useState<Record<string, AjsGroup | null>>(shown);
  const [separate, setSeparate] = useState<string[]>(panel.separateDances);
  const [seenVersion, setSeenVersion] = useState(panel.version);
  // The round changed (a draw, another screen): start again from what the server holds.
  if (seenVersion !== panel.version) {
    setSeenVersion(panel.version);
    setGroups(shown);
    setSeparate(panel.separateDances);
  }
  const params = roundParams(competitionKey, roundRef);
  const command = useCommand({
    run: (how: 'draw' | 'set') =>
      how === 'draw'
        ? call(endpoints.postEventsRoundsAjsPanelDraw, params, {
            version: panel.version,
            separateDances: separate,
          })
        : call(endpoints.putEventsRoundsAjsPanel, params, {
            version: panel.version,
            groups: Object.fromEntries(Object.entries(groups).flatMap(([id, g]) => (g ? [[id, g]] : []))),
            separateDances: separate,
          }),
    // In the reader's words from the answer (its `message` is the server's English).
    success: (saved, how) => ({
      position: 'bottom-right',
      title: how === 'draw' ? t('ajs.drawn') : t('ajs.saved'),
      message: `${t('ajs.said', {
        round: roundLabel(ts, round.roundName),
        split: AJS_GROUPS.map(
          (g) =>
            `${GROUP_LABEL[g]}: ${judges
              .filter((j) => ajsGroupOf(saved.ajsComponents[String(j.id)] ?? []) === g)
              .map((j) => j.label)
              .join(', ')}`,
        ).join('; '),
      })} ${dancesSentence(saved.ajsPanel.separateDances)}`,
    }),
    refresh,
  });
  const changed =
    JSON.stringify(groups) !== JSON.stringify(shown) ||
    JSON.stringify(separate) !== JSON.stringify(panel.separateDances);

  return (
    <Paper component="section" withBorder p="sm" aria-labelledby="ajs-panel-title">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={3} size="h4" id="ajs-panel-title">
              {t('ajs.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t(SOURCE[panel.source])}
              {panel.seed !== null ? ` ${t('ajs.seed', { seed: panel.seed })}` : ''}.{' '}
              {panel.fixed ? t('ajs.fixedText') : t('ajs.openText')}
            </Text>
          </div>
          {panel.fixed ? (
            <Badge variant="light" color="gray">
              {t('ajs.fixed')}
            </Badge>
          ) : (
            <Group gap="xs">
              <Button
                size="sm"
                variant="default"
                onClick={() => void command.run('draw')}
                loading={command.busy}
              >
                {t('ajs.draw')}
              </Button>
              <Button
                size="sm"
                onClick={() => void command.run('set')}
                disabled={!changed}
                loading={command.busy}
              >
                {t('ajs.save')}
              </Button>
            </Group>
          )}
        </Group>
        <Table
          withTableBorder
          striped
          aria-label={t('ajs.groups', { round: roundLabel(ts, round.roundName) })}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('col.judge')}</Table.Th>
              <Table.Th>{t('ajs.scores')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {judges.map((j) => {
              const id = String(j.id);
              const label = t('ajs.judgeScores', { label: j.label, name: j.name });
              return (
                <Table.Tr key={id}>
                  <Table.Td>
                    {j.label} — {j.name}
                  </Table.Td>
                  <Table.Td>
                    {panel.fixed ? (
                      ajsComponentsLabel(split.ajsComponents[id] ?? [])
                    ) : (
                      <Group gap="md" role="radiogroup" aria-label={label}>
                        {AJS_GROUPS.map((g) => (
                          <Radio
                            key={g}
                            name={`ajs-group-${id}`}
                            value={g}
                            label={GROUP_LABEL[g]}
                            checked={groups[id] === g}
                            onChange={() => setGroups({ ...groups, [id]: g })}
                          />
                        ))}
                      </Group>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
        {panel.fixed ? (
          <Text size="sm">{dancesSentence(panel.separateDances)}</Text>
        ) : (
          <Checkbox.Group
            label={t('ajs.separate.label')}
            description={t('ajs.separate.description')}
            value={separate}
            onChange={(v) => setSeparate(round.dances.filter((d) => v.includes(d)))}
          >
            <Group gap="md" mt={4}>
              {round.dances.map((d) => (
                <Checkbox key={d} value={d} label={danceLabel(ts, d)} />
              ))}
            </Group>
          </Checkbox.Group>
        )}
        <CommandError command={command} title={t('ajs.error')} />
      </Stack>
    </Paper>
  );
}
