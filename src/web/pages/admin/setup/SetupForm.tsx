import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import * as endpoints from '../../../../domain/schemas/endpoints.ts';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Competition } from '../../../../domain/schemas/competition.ts';
import { call, ApiError } from '../../../api/client.ts';
import { competitionQuery } from '../../../api/queries/competition.ts';
import { useCommand } from '../../../api/useCommand.ts';
import { CommandError, errorMessage } from '../../../components/ApiErrorAlert.tsx';
import { detailIssues, detailLines, issuesToFieldErrors } from '../../../shared/formErrors.ts';
import {
  changedFields,
  effectiveTimeZone,
  validateSetup,
  valuesFromCompetition,
  type SetupValues,
} from './setupForm.ts';
import { CompetitionSection } from './CompetitionSection.tsx';
import { FeesSection } from './FeesSection.tsx';
import { OrganizersSection } from './OrganizersSection.tsx';
import { PagesSection } from './PagesSection.tsx';
import { RegistrationSection } from './RegistrationSection.tsx';
import { SaveBar } from './SaveBar.tsx';
import { SocialsSection } from './SocialsSection.tsx';
import { useExportJson } from './useExportJson.ts';
import en from './locales/en.json' with { type: 'json' };
import { setupText } from './text.ts';
import { useT } from '../../../i18n/locale.ts';

/** The English wording (the screen shows it in the reader's language). */
export const STALE_MESSAGE = en['form.stale'];

function timeZoneChoices(current: string): string[] {
  let zones: string[] = [];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    // Older browsers: the organizer can still keep the zone already set.
  }
  if (!zones.includes('UTC')) zones = [...zones, 'UTC'];
  return current && !zones.includes(current) ? [current, ...zones] : zones;
}

function isCompetition(value: unknown): value is Competition {
  return typeof value === 'object' && value !== null && 'version' in value && 'fullName' in value;
}

/** The competition's details, saved as a patch of the changed fields with the version they were loaded from. */
export function SetupForm({
  competition,
  competitionKey,
}: {
  competition: Competition;
  competitionKey: string;
}) {
  const t = useT(setupText);
  const queryClient = useQueryClient();
  const { queryKey } = competitionQuery(competitionKey);
  // The version the form was filled from: sent with every save, compared with what the live feed brings.
  const [loaded, setLoaded] = useState(competition);
  const loadedRef = useRef(competition);
  const [newer, setNewer] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);

  const form = useForm<SetupValues>({
    initialValues: valuesFromCompetition(competition),
    validate: (values) => validateSetup(values, loadedRef.current.timeZone, t),
  });

  const load = useCallback(
    (c: Competition) => {
      loadedRef.current = c;
      setLoaded(c);
      const values = valuesFromCompetition(c);
      form.setInitialValues(values);
      form.setValues(values);
      form.resetDirty(values);
      form.clearErrors();
      setProblems([]);
    },
    [form],
  );

  const save = useCommand({
    run: (patch: Record<string, unknown>) =>
      call(
        endpoints.patchCompetitionsOne,
        { key: competitionKey },
        {
          ...patch,
          version: loadedRef.current.version,
        },
      ),
    success: () => ({ title: t('form.saved'), message: t('form.savedMessage') }),
    onSuccess: (updated) => {
      queryClient.setQueryData(queryKey, updated);
      load(updated);
      setNewer(false);
    },
    staleMessage: t('form.stale'),
    onStale: (error) => {
      setNewer(false);
      const details = error.details as { current?: unknown } | undefined;
      const adopt = (current: Competition | null) => {
        if (!current) return;
        queryClient.setQueryData(queryKey, current);
        load(current);
      };
      if (isCompetition(details?.current)) adopt(details.current);
      else void call(endpoints.getCompetitionsOne, { key: competitionKey }).then(adopt, () => undefined);
    },
    onError: (error) => {
      if (!(error instanceof ApiError && error.status === 400)) return false;
      const issues = detailIssues(error.details);
      form.setErrors(issuesToFieldErrors(issues));
      // Each problem naming its field, in the reader's language where its code allows.
      setProblems(issues.length > 0 ? detailLines(error.details) : [errorMessage(error)]);
      return true;
    },
  });
  const exportJson = useExportJson(competitionKey);

  const dirty = form.isDirty();
  // Someone else saved (the query refreshed from the live feed): show it at once unless that would
  // throw away unsaved typing; then say so and let the organizer choose.
  useEffect(() => {
    if (competition.version <= loadedRef.current.version) return;
    if (!dirty) {
      load(competition);
      setNewer(false);
    } else if (save.message === null) {
      setNewer(true);
    }
  }, [competition, dirty, load, save.message]);

  const zones = useMemo(() => timeZoneChoices(loaded.timeZone), [loaded.timeZone]);
  const zone = effectiveTimeZone(form.values, loaded.timeZone);
  const currency = form.values.currency || loaded.currency;

  const submit = form.onSubmit(
    (values) => {
      setProblems([]);
      const patch = changedFields(values, loadedRef.current);
      if (Object.keys(patch).length === 0) {
        notifications.show({ title: t('form.nothingTitle'), message: t('form.nothingMessage') });
        return;
      }
      void save.run(patch);
    },
    (errors) => setProblems(Object.values(errors).map(String)),
  );

  return (
    <form onSubmit={submit} noValidate aria-label={t('form.label')}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start">
          <Text c="dimmed" size="sm" maw={560}>
            {t('form.lead')}
          </Text>
          <Button variant="default" onClick={() => void exportJson.run()} loading={exportJson.busy}>
            {t('form.export')}
          </Button>
        </Group>
        <CommandError command={exportJson} title={t('form.exportFailed')} />
        <CommandError command={save} title={t('form.notSaved')} />
        {newer && (
          <Alert color="yellow" title={t('form.newerTitle')} role="status">
            <Stack gap="xs">
              <Text size="sm">{t('form.newerBody')}</Text>
              <Group>
                <Button
                  size="xs"
                  variant="light"
                  onClick={() => {
                    load(competition);
                    setNewer(false);
                  }}
                >
                  {t('form.loadTheirs')}
                </Button>
              </Group>
            </Stack>
          </Alert>
        )}
        {problems.length > 0 && (
          <Alert color="red" title={t('form.problems')} role="alert">
            <List size="sm">
              {problems.map((p, i) => (
                <List.Item key={i}>{p}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        <CompetitionSection form={form} zones={zones} />
        <RegistrationSection form={form} zone={zone} currency={currency} />
        <FeesSection form={form} zone={zone} currency={currency} />
        <SocialsSection form={form} />
        <PagesSection form={form} />
        <OrganizersSection form={form} competitionKey={competitionKey} />
        <SaveBar dirty={dirty} busy={save.busy} onDiscard={() => load(loadedRef.current)} />
      </Stack>
    </form>
  );
}
