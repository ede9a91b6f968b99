import { Button, Checkbox, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import * as endpoints from '../../../../domain/schemas/endpoints.ts';
import { useState } from 'react';
import { call } from '../../../api/client.ts';
import { competitionQueryKey } from '../../../api/queries/keys.ts';
import { useCommand } from '../../../api/useCommand.ts';
import { CommandError } from '../../../components/ApiErrorAlert.tsx';
import { DataTable } from '../../../components/DataTable.tsx';
import { eventsFromGrid } from '../../../../domain/eventGrid.ts';
import { LEVELS, type Level } from '../../../../domain/levels.ts';
import { STYLES, type Style } from '../../../../domain/styles.ts';
import { DialogActions } from '../../../components/DialogActions.tsx';
import { textValue } from '../../../components/textValue.ts';
import { eventsText } from './text.ts';
import { useT } from '../../../i18n/locale.ts';
import { danceLabel, sportText, styleLabel } from '../../../../domain/i18n/sport.ts';

/** Tick style × level cells; each becomes an event with its level's usual dances. */
export function GridForm({ competitionKey, onClose }: { competitionKey: string; onClose: () => void }) {
  const t = useT(eventsText);
  const ts = useT(sportText);
  const [cells, setCells] = useState<Set<string>>(new Set());
  const [suffix, setSuffix] = useState('');
  const chosen = [...cells].map((c) => {
    const [style, level] = c.split('|') as [Style, Level];
    return { style, level };
  });
  const preview = eventsFromGrid(chosen, suffix.trim() ? ` ${suffix.trim()}` : '');
  const toggle = (c: string) =>
    setCells((prev) => {
      const next = new Set(prev);
      if (next.has(c)) next.delete(c);
      else next.add(c);
      return next;
    });

  const create = useCommand({
    run: () =>
      call(endpoints.postEventsGrid, { key: competitionKey }, { cells: chosen, suffix: suffix.trim() }),
    success: (res) => ({
      title: t('grid.created', { count: res.created.length }),
      message: res.skipped.length
        ? t('grid.skipped', { names: res.skipped.join(', ') })
        : res.created.map((e) => e.name).join(', '),
    }),
    refresh: [competitionQueryKey(competitionKey, 'events')],
    onSuccess: onClose,
  });

  return (
    <Modal opened onClose={onClose} title={t('grid.title')} size="xl">
      <Stack>
        <Text size="sm" c="dimmed">
          {t('grid.lead')}
        </Text>
        <CommandError command={create} />
        <DataTable
          withTableBorder
          withColumnBorders
          verticalSpacing={4}
          columns={[
            t('grid.level'),
            ...STYLES.map((s) => ({ label: styleLabel(ts, s), ta: 'center' as const })),
          ]}
        >
          {LEVELS.map((l) => (
            <Table.Tr key={l}>
              <Table.Td>{l}</Table.Td>
              {STYLES.map((s) => (
                <Table.Td key={s} ta="center">
                  <Checkbox
                    aria-label={`${l} ${styleLabel(ts, s)}`}
                    checked={cells.has(`${s}|${l}`)}
                    onChange={() => toggle(`${s}|${l}`)}
                    style={{ display: 'inline-block' }}
                  />
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </DataTable>
        <TextInput
          label={t('grid.suffix')}
          description={t('grid.suffixHelp')}
          {...textValue(suffix, setSuffix)}
          maw={360}
        />
        {preview.length > 0 && (
          <Stack gap={2} aria-label={t('grid.toCreate')}>
            <Text size="sm" fw={600}>
              {t('grid.previewCount', { count: preview.length })}
            </Text>
            {preview.map((p) => (
              <Text size="sm" key={p.name}>
                {p.name} — {p.dances.map((d) => danceLabel(ts, d)).join(', ')}
              </Text>
            ))}
          </Stack>
        )}
        <DialogActions onCancel={onClose}>
          <Button disabled={preview.length === 0} loading={create.busy} onClick={() => void create.run()}>
            {t('grid.create', { count: preview.length })}
          </Button>
        </DialogActions>
      </Stack>
    </Modal>
  );
}
