import {
  ActionIcon,
  Alert,
  Button,
  ColorInput,
  Group,
  List,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Tabs,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { pageNames, type Competition, type PageName } from '../../../domain/schemas/competition.ts';
import { ApiError, api } from '../../api/client.ts';
import { competitionQueryKey } from '../../api/queries/keys.ts';
import { useCompetition } from '../../api/queries/competition.ts';
import { ApiErrorAlert, describeError } from '../../components/ApiErrorAlert.tsx';
import { MarkdownPreview } from './MarkdownPreview.tsx';
import { detailIssues, issuesToFieldErrors } from '../../shared/formErrors.ts';
import {
  changedFields,
  effectiveTimeZone,
  emptyOrganizer,
  validateSetup,
  valuesFromCompetition,
  type SetupValues,
} from './setupForm.ts';
import { usePageTitle } from '../../components/usePageTitle.ts';

export const STALE_MESSAGE =
  'Someone else changed the competition while you were editing — here is the current version. Make your changes again and save.';

const pageLabels: Record<PageName, string> = {
  details: 'Details',
  rules: 'Rules',
  venue: 'Venue',
  contact: 'Contact',
  about: 'About',
};

const colourSwatches = [
  '#1c7ed6',
  '#7048e8',
  '#c2255c',
  '#e8590c',
  '#2b8a3e',
  '#0c8599',
  '#862e9c',
  '#212529',
];

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

export function SetupPage() {
  usePageTitle('Setup');
  const { competition, key, isError, error } = useCompetition();
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Setup
      </Title>
      {isError ? (
        <ApiErrorAlert error={error} title="The competition could not load" />
      ) : competition && key ? (
        <SetupForm competition={competition} competitionKey={key} />
      ) : (
        <Stack aria-busy="true" aria-label="Loading the competition">
          <Skeleton h={280} radius="md" />
          <Skeleton h={200} radius="md" />
        </Stack>
      )}
    </Stack>
  );
}

