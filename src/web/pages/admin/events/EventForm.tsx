import * as endpoints from '../../../../domain/schemas/endpoints.ts';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { call, ApiError } from '../../../api/client.ts';
import { useCompetition } from '../../../api/queries/competition.ts';
import { competitionQueryKey } from '../../../api/queries/keys.ts';
import type { EventView } from '../../../api/types.ts';
import { useCommand } from '../../../api/useCommand.ts';
import { CommandError, errorMessage } from '../../../components/ApiErrorAlert.tsx';
import { detailIssues, issuesToFieldErrors, schemaErrors } from '../../../shared/formErrors.ts';
import { LEVELS, type Level } from '../../../../domain/levels.ts';
import { DANCES_BY_STYLE, sortDances, STYLES, type Style } from '../../../../domain/styles.ts';
import {
  eventCreate,
  isScheduleItem,
  SCHEDULE_ITEMS,
  type ScoringSystem,
} from '../../../../domain/schemas/events.ts';
import {
  DEFAULT_ROUND_NAMING,
  FINAL,
  QUARTER_FINAL,
  SEMI_FINAL,
  type RoundNaming,
} from '../../../../domain/rounds/names.ts';
import {
  AJS_TOLERANCE,
  AJS_TOLERANCE_GRADES,
  AJS_TOLERANCE_MAX,
  AJS_TOLERANCE_MIN,
  AJS_TOLERANCE_STEP,
  ajsToleranceGrade,
} from '../../../../domain/scoring/ajs.ts';
import { WholeNumberInput } from '../../../components/WholeNumberInput.tsx';
import { eventsText, type EventsKey } from './text.ts';
import { useT } from '../../../i18n/locale.ts';
import { danceLabel, roundLabel, sportText, styleLabel } from '../../../../domain/i18n/sport.ts';
import type { Translate } from '../../../../domain/i18n/catalog.ts';
import type { SportKey } from '../../../../domain/i18n/sport.ts';

export type Editing = { mode: 'new' } | { mode: 'edit'; event: EventView } | null;

interface EventValues {
  name: string;
  style: Style;
  level: Level;
  dances: string[];
  roundNaming: RoundNaming;
  scoringSystem: ScoringSystem;
  ajsRounds: number;
  ajsTolerance: number;
  /** Its own fee per dancer; '' = the tier's fee. */
  fee: number | string;
}

const valuesOf = (e: EventView): EventValues => ({
  name: e.name,
  style: e.style as Style,
  level: e.level as Level,
  dances: e.dances,
  roundNaming: e.roundNaming,
  scoringSystem: e.scoringSystem,
  ajsRounds: e.ajsRounds,
  ajsTolerance: e.ajsTolerance,
  fee: e.fee ?? '',
});

/** The values as the API takes them: an empty fee is none (the tier's); a schedule item has none. */
const eventBody = (v: EventValues) => ({
  ...v,
  dances: sortDances(v.dances, v.style),
  fee: v.fee === '' || isScheduleItem(v.dances) ? null : Number(v.fee),
});

/** The tolerance by the competition's grade it is named for (docs/ajs.md), or another value. */
const OTHER_TOLERANCE = 'other';
/** The grades' names, in the order of AJS_TOLERANCE_GRADES. */
const GRADE_KEYS = ['form.gradeOpen', 'form.gradeChampionship'] as const satisfies readonly EventsKey[];
const toleranceChoices = (t: Translate<EventsKey>) => [
  ...AJS_TOLERANCE_GRADES.map((g, i) => ({
    value: String(g.tolerance),
    label: `${GRADE_KEYS[i] ? t(GRADE_KEYS[i]) : g.grade} — ${g.tolerance}`,
  })),
  {
    value: OTHER_TOLERANCE,
    label: t('form.toleranceOther', { min: AJS_TOLERANCE_MIN, max: AJS_TOLERANCE_MAX }),
  },
];

/** How the final is scored (docs/ajs.md): earlier rounds are recalls either way. */
const scoringChoices = (t: Translate<EventsKey>): Array<{ value: ScoringSystem; label: string }> => [
  { value: 'skating', label: t('form.scoringSkating') },
  { value: 'ajs', label: t('form.scoringAjs') },
];

/** The two ways an event names its rounds before the quarter-final (spec §9), in the sport's words. */
const namingChoices = (ts: Translate<SportKey>): Array<{ value: RoundNaming; label: string }> => {
  const last = [QUARTER_FINAL, SEMI_FINAL, FINAL].map((name) => roundLabel(ts, name)).join(', ');
  return [
    {
      value: 'fraction',
      label: `… ${roundLabel(ts, '1/16 Final')}, ${roundLabel(ts, '1/8 Final')}, ${last}`,
    },
    {
      value: 'ordinal',
      label: `${roundLabel(ts, '1st Round')}, ${roundLabel(ts, '2nd Round')} …, ${last}`,
    },
  ];
};

