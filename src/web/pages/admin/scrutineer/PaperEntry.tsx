import { Button, Checkbox, Group, Modal, NumberInput, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import type { QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import type { RoundMarksView } from '../../../../domain/schemas/marks.ts';
import * as endpoints from '../../../../domain/schemas/endpoints.ts';
import { call } from '../../../api/client.ts';
import { roundParams, type RoundRef } from '../../../api/paths.ts';
import { useCommand } from '../../../api/useCommand.ts';
import { CommandError } from '../../../components/ApiErrorAlert.tsx';
import { DialogActions } from '../../../components/DialogActions.tsx';
import { ajsComponentsLabel, type AjsComponent } from '../../../../domain/scoring/ajs.ts';
import { useT } from '../../../i18n/locale.ts';
import { danceLabel, sportText } from '../../../../domain/i18n/sport.ts';
import { scrutineerText } from './text.ts';

type MarksJudge = RoundMarksView['judges'][number];

/**
 * Enter or correct one judge's marks of one dance from their paper sheet (`?source=paper`); a
 * correction sends the version it saw (If-Match) so a judge's own late submission is not overwritten.
 */
export function PaperEntry({
  competitionKey,
  roundRef,
  view,
  separateDances,
  refresh,
  onClose,
}: {
  competitionKey: string;
  roundRef: RoundRef;
  view: RoundMarksView;
  /** AJS: the dances with separate scores (GET …/ajs-panel); absent: a box per component everywhere. */
  separateDances?: readonly string[] | undefined;
  /** What saved marks change. */
  refresh: readonly QueryKey[];
  onClose: () => void;
}) {
  const t = useT(scrutineerText);
  const ts = useT(sportText);
  const { round, judges } = view;
  const [judgeId, setJudgeId] = useState<string | null>(judges[0] ? String(judges[0].id) : null);
  const [dance, setDance] = useState<string | null>(round.dances[0] ?? null);
  const existing = judgeId && dance ? view.marks[dance]?.[judgeId] : undefined;
  const [recall, setRecall] = useState<Set<string>>(new Set());
  const [places, setPlaces] = useState<Record<string, number | ''>>({});
  /** AJS: couple → component → score, as on the judge's scoring sheet. */
  const [scores, setScores] = useState<Record<string, Record<string, number | ''>>>({});
  const components: AjsComponent[] = (judgeId && round.ajsComponents?.[judgeId]) || [];
  // As on the judge's sheet: one box per couple where one score counts for all the judge's components.
  const oneScore = components.length > 1 && !!dance && !!separateDances && !separateDances.includes(dance);
  const boxes: AjsComponent[][] = oneScore ? [components] : components.map((k) => [k]);
  const [loadedFor, setLoadedFor] = useState('');

  // Start from what is already recorded for the chosen judge and dance.
  const current = `${judgeId}/${dance}/${existing?.version ?? 'none'}`;
  if (current !== loadedFor) {
    setLoadedFor(current);
    setRecall(new Set(Array.isArray(existing?.value) ? existing.value : []));
    const stored = existing && !Array.isArray(existing.value) ? existing.value : {};
    if (round.kind === 'ajs') setScores({ ...(stored as Record<string, Record<string, number>>) });
    else setPlaces({ ...(stored as Record<string, number>) });
  }

  const judge = judges.find((j) => String(j.id) === judgeId);
  const save = useCommand({
    run: async ({ judgeId, dance }: { judgeId: string; dance: string; judge: MarksJudge }) => {
      // AJS: an empty score is sent as missing, so the server names the couple and component.
      const value =
        round.kind === 'recall'
          ? round.couples.filter((c) => recall.has(c))
          : round.kind === 'ajs'
            ? Object.fromEntries(
                round.couples.map((c) => [
                  c,
                  Object.fromEntries(
                    components.flatMap((k) =>
                      scores[c]?.[k] === '' || scores[c]?.[k] === undefined ? [] : [[k, scores[c]![k]]],
                    ),
                  ),
                ]),
              )
            : Object.fromEntries(round.couples.map((c) => [c, Number(places[c] ?? 0)]));
      const wrongCount =
        round.kind === 'recall' &&
        round.marksPerDance !== null &&
        Array.isArray(value) &&
        value.length !== round.marksPerDance;
      return call(
        endpoints.putEventsRoundsMarksOne,
        {
          ...roundParams(competitionKey, roundRef),
          officialId: judgeId,
          source: 'paper',
          override: wrongCount ? 'true' : undefined,
        },
        { [dance]: value },
        existing ? { 'If-Match': String(existing.version) } : {},
      );
    },
    success: (saved, { judge, dance }) => ({
      // Bottom right: the top of the screen holds the round's actions and the dialogs.
      position: 'bottom-right',
      title: saved.paperCorrections.length
        ? t('paper.done.correction')
        : existing
          ? t('paper.done.corrected')
          : t('paper.done.entered'),
      // The receipt goes on the judge's paper sheet, as the tablet shows it for marks sent from there.
      message: t('paper.done.message', {
        judge: judge.label,
        name: judge.name,
        dance: danceLabel(ts, dance),
        receipt: saved.receipt,
      }),
      autoClose: 20_000,
    }),
    refresh,
    onSuccess: onClose,
  });

  return (
    <Modal opened onClose={onClose} title={t('paper.title')} size="lg">
      <Stack>
        <Group grow>
          <Select
            label={t('col.judge')}
            data={judges.map((j) => ({ value: String(j.id), label: `${j.label} — ${j.name}` }))}
            value={judgeId}
            onChange={setJudgeId}
            allowDeselect={false}
          />
          <Select
            label={t('col.dance')}
            data={round.dances.map((d) => ({ value: d, label: danceLabel(ts, d) }))}
            value={dance}
            onChange={setDance}
            allowDeselect={false}
          />
        </Group>
        <Text size="sm" c="dimmed">
          {existing ? t('paper.correcting', { by: existing.submittedBy }) : t('paper.nothingYet')}{' '}
          {round.kind === 'recall'
            ? t('paper.recall', { count: round.marksPerDance ?? round.recallSize })
            : round.kind === 'ajs'
              ? oneScore
                ? t('paper.ajsOne', { components: ajsComponentsLabel(components) })
                : t('paper.ajs', {
                    components: components.reduce<string>((a, b) => (a ? t('and', { a, b }) : b), ''),
                  })
              : t('paper.final')}
        </Text>
        {round.kind === 'recall' ? (
          <SimpleGrid cols={6}>
            {round.couples.map((c) => (
              <Checkbox
                key={c}
                label={c}
                checked={recall.has(c)}
                onChange={(e) => {
                  const next = new Set(recall);
                  if (e.currentTarget.checked) next.add(c);
                  else next.delete(c);
                  setRecall(next);
                }}
              />
            ))}
          </SimpleGrid>
        ) : round.kind === 'ajs' ? (
          <SimpleGrid cols={4}>
            {round.couples.flatMap((c) =>
              boxes.map((ks) => (
                <NumberInput
                  key={`${c}-${ks.join()}`}
                  label={t('paper.coupleScore', { couple: c, components: ajsComponentsLabel(ks) })}
                  min={1}
                  max={10}
                  step={0.25}
                  decimalScale={2}
                  value={scores[c]?.[ks[0]!] ?? ''}
                  onChange={(v) =>
                    setScores({
                      ...scores,
                      [c]: {
                        ...scores[c],
                        ...Object.fromEntries(ks.map((k) => [k, typeof v === 'number' ? v : ''])),
                      },
                    })
                  }
                />
              )),
            )}
          </SimpleGrid>
        ) : (
          <SimpleGrid cols={4}>
            {round.couples.map((c) => (
              <NumberInput
                key={c}
                label={t('paper.couple', { couple: c })}
                min={1}
                max={round.couples.length}
                value={places[c] ?? ''}
                onChange={(v) => setPlaces({ ...places, [c]: typeof v === 'number' ? v : '' })}
              />
            ))}
          </SimpleGrid>
        )}
        <CommandError command={save} title={t('paper.error')} />
        <DialogActions onCancel={onClose}>
          <Button
            onClick={() => {
              if (judgeId && dance && judge) void save.run({ judgeId, dance, judge });
            }}
            loading={save.busy}
          >
            {t('paper.save')}
          </Button>
        </DialogActions>
      </Stack>
    </Modal>
  );
}
