import * as endpoints from '../../../domain/schemas/endpoints.ts';
import {
  Alert,
  Button,
  Group,
  Paper,
  Radio,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { WholeNumberInput } from '../../components/WholeNumberInput.tsx';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import {
  eventSettings,
  type EventSettings,
  type EventSettingsResponse,
} from '../../../domain/schemas/competition.ts';
import { call, ApiError } from '../../api/client.ts';
import {
  competitionQuery,
  eventSettingsQuery,
  useCompetition,
  useEventSettings,
} from '../../api/queries/competition.ts';
import { useCommand } from '../../api/useCommand.ts';
import { AdminAccounts } from './AdminAccounts.tsx';
import { AuditRecord } from './AuditRecord.tsx';
import { AdminSection, PageHeader } from './PageHeader.tsx';
import { ApiErrorAlert, CommandError } from '../../components/ApiErrorAlert.tsx';
import { detailIssues, issuesToFieldErrors, schemaErrors } from '../../shared/formErrors.ts';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { utcToZonedInput, zonedInputToUtc } from '../../../domain/time.ts';

type Flag = Exclude<
  keyof EventSettings,
  | 'liveScrollRefreshIndex'
  | 'scheduleFirstStartTime'
  | 'schedulePerDanceSeconds'
  | 'scheduleTransitionSeconds'
  | 'clock'
>;

/** The switches of spec §3, each with what it does in one line. */
export const settingFlags: readonly { name: Flag; label: string; explanation: string }[] = [
  {
    name: 'showScheduleIndex',
    label: 'Show schedule index',
    explanation: "Show each round's position in the running order on the schedule screens.",
  },
  {
    name: 'hideLiveSchedule',
    label: 'Hide live schedule',
    explanation: 'Keep the running order off the public live page (results still show).',
  },
  {
    name: 'hideLevelIcons',
    label: 'Hide level icons',
    explanation: 'Show event names without the small level badges.',
  },
  {
    name: 'highlightOtherRoundsInEvent',
    label: 'Highlight other rounds in the event',
    explanation: 'On the schedule, mark the other rounds of the event you are looking at.',
  },
  {
    name: 'hideClearRoundsButton',
    label: 'Hide "Clear rounds" button',
    explanation: 'Remove the button that clears all rounds of an event, so nobody presses it by accident.',
  },
  {
    name: 'hideGenerateRoundsButton',
    label: 'Hide "Generate rounds" button',
    explanation:
      'Remove the button that (re)creates rounds from the entry count, once the schedule is final.',
  },
  {
    name: 'reorderAfterAddRemoveRound',
    label: 'Renumber schedule after adding or removing a round',
    explanation: 'Refresh every schedule index when a round is added or removed, instead of leaving gaps.',
  },
];

const settingsFields = [
  ...settingFlags.map((f) => f.name),
  'liveScrollRefreshIndex',
  'scheduleFirstStartTime',
  'schedulePerDanceSeconds',
  'scheduleTransitionSeconds',
  'clock',
] as const;

function pickSettings(s: EventSettingsResponse): EventSettings {
  return Object.fromEntries(settingsFields.map((f) => [f, s[f]])) as EventSettings;
}

function isSettings(value: unknown): value is EventSettingsResponse {
  return typeof value === 'object' && value !== null && 'version' in value && 'hideLiveSchedule' in value;
}

export function SettingsPage() {
  usePageTitle('Settings');
  const { settings, key, isError, error } = useEventSettings();
  return (
    <Stack gap="xl">
      <PageHeader title="Settings" />
      <AdminSection id="settings-events" title="Event settings">
        {isError ? (
          <ApiErrorAlert error={error} title="The event settings could not load" />
        ) : settings && key ? (
          <EventSettingsForm settings={settings} competitionKey={key} />
        ) : (
          <Skeleton h={420} radius="md" aria-label="Loading the event settings" />
        )}
      </AdminSection>
      {key && <AdminAccounts competitionKey={key} />}
      {key && <AuditRecord competitionKey={key} />}
    </Stack>
  );
}

function EventSettingsForm({
  settings,
  competitionKey,
}: {
  settings: EventSettingsResponse;
  competitionKey: string;
}) {
  const queryClient = useQueryClient();
  const { queryKey } = eventSettingsQuery(competitionKey);
  const timeZone = useCompetition().competition?.timeZone ?? 'UTC';
  const loadedRef = useRef(settings);

  const form = useForm<EventSettings>({
    initialValues: pickSettings(settings),
    validate: (values) =>
      // A cleared number box holds '': say so in words rather than with the schema's type message.
      typeof values.liveScrollRefreshIndex === 'number'
        ? schemaErrors(eventSettings, values)
        : { liveScrollRefreshIndex: 'Enter a whole number, 0 or more' },
  });

  const load = useCallback(
    (s: EventSettingsResponse) => {
      loadedRef.current = s;
      const values = pickSettings(s);
      form.setInitialValues(values);
      form.setValues(values);
      form.resetDirty(values);
      form.clearErrors();
    },
    [form],
  );

  const dirty = form.isDirty();
  // Another admin saved: follow along unless this form holds unsaved changes.
  useEffect(() => {
    if (settings.version > loadedRef.current.version && !dirty) load(settings);
  }, [settings, dirty, load]);
  const newerElsewhere = settings.version > loadedRef.current.version && dirty;

  const save = useCommand({
    run: (values: EventSettings) =>
      call(
        endpoints.putSettingsEvents,
        { key: competitionKey },
        {
          ...values,
          version: loadedRef.current.version,
        },
      ),
    success: () => ({ title: 'Saved', message: 'Event settings are updated.' }),
    // The clock is read with the competition by every screen of this tab.
    refresh: [competitionQuery(competitionKey).queryKey],
    onSuccess: (updated) => {
      queryClient.setQueryData(queryKey, updated);
      load(updated);
    },
    staleMessage:
      'Someone else changed the event settings while you were editing — here is the current version. Make your changes again and save.',
    onStale: (error) => {
      const current = (error.details as { current?: unknown } | undefined)?.current;
      const adopt = (fresh: EventSettingsResponse | null) => {
        if (!fresh) return;
        queryClient.setQueryData(queryKey, fresh);
        load(fresh);
      };
      if (isSettings(current)) adopt(current);
      else void call(endpoints.getSettingsEvents, { key: competitionKey }).then(adopt, () => undefined);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 400)
        form.setErrors(issuesToFieldErrors(detailIssues(error.details)));
    },
  });

  return (
    <form noValidate aria-label="Event settings" onSubmit={form.onSubmit((values) => void save.run(values))}>
      <Paper withBorder p="md" radius="md">
        <Stack gap="md">
          <CommandError command={save} title="Not saved" />
          {newerElsewhere && (
            <Alert color="yellow" role="status">
              Another admin just saved these settings. Saving now will be refused;{' '}
              <Button variant="subtle" size="compact-sm" onClick={() => load(settings)}>
                load their version
              </Button>
            </Alert>
          )}
          {settingFlags.map((f) => (
            <Switch
              key={f.name}
              label={f.label}
              // Mantine puts the description inside the label; name and description are kept apart for
              // screen readers so the switch is announced by its short name.
              aria-label={f.label}
              aria-describedby={`setting-${f.name}-help`}
              description={<span id={`setting-${f.name}-help`}>{f.explanation}</span>}
              {...form.getInputProps(f.name, { type: 'checkbox' })}
            />
          ))}
          <WholeNumberInput
            label="Live page scroll position"
            description="Schedule index the live page scrolls back to when it refreshes; 0 starts at the top."
            min={0}
            max={100_000}
            maw={440}
            {...form.getInputProps('liveScrollRefreshIndex')}
          />
          <Radio.Group
            label="Clock"
            description="How every screen writes times: schedule, live page, MC, print-outs."
            {...form.getInputProps('clock')}
          >
            <Group gap="lg" mt={6}>
              <Radio value="12h" label="12-hour (3:45 PM)" />
              <Radio value="24h" label="24-hour (15:45)" />
            </Group>
          </Radio.Group>
          <Title order={3} size="h5" mt="sm">
            Schedule timing
          </Title>
          <Group align="flex-start">
            <TextInput
              type="datetime-local"
              label="First start time"
              description={`When the first round starts (${timeZone}); empty: every time is TBA.`}
              w={300}
              value={utcToZonedInput(form.values.scheduleFirstStartTime ?? null, timeZone)}
              error={form.errors.scheduleFirstStartTime}
              onChange={(e) => {
                const iso = zonedInputToUtc(e.currentTarget.value, timeZone);
                if (iso !== undefined) form.setFieldValue('scheduleFirstStartTime', iso);
              }}
            />
            <WholeNumberInput
              label="Seconds per dance"
              description="One dance of one heat, walk-on included."
              min={10}
              max={3_600}
              w={200}
              {...form.getInputProps('schedulePerDanceSeconds')}
            />
            <WholeNumberInput
              label="Seconds between rounds"
              description="Transition time."
              min={0}
              max={3_600}
              w={200}
              {...form.getInputProps('scheduleTransitionSeconds')}
            />
          </Group>
          <Group justify="space-between">
            <Text size="sm" c={dirty ? undefined : 'dimmed'} aria-live="polite">
              {dirty ? 'You have unsaved changes.' : 'No unsaved changes.'}
            </Text>
            <Button type="submit" loading={save.busy} disabled={!dirty || save.busy}>
              Save settings
            </Button>
          </Group>
        </Stack>
      </Paper>
    </form>
  );
}
