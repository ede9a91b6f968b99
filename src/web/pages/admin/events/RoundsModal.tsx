import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import * as endpoints from '../../../../domain/schemas/endpoints.ts';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { call } from '../../../api/client.ts';
import { roundParams } from '../../../api/paths.ts';
import { useEventSettings } from '../../../api/queries/competition.ts';
import { competitionQueryKey } from '../../../api/queries/keys.ts';
import type { EventRoundsEdited, EventView, RoundView } from '../../../api/types.ts';
import { useCommand } from '../../../api/useCommand.ts';
import { CommandError } from '../../../components/ApiErrorAlert.tsx';
import { actionsColumn, DataTable } from '../../../components/DataTable.tsx';
import { useConfirm, type ConfirmQuestion } from '../../../components/useConfirm.tsx';
import { roundColumns, RoundRow } from './RoundRow.tsx';
import { skipOutcome } from './skipOutcome.ts';
import { FormatsSection } from './FormatsSection.tsx';
import { expectedCouples } from '../../../../domain/schedule.ts';
import { isScheduleItem } from '../../../../domain/schemas/events.ts';
import { textValue } from '../../../components/textValue.ts';
import { eventsText } from './text.ts';
import { useLocale, useT } from '../../../i18n/locale.ts';
import { roundsNotice } from './roundsNotice.ts';
import { roundLabel, sportText } from '../../../../domain/i18n/sport.ts';

