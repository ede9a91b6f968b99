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
import { CommandError } from '../../../components/ApiErrorAlert.tsx';
import { detailIssues, issuesToFieldErrors, schemaErrors } from '../../../shared/formErrors.ts';
import { LEVELS, type Level } from '../../../../domain/levels.ts';
import { DANCES_BY_STYLE, sortDances, STYLES, type Style } from '../../../../domain/styles.ts';
import {
  eventCreate,
  isScheduleItem,
  SCHEDULE_ITEMS,
  type ScoringSystem,
} from '../../../../domain/schemas/events.ts';
import { DEFAULT_ROUND_NAMING, type RoundNaming } from '../../../../domain/rounds/names.ts';
import {
  AJS_TOLERANCE,
  AJS_TOLERANCE_GRADES,
  AJS_TOLERANCE_MAX,
  AJS_TOLERANCE_MIN,
  AJS_TOLERANCE_STEP,
  ajsToleranceGrade,
} from '../../../../domain/scoring/ajs.ts';
import { WholeNumberInput } from '../../../components/WholeNumberInput.tsx';

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
const TOLERANCE_CHOICES = [
  ...AJS_TOLERANCE_GRADES.map((g) => ({ value: String(g.tolerance), label: `${g.grade} — ${g.tolerance}` })),
  { value: OTHER_TOLERANCE, label: `Another value (${AJS_TOLERANCE_MIN}–${AJS_TOLERANCE_MAX})` },
];

/** How the final is scored (docs/ajs.md): earlier rounds are recalls either way. */
const SCORING_CHOICES: Array<{ value: ScoringSystem; label: string }> = [
  { value: 'skating', label: 'Skating System (judges place the couples)' },
  { value: 'ajs', label: 'WDSF AJS 3.0 (judges score components, 1–10)' },
];

/** The two ways an event names its rounds before the quarter-final (spec §9). */
const NAMING_CHOICES: Array<{ value: RoundNaming; label: string }> = [
  { value: 'fraction', label: '… 1/16 Final, 1/8 Final, Quarter-Final, Semi-Final, Final' },
  { value: 'ordinal', label: '1st Round, 2nd Round …, Quarter-Final, Semi-Final, Final' },
];

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
  const choices = [...DANCES_BY_STYLE[style], ...SCHEDULE_ITEMS];
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
      if (e instanceof ApiError && e.code === 'duplicate') form.setFieldError('name', e.message);
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
        ? { title: 'Event saved', message: `${v.name} is updated.` }
        : { title: 'Event created', message: `${v.name} is added.` },
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
      title: 'Event deleted',
      message: confirm
        ? `${existing!.name} is deleted; its marks and results are kept in the audit trail.`
        : `${existing!.name} is deleted.`,
    }),
    onError: (e) => {
      if (e instanceof ApiError && e.code === 'has_marks') {
        setConfirmDelete(e.message);
        return true;
      }
      shared.onError(e);
    },
  });
  const busy = save.busy || remove.busy;
  const failed = save.error !== null ? save : remove;

  return (
    <Modal opened onClose={onClose} title={existing ? `Edit ${existing.name}` : 'New event'} size="lg">
      <form
        noValidate
        onSubmit={form.onSubmit((v) => {
          remove.reset();
          void save.run(v);
        })}
      >
        <Stack>
          <CommandError command={failed} title="Not saved" />
          <TextInput label="Event name" placeholder="Bronze Latin (C/R/S)" {...form.getInputProps('name')} />
          <Group grow>
            <Select
              label="Style"
              data={[...STYLES]}
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
            <Select label="Level" data={[...LEVELS]} allowDeselect={false} {...form.getInputProps('level')} />
          </Group>
          <Checkbox.Group
            label="Dances"
            description="In the style's standard order. Awards and Break make a schedule item without couples."
            {...form.getInputProps('dances')}
          >
            <Group mt={6} gap="md">
              {choices.map((d) => (
                <Checkbox key={d} value={d} label={d} />
              ))}
            </Group>
          </Checkbox.Group>
          {danced && (
            <>
              <Select
                label="Round names"
                description={
                  existing?.rounds.length
                    ? "Changing it renames this event's rounds now (names you typed stay)."
                    : 'How the rounds before the quarter-final are named.'
                }
                data={NAMING_CHOICES}
                allowDeselect={false}
                {...form.getInputProps('roundNaming')}
              />
              <Select
                label="Scoring system"
                description="Under AJS each judge scores their components (the panel splits into two groups: TQ + PS, MM + CP)."
                data={SCORING_CHOICES}
                allowDeselect={false}
                {...form.getInputProps('scoringSystem')}
              />
              <NumberInput
                label={`Own fee per dancer${competition ? ` (${competition.currency})` : ''}`}
                description="Whatever the couple's tier: a team match, a solo. Empty: the tier's fee (early, open or late), per dancer per event. Entries already billed keep their price."
                placeholder="Tier fee"
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
                label="Rounds scored under AJS"
                description="Counted back from the final: 1 = the final only, 2 = the semi-final and the final. Earlier rounds are recalls with crosses; an AJS round before the final recalls the highest totals."
                min={1}
                max={10}
                {...form.getInputProps('ajsRounds')}
              />
              <Select
                label="Tolerance"
                description="A score further than this from the median of its component is not used. WDSF names the value by the competition's grade."
                data={TOLERANCE_CHOICES}
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
                  label="Another value"
                  description={`The tolerance: ${AJS_TOLERANCE_MIN} to ${AJS_TOLERANCE_MAX} in steps of ${AJS_TOLERANCE_STEP}`}
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
            <Alert color="orange" role="alert" title="This event has marks">
              <Stack gap="xs">
                <Text size="sm">{confirmDelete}</Text>
                <Group>
                  <Button color="red" loading={busy} onClick={() => void remove.run(true)}>
                    Delete anyway (archive marks and results)
                  </Button>
                  <Button variant="default" onClick={() => setConfirmDelete(null)}>
                    Keep the event
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
                Delete event
              </Button>
            ) : (
              <span />
            )}
            <Group>
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={busy}>
                {existing ? 'Save event' : 'Create event'}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
