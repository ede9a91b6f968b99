import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { RoundView } from '../../../api/types.ts';
import { RoundStateBadge } from '../../../components/RoundStateBadge.tsx';
import { roundStateName } from '../../../shared/roundStates.ts';
import type { ExpectedFrom } from '../../../../domain/schedule.ts';
import { WholeNumberInput } from '../../../components/WholeNumberInput.tsx';
import { eventsText, type EventsKey } from './text.ts';
import { useT } from '../../../i18n/locale.ts';
import { roundLabel, sportText } from '../../../../domain/i18n/sport.ts';
import type { Translate } from '../../../../domain/i18n/catalog.ts';

/**
 * What the Couples column says: the couples placed in the round, or before it has them the couples
 * it is expected to dance — the entries for a first round, the recall of the round before.
 */
function couplesText(
  placed: number,
  expected: { count: number; from: ExpectedFrom } | undefined,
  t: Translate<EventsKey>,
) {
  if (placed > 0 || !expected || expected.from === 'couples')
    return {
      short: String(placed),
      long: t('row.couplesLong', { count: placed }),
      label: t('row.couplesLabel', { count: placed }),
    };
  const count = expected.count;
  const short = expected.from === 'entries' ? t('row.entered', { count }) : t('row.expected', { count });
  return { short, long: short, label: t('row.expectedLabel', { count }) };
}

/** The rounds table's heads; on a phone the state and couples sit under the round's name. */
export const roundColumns = (narrow: boolean, t: Translate<EventsKey>) =>
  narrow
    ? ['#', t('col.round'), t('col.recall')]
    : [
        '#',
        t('col.round'),
        t('col.state'),
        t('col.recall'),
        { label: t('col.couples'), ta: 'right' as const },
      ];

/** One round in the rounds dialog: its state, recall size, skip and delete. */
export function RoundRow({
  round,
  expected,
  isFinal,
  narrow,
  busy,
  onSkip,
  onDelete,
  onRecall,
}: {
  round: RoundView;
  /** The couples it is expected to dance before it has them (domain `expectedCouples`). */
  expected?: { count: number; from: ExpectedFrom };
  isFinal: boolean;
  /** A phone: three columns and the buttons, so Skip and Delete stay in sight. */
  narrow: boolean;
  busy: boolean;
  onSkip: () => void;
  onDelete: () => void;
  /** Saves a recall size; settles when the server answered (either way). */
  onRecall: (size: number) => Promise<unknown>;
}) {
  // Only what the organizer is typing is kept here; otherwise the input shows the server's number, so
  // it follows every change (add, generate, a colleague's edit) instead of a copy taken at mount.
  const t = useT(eventsText);
  const ts = useT(sportText);
  const [draft, setDraft] = useState<string | number | null>(null);
  const state = roundStateName(round.roundState) ?? 'Initialized';
  const stateBadge = <RoundStateBadge state={state} couples={round.entries.length} />;
  const text = couplesText(round.entries.length, expected, t);
  const name = roundLabel(ts, round.roundName);
  const couples = (
    <Badge variant="light" color="gray" aria-label={text.label} data-testid="couples">
      {text.short}
    </Badge>
  );
  return (
    <Table.Tr data-testid={`round-${round.roundNumber}`}>
      <Table.Td>{round.roundNumber}</Table.Td>
      {narrow ? (
        <Table.Td>
          <Stack gap={4} align="flex-start">
            <Text size="sm" fw={600}>
              {name}
            </Text>
            {stateBadge}
            <Text size="xs" c="dimmed" aria-label={text.label} data-testid="couples">
              {text.long}
            </Text>
          </Stack>
        </Table.Td>
      ) : (
        <>
          <Table.Td fw={600}>{name}</Table.Td>
          <Table.Td>{stateBadge}</Table.Td>
        </>
      )}
      <Table.Td>
        {isFinal ? (
          <Text size="sm" c="dimmed">
            —
          </Text>
        ) : (
          <WholeNumberInput
            // A new field for each number the server stores: the field's formatter keeps its own copy of
            // the value, and two changes of it in quick succession (the draft dropped, then the stored
            // number) could leave that copy bouncing between the two.
            key={round.recallSize}
            aria-label={t('row.recallLabel', { name })}
            size="xs"
            w={narrow ? 64 : 80}
            min={0}
            value={draft ?? round.recallSize}
            onChange={setDraft}
            onBlur={() => {
              if (typeof draft === 'number' && draft !== round.recallSize)
                void onRecall(draft).finally(() => setDraft(null));
              else setDraft(null);
            }}
          />
        )}
      </Table.Td>
      {!narrow && <Table.Td ta="right">{couples}</Table.Td>}
      <Table.Td>
        <Group gap={4} justify="flex-end" wrap={narrow ? 'wrap' : 'nowrap'}>
          {!isFinal && state !== 'Skipped' && (
            <Button size="compact-sm" variant="subtle" disabled={busy} onClick={onSkip}>
              {t('row.skip')}
            </Button>
          )}
          <Button size="compact-sm" variant="subtle" color="red" disabled={busy} onClick={onDelete}>
            {t('row.delete')}
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