/** Create or edit one event; delete it (asking again when it has marks). */
export function EventForm({
  competitionKey,
  editing,
  onClose,
}: {
  competitionKey: string;
  editing: Exclude<Editing, null>;
  onClose: () => void;
}) {
  const t = useT(eventsText);
  const ts = useT(sportText);
  const existing = editing.mode === 'edit' ? editing.event : null;
  const { competition } = useCompetition(competitionKey);
  const [confirmDelete, setConfirmDelete] = useState<string | null>(null);
  const [version, setVersion] = useState(existing?.version);
  const [otherTolerance, setOtherTolerance] = useState(
    existing ? ajsToleranceGrade(existing.ajsTolerance) === null : false,
  );
  const form = useForm<EventValues>({
    initialValues: existing
      ? valuesOf(existing)
      : {
          name: '',
          style: 'Standard',
          level: 'Bronze',
          dances: [],
          roundNaming: DEFAULT_ROUND_NAMING,
          scoringSystem: 'skating',
          ajsRounds: 1,
          ajsTolerance: AJS_TOLERANCE,
          fee: '',
        },
    validate: (v) => schemaErrors(eventCreate, eventBody(v)),
  });
  const style = form.values.style;
  // Schedule items (Awards, Break) are not danced: no rounds to name, nothing to score.
  const danced = !isScheduleItem(form.values.dances);
  const scoredUnderAjs = danced && form.values.scoringSystem === 'ajs';
  const ofStyle: string[] = [...DANCES_BY_STYLE[style], ...SCHEDULE_ITEMS];
  // A dance not of the style (an imported event's) stays listed, so it can be unticked.
  const choices = [...ofStyle, ...form.values.dances.filter((d) => !ofStyle.includes(d))];
  // A problem of one dance (`dances.1`: not of the style) shows on the list, as the list's own does.
  const dancesError =
    form.errors.dances ?? Object.entries(form.errors).find(([path]) => path.startsWith('dances.'))?.[1];
  const shared = {
    refresh: [competitionQueryKey(competitionKey, 'events')],
    onStale: (e: ApiError) => {
      const current = (e.details as { current?: EventView } | undefined)?.current;
      if (!current) return;
      form.setValues(valuesOf(current));
      setOtherTolerance(ajsToleranceGrade(current.ajsTolerance) === null);
      setVersion(current.version);
    },
    onError: (e: unknown) => {
      if (e instanceof ApiError && e.status === 400)
        form.setErrors(issuesToFieldErrors(detailIssues(e.details)));
      if (e instanceof ApiError && e.code === 'duplicate') form.setFieldError('name', errorMessage(e));
    },
    onSuccess: onClose,
  };

  const save = useCommand({
    ...shared,
    run: async (v: EventValues) => {
      const body = eventBody(v);
      if (existing)
        await call(
          endpoints.patchEventsOne,
          { key: competitionKey, eventKey: existing.key },
          { ...body, version },
        );
      else await call(endpoints.postEvents, { key: competitionKey }, body);
    },
    success: (_, v) =>
      existing
        ? { title: t('form.savedTitle'), message: t('form.savedMessage', { name: v.name }) }
        : { title: t('form.createdTitle'), message: t('form.createdMessage', { name: v.name }) },
  });

  const remove = useCommand({
    ...shared,
    run: (confirm: boolean) =>
      call(endpoints.deleteEventsOne, {
        key: competitionKey,
        eventKey: existing!.key,
        version: version ?? existing!.version,
        confirm: confirm ? 'true' : undefined,
      }),
    success: (_, confirm) => ({
      title: t('form.deletedTitle'),
      message: confirm
        ? t('form.deletedArchived', { name: existing!.name })
        : t('form.deletedMessage', { name: existing!.name }),
    }),
    onError: (e) => {
      if (e instanceof ApiError && e.code === 'has_marks') {
        setConfirmDelete(errorMessage(e));
        return true;
      }
      shared.onError(e);
    },
  });
  const busy = save.busy || remove.busy;
  const failed = save.error !== null ? save : remove;

  return (
    <Modal
      opened
      onClose={onClose}
      title={existing ? t('form.editTitle', { name: existing.name }) : t('form.newTitle')}
      size="lg"
    >
      <form
        noValidate
        onSubmit={form.onSubmit((v) => {
          remove.reset();
          void save.run(v);
        })}
      >
        <Stack>
          <CommandError command={failed} title={t('form.notSaved')} />
          <TextInput
            label={t('form.name')}
            placeholder={t('form.namePlaceholder')}
            {...form.getInputProps('name')}
          />
          <Group grow>
            <Select
              label={t('form.style')}
              data={STYLES.map((s) => ({ value: s, label: styleLabel(ts, s) }))}
              allowDeselect={false}
              {...form.getInputProps('style')}
              onChange={(s) => {
                if (!s) return;
                form.setFieldValue('style', s as Style);
                const allowed = [...DANCES_BY_STYLE[s as Style], ...SCHEDULE_ITEMS];
                form.setFieldValue(
                  'dances',
                  form.values.dances.filter((d) => allowed.includes(d)),
                );
              }}
            />
            <Select
              label={t('form.level')}
              data={[...LEVELS]}
              allowDeselect={false}
              {...form.getInputProps('level')}
            />
          </Group>
          <Checkbox.Group
            label={t('form.dances')}
            description={t('form.dancesHelp')}
            {...form.getInputProps('dances')}
            error={dancesError}
          >
            <Group mt={6} gap="md">
              {choices.map((d) => (
                <Checkbox key={d} value={d} label={danceLabel(ts, d)} />
              ))}
            </Group>
          </Checkbox.Group>
          {danced && (
            <>
              <Select
                label={t('form.roundNames')}
                description={existing?.rounds.length ? t('form.roundNamesRename') : t('form.roundNamesHelp')}
                data={namingChoices(ts)}
                allowDeselect={false}
                {...form.getInputProps('roundNaming')}
              />
              <Select
                label={t('form.scoring')}
                description={t('form.scoringHelp')}
                data={scoringChoices(t)}
                allowDeselect={false}
                {...form.getInputProps('scoringSystem')}
              />
              <NumberInput
                label={
                  competition ? t('form.feeCurrency', { currency: competition.currency }) : t('form.fee')
                }
                description={t('form.feeHelp')}
                placeholder={t('form.feePlaceholder')}
                min={0}
                decimalScale={2}
                allowNegative={false}
                {...form.getInputProps('fee')}
              />
            </>
          )}
          {scoredUnderAjs && (
            <>
              <WholeNumberInput
                label={t('form.ajsRounds')}
                description={t('form.ajsRoundsHelp')}
                min={1}
                max={10}
                {...form.getInputProps('ajsRounds')}
              />
              <Select
                label={t('form.tolerance')}
                description={t('form.toleranceHelp')}
                data={toleranceChoices(t)}
                allowDeselect={false}
                value={otherTolerance ? OTHER_TOLERANCE : String(form.values.ajsTolerance)}
                onChange={(v) => {
                  if (!v) return;
                  setOtherTolerance(v === OTHER_TOLERANCE);
                  if (v !== OTHER_TOLERANCE) form.setFieldValue('ajsTolerance', Number(v));
                }}
                error={otherTolerance ? undefined : form.errors.ajsTolerance}
              />
              {otherTolerance && (
                <NumberInput
                  label={t('form.otherValue')}
                  description={t('form.otherValueHelp', {
                    min: AJS_TOLERANCE_MIN,
                    max: AJS_TOLERANCE_MAX,
                    step: AJS_TOLERANCE_STEP,
                  })}
                  min={AJS_TOLERANCE_MIN}
                  max={AJS_TOLERANCE_MAX}
                  step={AJS_TOLERANCE_STEP}
                  decimalScale={2}
                  {...form.getInputProps('ajsTolerance')}
                />
              )}
            </>
          )}
          {confirmDelete && (
            <Alert color="orange" role="alert" title={t('form.hasMarks')}>
              <Stack gap="xs">
                <Text size="sm">{confirmDelete}</Text>
                <Group>
                  <Button color="red" loading={busy} onClick={() => void remove.run(true)}>
                    {t('form.deleteAnyway')}
                  </Button>
                  <Button variant="default" onClick={() => setConfirmDelete(null)}>
                    {t('form.keep')}
                  </Button>
                </Group>
              </Stack>
            </Alert>
          )}
          <Group justify="space-between">
            {existing ? (
              <Button
                color="red"
                variant="subtle"
                loading={busy}
                onClick={() => {
                  save.reset();
                  void remove.run(false);
                }}
              >
                {t('form.delete')}
              </Button>
            ) : (
              <span />
            )}
            <Group>
              <Button variant="default" onClick={onClose}>
                {t('form.cancel')}
              </Button>
              <Button type="submit" loading={busy}>
                {existing ? t('form.save') : t('form.create')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