/** An event's rounds: generate, clear, add, skip, delete, recall sizes. */
export function RoundsModal({
  competitionKey,
  event,
  onClose,
}: {
  competitionKey: string;
  event: EventView;
  onClose: () => void;
}) {
  const t = useT(eventsText);
  const ts = useT(sportText);
  const locale = useLocale();
  const { settings } = useEventSettings();
  const [after, setAfter] = useState<string | null>(null);
  const [newName, setNewName] = useState('');
  const ref = (r: RoundView) => ({ eventKey: event.key, roundNumber: r.roundNumber });
  const couples = event.entries.filter((e) => !e.scratched).length;
  // Before a round has couples, what it is expected to dance: as the schedule counts it.
  const expected = expectedCouples(
    event.rounds.map((r) => ({
      id: r.roundNumber,
      eventKey: event.key,
      roundNumber: r.roundNumber,
      roundState: r.roundState,
      recallSize: r.recallSize,
      couples: r.entries.length,
      item: isScheduleItem(event.dances),
      type: r.type,
      stars: event.entries.filter((e) => !e.scratched && e.joinsRound === r.roundNumber).length,
    })),
    new Map([
      [
        event.key,
        event.entries.filter((e) => !e.scratched && e.joinsRound === null && e.withdrawal === null).length,
      ],
    ]),
  );
  // Mantine's `sm` breakpoint; read at once so a laptop never draws the phone layout first.
  const narrow = !useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });

  const command = useCommand({
    run: ({ call }: { call: () => Promise<EventRoundsEdited | undefined>; title: string }) => call(),
    success: (res, { title }) => ({ title, message: res ? roundsNotice(res, t, ts, locale) : event.name }),
    refresh: [competitionQueryKey(competitionKey, 'events'), competitionQueryKey(competitionKey, 'schedule')],
  });
  const busy = command.busy;
  const run = (call: () => Promise<EventRoundsEdited | undefined>, title: string) =>
    command.run({ call, title });
  const [confirm, confirmDialog] = useConfirm();
  // While the app's question is open, Escape answers it and leaves this dialog open.
  const [asking, setAsking] = useState(false);
  /** Runs the call once the organizer said yes (or at once when there is nothing to ask). */
  const runAsked = async (
    question: ConfirmQuestion | null,
    call: () => Promise<EventRoundsEdited | undefined>,
    title: string,
  ) => {
    if (question) {
      setAsking(true);
      const yes = await confirm(question);
      setAsking(false);
      if (!yes) return undefined;
    }
    return run(call, title);
  };

  const afterChoices = [
    { value: '0', label: t('rounds.before') },
    ...event.rounds.slice(0, -1).map((r) => ({
      value: String(r.roundNumber),
      label: t('rounds.after', { n: r.roundNumber, name: roundLabel(ts, r.roundName) }),
    })),
  ];

  return (
    <Modal
      opened
      onClose={onClose}
      closeOnEscape={!asking}
      title={t('rounds.title', { name: event.name })}
      size="xl"
    >
      {confirmDialog}
      <Stack>
        <Text size="sm" c="dimmed">
          {t('rounds.lead', { count: couples })}
        </Text>
        <CommandError command={command} title={t('rounds.notDone')} />
        <Group>
          {!settings?.hideGenerateRoundsButton && (
            <Button
              loading={busy}
              onClick={() =>
                void runAsked(
                  event.rounds.length === 0
                    ? null
                    : {
                        title: t('rounds.generateQ', { name: event.name }),
                        message: t('rounds.generateMsg', { rounds: event.rounds.length, couples }),
                        confirmLabel: t('rounds.generate'),
                        danger: true,
                      },
                  () =>
                    call(
                      endpoints.postEventsRoundsGenerate,
                      { key: competitionKey, eventKey: event.key },
                      { version: event.version },
                    ),
                  t('rounds.generated'),
                )
              }
            >
              {t('rounds.generate')}
            </Button>
          )}
          {!settings?.hideClearRoundsButton && event.rounds.length > 0 && (
            <Button
              color="red"
              variant="light"
              loading={busy}
              onClick={() =>
                void runAsked(
                  {
                    title: t('rounds.clearQ', { name: event.name }),
                    message: t('rounds.clearMsg', { rounds: event.rounds.length }),
                    confirmLabel: t('rounds.clear'),
                    danger: true,
                  },
                  () =>
                    call(endpoints.deleteEventsRounds, {
                      key: competitionKey,
                      eventKey: event.key,
                      version: event.version,
                    }),
                  t('rounds.cleared'),
                )
              }
            >
              {t('rounds.clear')}
            </Button>
          )}
        </Group>
        {event.rounds.length > 0 && (
          <DataTable
            striped
            verticalSpacing={4}
            aria-label={t('rounds.table')}
            columns={[...roundColumns(narrow, t), actionsColumn]}
          >
            {event.rounds.map((r, i) => (
              <RoundRow
                key={r.roundNumber}
                round={r}
                expected={expected.get(r.roundNumber)}
                isFinal={i === event.rounds.length - 1}
                narrow={narrow}
                busy={busy}
                onSkip={() =>
                  void runAsked(
                    {
                      title: t('rounds.skipQ', { name: roundLabel(ts, r.roundName) }),
                      message: skipOutcome(event.rounds, r, t, (name) => roundLabel(ts, name)),
                      confirmLabel: t('rounds.skip'),
                    },
                    () =>
                      call(endpoints.postEventsRoundsSkip, roundParams(competitionKey, ref(r)), {
                        version: event.version,
                      }),
                    t('rounds.skipped'),
                  )
                }
                onDelete={() =>
                  void runAsked(
                    {
                      title: t('rounds.deleteQ', { name: roundLabel(ts, r.roundName) }),
                      message: r.roundNumber === 1 ? t('rounds.deleteFirst') : t('rounds.deleteLater'),
                      confirmLabel: t('rounds.delete'),
                      danger: true,
                    },
                    () =>
                      call(endpoints.deleteEventsRoundsOne, {
                        ...roundParams(competitionKey, ref(r)),
                        version: event.version,
                      }),
                    t('rounds.deleted'),
                  )
                }
                onRecall={(size) =>
                  run(
                    () =>
                      call(endpoints.patchEventsRoundsOne, roundParams(competitionKey, ref(r)), {
                        recallSize: size,
                        version: r.version,
                      }),
                    t('rounds.recallSaved'),
                  )
                }
              />
            ))}
          </DataTable>
        )}
        {event.rounds.length > 0 && (
          <Group align="flex-end">
            <Select
              label={t('rounds.add')}
              placeholder={t('rounds.addWhere')}
              data={afterChoices}
              value={after}
              onChange={setAfter}
              w={260}
            />
            <TextInput
              label={t('rounds.name')}
              placeholder={t('rounds.namePlaceholder')}
              {...textValue(newName, setNewName)}
            />
            <Button
              variant="light"
              disabled={after === null}
              loading={busy}
              onClick={() =>
                void run(
                  () =>
                    call(
                      endpoints.postEventsRounds,
                      { key: competitionKey, eventKey: event.key },
                      {
                        after: Number(after),
                        ...(newName.trim() ? { name: newName.trim() } : {}),
                        version: event.version,
                      },
                    ),
                  t('rounds.added'),
                ).then(() => {
                  setAfter(null);
                  setNewName('');
                })
              }
            >
              {t('rounds.addButton')}
            </Button>
          </Group>
        )}
        <FormatsSection competitionKey={competitionKey} event={event} />
      </Stack>
    </Modal>
  );
}
