import * as endpoints from '../../../domain/schemas/endpoints.ts';
import {
  Alert,
  Button,
  Group,
  NativeSelect,
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
import { setupText } from './setup/text.ts';
import { useT } from '../../i18n/locale.ts';
import { LOCALE_NAMES, LOCALES } from '../../../domain/i18n/locales.ts';

type Flag = Exclude<
  keyof EventSettings,
  | 'liveScrollRefreshIndex'
  | 'scheduleFirstStartTime'
  | 'schedulePerDanceSeconds'
  | 'scheduleTransitionSeconds'
  | 'clock'
  | 'language'
>;

/** The switches of spec §3, each with what it does in one line (`settings.flag.<name>` and `….help`). */
export const settingFlags: readonly Flag[] = [
  'showScheduleIndex',
  'hideLiveSchedule',
  'hideLevelIcons',
  'highlightOtherRoundsInEvent',
  'hideClearRoundsButton',
  'hideGenerateRoundsButton',
  'reorderAfterAddRemoveRound',
];

const settingsFields = [
  ...settingFlags,
  'liveScrollRefreshIndex',
  'scheduleFirstStartTime',
  'schedulePerDanceSeconds',
  'scheduleTransitionSeconds',
  'clock',
  'language',
] as const;

function pickSettings(s: EventSettingsResponse): EventSettings {
  return Object.fromEntries(settingsFields.map((f) => [f, s[f]])) as EventSettings;
}

function isSettings(value: unknown): value is EventSettingsResponse {
  return typeof value === 'object' && value !== null && 'version' in value && 'hideLiveSchedule' in value;
}

export function SettingsPage() {
  const t = useT(setupText);
  usePageTitle(t('settings.title'));
  const { settings, key, isError, error } = useEventSettings();
  return (
    <Stack gap="xl">
      <PageHeader title={t('settings.title')} />
      <AdminSection id="settings-events" title={t('settings.events')}>
        {isError ? (
          <ApiErrorAlert error={error} title={t('settings.loadError')} />
        ) : settings && key ? (
          <EventSettingsForm settings={settings} competitionKey={key} />
        ) : (
          <Skeleton h={420} radius="md" aria-label={t('settings.loading')} />
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
  const t = useT(setupText);
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
        : { liveScrollRefreshIndex: t('settings.wholeNumber') },
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
    success: () => ({ title: t('settings.saved'), message: t('settings.savedMessage') }),
    // The clock is read with the competition by every screen of this tab.
    refresh: [competitionQuery(competitionKey).queryKey],
    onSuccess: (updated) => {
      queryClient.setQueryData(queryKey, updated);
      load(updated);
    },
    staleMessage: t('settings.stale'),
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
    <form
      noValidate
      aria-label={t('settings.events')}
      onSubmit={form.onSubmit((values) => void save.run(values))}
    >
      <Paper withBorder p="md" radius="md">
        <Stack gap="md">
          <CommandError command={save} title={t('settings.notSaved')} />
          {newerElsewhere && (
            <Alert color="yellow" role="status">
              {t('settings.newer')}{' '}
              <Button variant="subtle" size="compact-sm" onClick={() => load(settings)}>
                {t('settings.loadTheirs')}
              </Button>
            </Alert>
          )}
          {settingFlags.map((f) => (
            <Switch
              key={f}
              label={t(`settings.flag.${f}`)}
              // Mantine puts the description inside the label; name and description are kept apart for
              // screen readers so the switch is announced by its short name.
              aria-label={t(`settings.flag.${f}`)}
              aria-describedby={`setting-${f}-help`}
              description={<span id={`setting-${f}-help`}>{t(`settings.flag.${f}.help`)}</span>}
              {...form.getInputProps(f, { type: 'checkbox' })}
            />
          ))}
          <WholeNumberInput
            label={t('settings.liveScroll')}
            description={t('settings.liveScrollHelp')}
            min={0}
            max={100_000}
            maw={440}
            {...form.getInputProps('liveScrollRefreshIndex')}
          />
          <Radio.Group
            label={t('settings.clock')}
            description={t('settings.clockHelp')}
            {...form.getInputProps('clock')}
          >
            <Group gap="lg" mt={6}>
              <Radio value="12h" label={t('settings.clock12')} />
              <Radio value="24h" label={t('settings.clock24')} />
            </Group>
          </Radio.Group>
          <NativeSelect
            label={t('settings.language')}
            description={t('settings.languageHelp')}
            maw={440}
            data={LOCALES.map((l) => ({ value: l, label: LOCALE_NAMES[l] }))}
            {...form.getInputProps('language')}
          />
          <Title order={3} size="h5" mt="sm">
            {t('settings.timing')}
          </Title>
          <Group align="flex-start">
            <TextInput
              type="datetime-local"
              label={t('settings.firstStart')}
              description={t('settings.firstStartHelp', { zone: timeZone })}
              w={300}
              value={utcToZonedInput(form.values.scheduleFirstStartTime ?? null, timeZone)}
              error={form.errors.scheduleFirstStartTime}
              onChange={(e) => {
                const iso = zonedInputToUtc(e.currentTarget.value, timeZone);
                if (iso !== undefined) form.setFieldValue('scheduleFirstStartTime', iso);
              }}
            />
            <WholeNumberInput
              label={t('settings.perDance')}
              description={t('settings.perDanceHelp')}
              min={10}
              max={3_600}
              w={200}
              {...form.getInputProps('schedulePerDanceSeconds')}
            />
            <WholeNumberInput
              label={t('settings.between')}
              description={t('settings.betweenHelp')}
              min={0}
              max={3_600}
              w={200}
              {...form.getInputProps('scheduleTransitionSeconds')}
            />
          </Group>
          <Group justify="space-between">
            <Text size="sm" c={dirty ? undefined : 'dimmed'} aria-live="polite">
              {dirty ? t('settings.unsaved') : t('settings.clean')}
            </Text>
            <Button type="submit" loading={save.busy} disabled={!dirty || save.busy}>
              {t('settings.save')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </form>
  );
}