function SetupForm({ competition, competitionKey }: { competition: Competition; competitionKey: string }) {
  const queryClient = useQueryClient();
  const queryKey = competitionQueryKey(competitionKey, 'competition');
  // The version the form was filled from: sent with every save, compared with what the live feed brings.
  const [loaded, setLoaded] = useState(competition);
  const loadedRef = useRef(competition);
  const [notice, setNotice] = useState<'stale' | 'newer' | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [pageView, setPageView] = useState<'write' | 'preview'>('write');

  const form = useForm<SetupValues>({
    initialValues: valuesFromCompetition(competition),
    validate: (values) => validateSetup(values, loadedRef.current.timeZone),
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

  const dirty = form.isDirty();
  // Someone else saved (the query refreshed from the live feed): show it at once unless that would
  // throw away unsaved typing; then say so and let the organizer choose.
  useEffect(() => {
    if (competition.version <= loadedRef.current.version) return;
    if (!dirty) {
      load(competition);
      setNotice(null);
    } else {
      setNotice((n) => (n === 'stale' ? n : 'newer'));
    }
  }, [competition, dirty, load]);

  const save = useMutation({
    mutationFn: (patch: Record<string, unknown>) =>
      api.patch<Competition>(`/competitions/${encodeURIComponent(competitionKey)}`, {
        ...patch,
        version: loadedRef.current.version,
      }),
    onSuccess: (updated) => {
      queryClient.setQueryData(queryKey, updated);
      load(updated);
      setNotice(null);
      notifications.show({ color: 'green', title: 'Saved', message: 'The competition details are updated.' });
    },
    onError: async (error) => {
      if (error instanceof ApiError && error.status === 409) {
        const details = error.details as { current?: unknown } | undefined;
        const current = isCompetition(details?.current)
          ? details.current
          : await api
              .get<Competition>(`/competitions/${encodeURIComponent(competitionKey)}`)
              .catch(() => null);
        if (current) {
          queryClient.setQueryData(queryKey, current);
          load(current);
        }
        setNotice('stale');
        return;
      }
      if (error instanceof ApiError && error.status === 400) {
        const issues = detailIssues(error.details);
        form.setErrors(issuesToFieldErrors(issues));
        setProblems(issues.length > 0 ? issues.map((i) => i.message) : [error.message]);
        return;
      }
      setProblems([describeError(error)]);
    },
  });

  const exportJson = useMutation({
    mutationFn: () => api.get<unknown>(`/competitions/${encodeURIComponent(competitionKey)}/export`),
    onSuccess: (doc) => {
      const blob = new Blob([JSON.stringify(doc, null, 2)], { type: 'application/json' });
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = `${competitionKey}-${new Date().toISOString().slice(0, 10)}.json`;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1_000);
      notifications.show({ title: 'Exported', message: `Downloaded ${link.download}.` });
    },
    onError: (error) =>
      notifications.show({ color: 'red', title: 'Export failed', message: describeError(error) }),
  });

  const zones = useMemo(() => timeZoneChoices(loaded.timeZone), [loaded.timeZone]);
  const zone = effectiveTimeZone(form.values, loaded.timeZone);
  const currency = form.values.currency || loaded.currency;

  const submit = form.onSubmit(
    (values) => {
      setProblems([]);
      const patch = changedFields(values, loadedRef.current);
      if (Object.keys(patch).length === 0) {
        notifications.show({ title: 'Nothing to save', message: 'No field has changed.' });
        return;
      }
      save.mutate(patch);
    },
    (errors) => setProblems(Object.values(errors).map(String)),
  );

  const pageErrors = (p: PageName) => Boolean(form.errors[`pages.${p}`]);

  return (
    <form onSubmit={submit} noValidate aria-label="Competition setup">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start">
          <Text c="dimmed" size="sm" maw={560}>
            Everything the public site shows about the competition. Changes appear on open public pages as
            soon as you save.
          </Text>
          <Button variant="default" onClick={() => exportJson.mutate()} loading={exportJson.isPending}>
            Export as JSON
          </Button>
        </Group>

        {notice === 'stale' && (
          <Alert
            color="orange"
            title="Not saved"
            role="alert"
            withCloseButton
            onClose={() => setNotice(null)}
          >
            {STALE_MESSAGE}
          </Alert>
        )}
        {notice === 'newer' && (
          <Alert color="yellow" title="Someone else saved changes" role="status">
            <Stack gap="xs">
              <Text size="sm">
                Another admin saved the competition while you were editing. Saving your changes now will be
                refused; load their version to continue from it (your unsaved changes are discarded).
              </Text>
              <Group>
                <Button
                  size="xs"
                  variant="light"
                  onClick={() => {
                    load(competition);
                    setNotice(null);
                  }}
                >
                  Load their version
                </Button>
              </Group>
            </Stack>
          </Alert>
        )}
        {problems.length > 0 && (
          <Alert color="red" title="Not saved — check these fields" role="alert">
            <List size="sm">
              {problems.map((p, i) => (
                <List.Item key={i}>{p}</List.Item>
              ))}
            </List>
          </Alert>
        )}

        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="setup-competition">
          <Title order={2} size="h4" id="setup-competition" mb="sm">
            Competition
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label="Full name" required {...form.getInputProps('fullName')} />
            <ColorInput
              label="Primary colour"
              description="Accent of the public site: top bar, buttons, links"
              format="hex"
              swatches={colourSwatches}
              {...form.getInputProps('primaryColor')}
            />
            <Select
              label="Time zone"
              description="Where the competition takes place; dates and times are shown in it"
              searchable
              limit={50}
              data={zones}
              nothingFoundMessage="No such time zone"
              allowDeselect={false}
              {...form.getInputProps('timeZone')}
            />
            <Switch
              label="Show the results page"
              description="The top bar then offers See Results instead of Register"
              mt={{ sm: 'lg' }}
              {...form.getInputProps('resultsPageShown', { type: 'checkbox' })}
            />
            <Switch
              label="Chairman approves results"
              description="Each computed result needs the chairman's approval before it is posted"
              {...form.getInputProps('requireApproval', { type: 'checkbox' })}
            />
            <TextInput label="Start date" type="date" {...form.getInputProps('startDate')} />
            <TextInput label="End date" type="date" {...form.getInputProps('endDate')} />
          </SimpleGrid>
        </Paper>

        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="setup-registration">
          <Title order={2} size="h4" id="setup-registration">
            Registration and fees
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            Times are in the competition&apos;s time zone ({zone}). Leave a date empty if that tier is not
            used.
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <TextInput
              label="Early registration opens"
              type="datetime-local"
              {...form.getInputProps('dateRegistrationEarly')}
            />
            <TextInput
              label="Open registration starts"
              type="datetime-local"
              {...form.getInputProps('dateRegistrationOpen')}
            />
            <TextInput
              label="Registration closes"
              type="datetime-local"
              {...form.getInputProps('dateRegistrationClosed')}
            />
            <NumberInput
              label={`Early fee (${currency})`}
              min={0}
              decimalScale={2}
              {...form.getInputProps('paymentTierEarly')}
            />
            <NumberInput
              label={`Open fee (${currency})`}
              min={0}
              decimalScale={2}
              {...form.getInputProps('paymentTierOpen')}
            />
            <NumberInput
              label={`Late fee (${currency})`}
              min={0}
              decimalScale={2}
              {...form.getInputProps('paymentTierLate')}
            />
            <TextInput
              label="Currency"
              description="3-letter code, e.g. USD"
              maxLength={3}
              {...form.getInputProps('currency')}
              onChange={(e) => form.setFieldValue('currency', e.currentTarget.value.toUpperCase())}
            />
          </SimpleGrid>
        </Paper>

        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="setup-socials">
          <Title order={2} size="h4" id="setup-socials" mb="sm">
            Socials
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <TextInput
              label="Website"
              type="url"
              placeholder="https://"
              {...form.getInputProps('socials.website')}
            />
            <TextInput
              label="Facebook link"
              type="url"
              placeholder="https://facebook.com/…"
              {...form.getInputProps('socials.facebook')}
            />
            <TextInput
              label="Instagram handle"
              placeholder="@your_team"
              {...form.getInputProps('socials.instagram')}
            />
          </SimpleGrid>
        </Paper>

        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="setup-pages">
          <Group justify="space-between" mb="sm">
            <Title order={2} size="h4" id="setup-pages">
              Pages
            </Title>
            <SegmentedControl
              size="xs"
              aria-label="Pages view"
              value={pageView}
              onChange={(v) => setPageView(v === 'preview' ? 'preview' : 'write')}
              data={[
                { value: 'write', label: 'Write' },
                { value: 'preview', label: 'Preview' },
              ]}
            />
          </Group>
          <Tabs
            defaultValue="details"
            // Five tabs in one row on a phone: tighter tabs, and a sideways scroll rather than a second row.
            styles={{
              list: { flexWrap: 'nowrap', overflowX: 'auto' },
              tab: { paddingInline: 'var(--mantine-spacing-xs)' },
            }}
          >
            <Tabs.List>
              {pageNames.map((p) => (
                <Tabs.Tab key={p} value={p} c={pageErrors(p) ? 'red' : undefined}>
                  {pageLabels[p]}
                  {pageErrors(p) ? ' (!)' : ''}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {pageNames.map((p) => (
              <Tabs.Panel key={p} value={p} pt="sm">
                {pageView === 'write' ? (
                  <Textarea
                    label={`${pageLabels[p]} page (Markdown)`}
                    description="Headings with #, lists with -, links as [text](https://…)"
                    autosize
                    minRows={8}
                    maxRows={24}
                    styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                    {...form.getInputProps(`pages.${p}`)}
                  />
                ) : (
                  <Paper withBorder p="md" radius="sm" mih={160} aria-label={`${pageLabels[p]} page preview`}>
                    <MarkdownPreview markdown={form.values.pages[p]} />
                  </Paper>
                )}
              </Tabs.Panel>
            ))}
          </Tabs>
        </Paper>

        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="setup-organizers">
          <Group justify="space-between" mb="sm">
            <Title order={2} size="h4" id="setup-organizers">
              Organizers
            </Title>
            <Button
              variant="light"
              size="xs"
              onClick={() => form.insertListItem('organizers', emptyOrganizer())}
            >
              Add organizer
            </Button>
          </Group>
          {form.values.organizers.length === 0 ? (
            <Text c="dimmed" size="sm">
              No organizers listed yet — add the people who run the competition so competitors know whom to
              ask.
            </Text>
          ) : (
            <Stack gap="sm">
              {form.values.organizers.map((o, i) => (
                <Paper key={o.rowKey} withBorder p="sm" radius="sm" bg="var(--mantine-color-gray-0)">
                  <Group justify="space-between" mb="xs">
                    <Text fw={600} size="sm">
                      {o.name.trim() || `Organizer ${i + 1}`}
                    </Text>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      onClick={() => form.removeListItem('organizers', i)}
                      aria-label={`Remove organizer ${o.name.trim() || i + 1}`}
                      title="Remove (takes effect when you save)"
                    >
                      <span aria-hidden="true">✕</span>
                    </ActionIcon>
                  </Group>
                  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                    <TextInput label="Name" required {...form.getInputProps(`organizers.${i}.name`)} />
                    <TextInput
                      label="Role"
                      placeholder="e.g. Chair"
                      {...form.getInputProps(`organizers.${i}.role`)}
                    />
                    <TextInput label="Email" type="email" {...form.getInputProps(`organizers.${i}.email`)} />
                    <TextInput
                      label="Photo URL"
                      type="url"
                      placeholder="https://"
                      {...form.getInputProps(`organizers.${i}.photoURL`)}
                    />
                  </SimpleGrid>
                  <Textarea
                    label="Bio"
                    autosize
                    minRows={2}
                    maxRows={6}
                    mt="sm"
                    {...form.getInputProps(`organizers.${i}.bio`)}
                  />
                </Paper>
              ))}
            </Stack>
          )}
        </Paper>

        {/* Sticks to the bottom of the screen only while there is something to save. */}
        <Paper
          withBorder
          p="sm"
          radius="md"
          pos={dirty ? 'sticky' : 'static'}
          bottom={8}
          style={{ zIndex: 2 }}
          shadow={dirty ? 'md' : undefined}
        >
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Text size="sm" c={dirty ? undefined : 'dimmed'} aria-live="polite">
              {dirty ? 'Unsaved changes' : 'No unsaved changes'}
            </Text>
            <Group gap="xs" wrap="nowrap">
              <Button
                variant="default"
                disabled={!dirty || save.isPending}
                onClick={() => load(loadedRef.current)}
              >
                Discard
              </Button>
              <Button type="submit" loading={save.isPending} disabled={save.isPending}>
                Save
              </Button>
            </Group>
          </Group>
        </Paper>
      </Stack>
    </form>
  );
}
