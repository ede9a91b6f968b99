import {
  Alert,
  Anchor,
  Avatar,
  Button,
  Checkbox,
  Code,
  Group,
  Modal,
  Paper,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { api, ApiError } from '../../../api/client.ts';
import { competitionQueryKey } from '../../../api/queries/keys.ts';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { officialRoles } from '../../../../domain/schemas/competition.ts';
import { officialCreate } from '../../../../domain/schemas/officials.ts';
import { ApiErrorAlert, describeError } from '../../../components/ApiErrorAlert.tsx';
import { detailIssues, issuesToFieldErrors, schemaErrors } from '../../../shared/formErrors.ts';
import {
  competitionPath,
  eventPath,
  isStale,
  STALE_MESSAGE,
  useOfficials,
  usePanels,
  type AdminOfficial,
  type Panel,
} from '../events/setupApi.ts';

interface OfficialValues {
  name: string;
  role: string;
  bio: string;
  photoURL: string;
}

const blank: OfficialValues = { name: '', role: 'Judge', bio: '', photoURL: '' };

/** Admin → officials: judges and staff, their access codes, and each event's judge panel. */
export function OfficialsPage() {
  usePageTitle('Officials');
  const { data: officials, isError, error, key } = useOfficials();
  const [editing, setEditing] = useState<AdminOfficial | 'new' | null>(null);
  const [code, setCode] = useState<{ name: string; role: string; accessCode: string } | null>(null);
  const queryClient = useQueryClient();

  const regenerate = async (o: AdminOfficial) => {
    if (!key) return;
    if (!window.confirm(`Give ${o.name} a new access code? The old code stops working at once.`)) return;
    try {
      const res = await api.post<AdminOfficial & { accessCode: string }>(
        `${competitionPath(key)}/officials/${o.id}/code`,
        {},
      );
      setCode({ name: res.name, role: res.role, accessCode: res.accessCode });
      await queryClient.invalidateQueries({ queryKey: competitionQueryKey(key, 'competition') });
    } catch (e) {
      notifications.show({ color: 'red', title: 'No new code', message: describeError(e) });
    }
  };

  /** Refused by the server (409, said in a red notification) once the official has marks. */
  const remove = async (o: AdminOfficial) => {
    if (!key) return;
    const what =
      `Delete ${o.name} (${o.role}${o.letter ? ` ${o.letter}` : ''})? ` +
      (o.role === 'Judge' ? 'They leave every judge panel and ' : 'They ') +
      'are signed out at once. An official who has already marked cannot be deleted.';
    if (!window.confirm(what)) return;
    try {
      const res = await api.del<{ message: string }>(`${competitionPath(key)}/officials/${o.id}`);
      notifications.show({ color: 'green', title: 'Official deleted', message: res.message });
    } catch (e) {
      notifications.show({ color: 'red', title: `${o.name} was not deleted`, message: describeError(e) });
    } finally {
      await queryClient.invalidateQueries({ queryKey: competitionQueryKey(key, 'competition') });
      await queryClient.invalidateQueries({ queryKey: competitionQueryKey(key, 'events') });
    }
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <Title order={1} size="h2">
            Officials
          </Title>
          <Text size="sm" c="dimmed">
            Judges, deck captain, scrutineer, chairman and MC. Each signs in with a 7-character access code,
            shown once. Organizers are edited in{' '}
            <Anchor component={Link} to="/admin/setup">
              setup
            </Anchor>{' '}
            and listed on the About page.
          </Text>
        </Stack>
        <Button onClick={() => setEditing('new')}>Add official</Button>
      </Group>
      {isError && <ApiErrorAlert error={error} title="The officials could not load" />}
      {!officials && !isError && <Skeleton h={240} aria-label="Loading the officials" />}
      {officials && officials.length === 0 && (
        <Alert color="blue" title="No officials yet">
          Add the judges first: they get the letters A, B, C… used on the sheets.
        </Alert>
      )}
      {officials && officials.length > 0 && (
        <Paper withBorder radius="md">
          <Table striped stickyHeader verticalSpacing={6} aria-label="Officials">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Letter</Table.Th>
                <Table.Th>Name</Table.Th>
                <Table.Th>Role</Table.Th>
                <Table.Th>Bio</Table.Th>
                <Table.Th aria-label="Actions" />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {officials.map((o) => (
                <Table.Tr key={o.id} data-testid={`official-${o.id}`}>
                  <Table.Td fw={700}>{o.letter || '—'}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Avatar src={o.photoURL || null} size="sm" alt="" radius="xl">
                        {o.name.slice(0, 1)}
                      </Avatar>
                      <Text size="sm" fw={600}>
                        {o.name}
                      </Text>
                    </Group>
                  </Table.Td>
                  <Table.Td>{o.role}</Table.Td>
                  <Table.Td>
                    <Text size="sm" lineClamp={1} maw={360}>
                      {o.bio}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <Button size="compact-sm" variant="subtle" onClick={() => setEditing(o)}>
                        Edit
                      </Button>
                      <Button size="compact-sm" variant="light" onClick={() => void regenerate(o)}>
                        New code
                      </Button>
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        color="red"
                        aria-label={`Delete ${o.name}`}
                        onClick={() => void remove(o)}
                      >
                        Delete
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
      {key && officials && <Panels competitionKey={key} officials={officials} />}
      {key && editing && (
        <OfficialForm
          competitionKey={key}
          official={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onCreated={(c) => setCode(c)}
        />
      )}
      <Modal opened={!!code} onClose={() => setCode(null)} title="Access code — shown once">
        {code && (
          <Stack>
            <Text>
              {code.name} ({code.role}) signs in with:
            </Text>
            <Code block fz={32} ta="center" data-testid="access-code">
              {code.accessCode}
            </Code>
            <Text size="sm" c="dimmed">
              Write it down or print it now: it is not shown again. If it is lost, give a new code.
            </Text>
            <Button onClick={() => setCode(null)}>I have noted it</Button>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}

function OfficialForm({
  competitionKey,
  official,
  onClose,
  onCreated,
}: {
  competitionKey: string;
  official: AdminOfficial | null;
  onClose: () => void;
  onCreated: (c: { name: string; role: string; accessCode: string }) => void;
}) {
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [version, setVersion] = useState(official?.version);
  const form = useForm<OfficialValues>({
    initialValues: official
      ? { name: official.name, role: official.role, bio: official.bio, photoURL: official.photoURL }
      : blank,
    validate: (v) => schemaErrors(officialCreate, v),
  });
  const submit = async (v: OfficialValues) => {
    setBusy(true);
    setProblem(null);
    try {
      if (official) {
        await api.patch(`${competitionPath(competitionKey)}/officials/${official.id}`, { ...v, version });
        notifications.show({ color: 'green', title: 'Saved', message: `${v.name}'s details are updated.` });
      } else {
        const res = await api.post<{ name: string; role: string; accessCode: string }>(
          `${competitionPath(competitionKey)}/officials`,
          v,
        );
        notifications.show({ color: 'green', title: 'Official added', message: `${v.name} is added.` });
        onCreated(res);
      }
      await queryClient.invalidateQueries({ queryKey: competitionQueryKey(competitionKey, 'competition') });
      await queryClient.invalidateQueries({ queryKey: competitionQueryKey(competitionKey, 'events') });
      onClose();
    } catch (e) {
      if (isStale(e)) {
        const current = (e.details as { current?: AdminOfficial } | undefined)?.current;
        if (current) {
          form.setValues({
            name: current.name,
            role: current.role,
            bio: current.bio,
            photoURL: current.photoURL,
          });
          setVersion(current.version);
        }
        setProblem(STALE_MESSAGE);
      } else {
        if (e instanceof ApiError && e.status === 400)
          form.setErrors(issuesToFieldErrors(detailIssues(e.details)));
        setProblem(describeError(e));
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title={official ? `Edit ${official.name}` : 'Add an official'}>
      <form noValidate onSubmit={form.onSubmit((v) => void submit(v))}>
        <Stack>
          {problem && (
            <Alert color="orange" role="alert" title="Not saved">
              {problem}
            </Alert>
          )}
          <TextInput label="Name" {...form.getInputProps('name')} />
          <Select
            label="Role"
            data={[...officialRoles]}
            allowDeselect={false}
            {...form.getInputProps('role')}
          />
          <Textarea label="Bio" autosize minRows={2} {...form.getInputProps('bio')} />
          <TextInput label="Photo URL" placeholder="https://…" {...form.getInputProps('photoURL')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              {official ? 'Save' : 'Add and show the code'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function Panels({ competitionKey, officials }: { competitionKey: string; officials: AdminOfficial[] }) {
  const { data: panels, isError, error } = usePanels();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const judges = officials.filter((o) => o.role === 'Judge').sort((a, b) => a.letter.localeCompare(b.letter));

  const toggle = async (p: Panel, judgeId: number) => {
    const next = p.officialIds.includes(judgeId)
      ? p.officialIds.filter((id) => id !== judgeId)
      : [...p.officialIds, judgeId];
    if (next.length === 0) {
      setProblem(`${p.eventName} needs at least one judge.`);
      return;
    }
    setProblem(null);
    try {
      await api.put(`${eventPath(competitionKey, p.eventKey)}/panel`, {
        officialIds: next,
        version: p.version,
      });
      const letters = judges.filter((j) => next.includes(j.id)).map((j) => j.letter);
      notifications.show({
        color: 'green',
        title: 'Panel saved',
        message: `${p.eventName}: ${letters.join(' ')}`,
      });
    } catch (e) {
      setProblem(isStale(e) ? STALE_MESSAGE : describeError(e));
    } finally {
      await queryClient.invalidateQueries({ queryKey: competitionQueryKey(competitionKey, 'events') });
    }
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby="panels-title">
      <Title order={2} size="h3" id="panels-title">
        Judge panels
      </Title>
      <Text size="sm" c="dimmed">
        Every event is judged by all judges unless you untick some here.
      </Text>
      {isError && <ApiErrorAlert error={error} title="The panels could not load" />}
      {problem && (
        <Alert color="orange" role="alert" withCloseButton onClose={() => setProblem(null)}>
          {problem}
        </Alert>
      )}
      {judges.length === 0 && <Text size="sm">Add judges first.</Text>}
      {panels && judges.length > 0 && panels.length === 0 && (
        <Text size="sm">
          No events yet — create them on the Events screen, then choose each event&apos;s judges here.
        </Text>
      )}
      {panels && judges.length > 0 && panels.length > 0 && (
        <Paper withBorder radius="md">
          <Table stickyHeader striped verticalSpacing={4} aria-label="Judge panels">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Event</Table.Th>
                {judges.map((j) => (
                  <Table.Th key={j.id} ta="center" title={j.name}>
                    {j.letter}
                  </Table.Th>
                ))}
                <Table.Th>Panel</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {panels.map((p) => (
                <Table.Tr key={p.eventKey}>
                  <Table.Td>{p.eventName}</Table.Td>
                  {judges.map((j) => (
                    <Table.Td key={j.id} ta="center">
                      <Checkbox
                        style={{ display: 'inline-block' }}
                        aria-label={`${j.name} (${j.letter}) judges ${p.eventName}`}
                        checked={p.officialIds.includes(j.id)}
                        onChange={() => void toggle(p, j.id)}
                      />
                    </Table.Td>
                  ))}
                  <Table.Td>
                    <Text size="sm" c={p.isDefault ? 'dimmed' : undefined}>
                      {p.isDefault ? 'All judges' : p.letters.join(' ')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
    </Stack>
  );
}
