import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Paper,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { api, ApiError } from '../../../api/client.ts';
import { competitionQueryKey } from '../../../api/queries/keys.ts';
import { useEventSettings } from '../../../api/queries/competition.ts';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { eventsFromGrid } from '../../../../domain/eventGrid.ts';
import { LEVELS, type Level } from '../../../../domain/levels.ts';
import { DANCES_BY_STYLE, sortDances, STYLES, type Style } from '../../../../domain/styles.ts';
import { eventCreate, SCHEDULE_ITEMS } from '../../../../domain/schemas/events.ts';
import { ApiErrorAlert, describeError } from '../../../components/ApiErrorAlert.tsx';
import { detailIssues, issuesToFieldErrors, schemaErrors } from '../../../shared/formErrors.ts';
import { skipDestination, type RoundState } from '../../../../domain/rounds/index.ts';
import { RoundStateBadge } from '../../../components/RoundStateBadge.tsx';
import { roundStateName } from '../../../shared/roundStates.ts';
import {
  eventPath,
  competitionPath,
  isStale,
  STALE_MESSAGE,
  useAdminEvents,
  type AdminEvent,
  type AdminRound,
} from './setupApi.ts';

type Editing = { mode: 'new' } | { mode: 'edit'; event: AdminEvent } | null;

/** Admin → setup → events: the event list, its rounds, and the style × level grid. */
export function EventsPage() {
  usePageTitle('Events');
  const { data: events, isError, error, key } = useAdminEvents();
  const [editing, setEditing] = useState<Editing>(null);
  const [grid, setGrid] = useState(false);
  const [roundsOf, setRoundsOf] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const shown = useMemo(
    () => (events ?? []).filter((e) => e.name.toLowerCase().includes(search.trim().toLowerCase())),
    [events, search],
  );
  const selected = events?.find((e) => e.key === roundsOf) ?? null;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <Anchor component={Link} to="/admin/setup" size="sm">
            ← Setup
          </Anchor>
          <Title order={1} size="h2">
            Events
          </Title>
          <Text size="sm" c="dimmed">
            The events of the competition, their dances and rounds. The running order is on the{' '}
            <Anchor component={Link} to="/admin/eventschedule">
              event schedule
            </Anchor>
            .
          </Text>
        </Stack>
        <Group>
          <Button variant="default" onClick={() => setGrid(true)}>
            Create from grid
          </Button>
          <Button onClick={() => setEditing({ mode: 'new' })}>New event</Button>
        </Group>
      </Group>
      {isError && <ApiErrorAlert error={error} title="The events could not load" />}
      {!events && !isError && <Skeleton h={300} aria-label="Loading the events" />}
      {events && events.length === 0 && (
        <Alert color="blue" title="No events yet">
          Create them from the style × level grid, or one by one with “New event”.
        </Alert>
      )}
      {events && events.length > 0 && (
        <Paper withBorder radius="md">
          <Group p="sm">
            <TextInput
              aria-label="Search events"
              placeholder="Search events"
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
              w={280}
            />
            <Text size="sm" c="dimmed">
              {shown.length} of {events.length} events
            </Text>
          </Group>
          <Table striped highlightOnHover stickyHeader verticalSpacing={6}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Event</Table.Th>
                <Table.Th>Style</Table.Th>
                <Table.Th>Level</Table.Th>
                <Table.Th>Dances</Table.Th>
                <Table.Th ta="right">Couples</Table.Th>
                <Table.Th>Rounds</Table.Th>
                <Table.Th aria-label="Actions" />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((e) => (
                <Table.Tr key={e.key} data-testid={`event-${e.key}`}>
                  <Table.Td fw={600}>{e.name}</Table.Td>
                  <Table.Td>{e.style}</Table.Td>
                  <Table.Td>{e.level}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{e.dances.join(', ')}</Text>
                  </Table.Td>
                  <Table.Td ta="right">{e.entries.filter((x) => !x.scratched).length}</Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {e.rounds.length === 0 && (
                        <Text size="sm" c="dimmed">
                          none
                        </Text>
                      )}
                      {e.rounds.map((r) => (
                        <RoundStateBadge
                          key={r.roundNumber}
                          state={roundStateName(r.roundState) ?? 'Initialized'}
                        >
                          {r.roundName}
                        </RoundStateBadge>
                      ))}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap" justify="flex-end">
                      <Button size="compact-sm" variant="light" onClick={() => setRoundsOf(e.key)}>
                        Rounds
                      </Button>
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        onClick={() => setEditing({ mode: 'edit', event: e })}
                        aria-label={`Edit ${e.name}`}
                      >
                        Edit
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
      {key && editing && (
        <EventForm competitionKey={key} editing={editing} onClose={() => setEditing(null)} />
      )}
      {key && grid && <GridForm competitionKey={key} onClose={() => setGrid(false)} />}
      {key && selected && (
        <RoundsModal competitionKey={key} event={selected} onClose={() => setRoundsOf(null)} />
      )}
    </Stack>
  );
}

interface EventValues {
  name: string;
  style: Style;
  level: Level;
  dances: string[];
}

function EventForm({
  competitionKey,
  editing,
  onClose,
}: {
  competitionKey: string;
  editing: Exclude<Editing, null>;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const existing = editing.mode === 'edit' ? editing.event : null;
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState<string | null>(null);
  const [version, setVersion] = useState(existing?.version);
  const form = useForm<EventValues>({
    initialValues: existing
      ? {
          name: existing.name,
          style: existing.style as Style,
          level: existing.level as Level,
          dances: existing.dances,
        }
      : { name: '', style: 'Standard', level: 'Bronze', dances: [] },
    validate: (v) => schemaErrors(eventCreate, v),
  });
  const style = form.values.style;
  const choices = [...DANCES_BY_STYLE[style], ...SCHEDULE_ITEMS];
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: competitionQueryKey(competitionKey, 'events') });

  const fail = (e: unknown) => {
    if (isStale(e)) {
      const current = (e.details as { current?: AdminEvent } | undefined)?.current;
      if (current) {
        form.setValues({
          name: current.name,
          style: current.style as Style,
          level: current.level as Level,
          dances: current.dances,
        });
        setVersion(current.version);
      }
      void refresh();
      setProblem(STALE_MESSAGE);
      return;
    }
    if (e instanceof ApiError && e.status === 400)
      form.setErrors(issuesToFieldErrors(detailIssues(e.details)));
    if (e instanceof ApiError && e.code === 'duplicate') form.setFieldError('name', e.message);
    setProblem(describeError(e));
  };

  const submit = async (v: EventValues) => {
    setProblem(null);
    setBusy(true);
    try {
      const body = { ...v, dances: sortDances(v.dances, v.style) };
      if (existing) {
        await api.patch(eventPath(competitionKey, existing.key), { ...body, version });
        notifications.show({ color: 'green', title: 'Event saved', message: `${v.name} is updated.` });
      } else {
        await api.post(`${competitionPath(competitionKey)}/events`, body);
        notifications.show({ color: 'green', title: 'Event created', message: `${v.name} is added.` });
      }
      await refresh();
      onClose();
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  };

  const remove = async (confirm: boolean) => {
    if (!existing) return;
    setProblem(null);
    setBusy(true);
    try {
      await api.del(
        `${eventPath(competitionKey, existing.key)}?version=${version ?? existing.version}${confirm ? '&confirm=true' : ''}`,
      );
      notifications.show({
        color: 'green',
        title: 'Event deleted',
        message: confirm
          ? `${existing.name} is deleted; its marks and results are kept in the audit trail.`
          : `${existing.name} is deleted.`,
      });
      await refresh();
      onClose();
    } catch (e) {
      if (e instanceof ApiError && e.code === 'has_marks') setConfirmDelete(e.message);
      else fail(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title={existing ? `Edit ${existing.name}` : 'New event'} size="lg">
      <form noValidate onSubmit={form.onSubmit(submit)}>
        <Stack>
          {problem && (
            <Alert color="red" role="alert" title="Not saved">
              {problem}
            </Alert>
          )}
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
          {confirmDelete && (
            <Alert color="orange" role="alert" title="This event has marks">
              <Stack gap="xs">
                <Text size="sm">{confirmDelete}</Text>
                <Group>
                  <Button color="red" loading={busy} onClick={() => void remove(true)}>
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
              <Button color="red" variant="subtle" loading={busy} onClick={() => void remove(false)}>
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

function GridForm({ competitionKey, onClose }: { competitionKey: string; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [cells, setCells] = useState<Set<string>>(new Set());
  const [suffix, setSuffix] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const chosen = [...cells].map((c) => {
    const [style, level] = c.split('|') as [Style, Level];
    return { style, level };
  });
  const preview = eventsFromGrid(chosen, suffix.trim() ? ` ${suffix.trim()}` : '');
  const toggle = (c: string) =>
    setCells((prev) => {
      const next = new Set(prev);
      if (next.has(c)) next.delete(c);
      else next.add(c);
      return next;
    });

  const submit = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const res = await api.post<{ created: AdminEvent[]; skipped: string[] }>(
        `${competitionPath(competitionKey)}/events/grid`,
        { cells: chosen, suffix: suffix.trim() },
      );
      notifications.show({
        color: 'green',
        title: `${res.created.length} events created`,
        message: res.skipped.length
          ? `Already there, not created again: ${res.skipped.join(', ')}`
          : res.created.map((e) => e.name).join(', '),
      });
      await queryClient.invalidateQueries({ queryKey: competitionQueryKey(competitionKey, 'events') });
      onClose();
    } catch (e) {
      setProblem(describeError(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title="Create events from the style × level grid" size="xl">
      <Stack>
        <Text size="sm" c="dimmed">
          Tick a cell for each event. Each gets the usual dances of its level (syllabus levels dance fewer).
        </Text>
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        <Table withTableBorder withColumnBorders verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Level</Table.Th>
              {STYLES.map((s) => (
                <Table.Th key={s} ta="center">
                  {s}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {LEVELS.map((l) => (
              <Table.Tr key={l}>
                <Table.Td>{l}</Table.Td>
                {STYLES.map((s) => (
                  <Table.Td key={s} ta="center">
                    <Checkbox
                      aria-label={`${l} ${s}`}
                      checked={cells.has(`${s}|${l}`)}
                      onChange={() => toggle(`${s}|${l}`)}
                      style={{ display: 'inline-block' }}
                    />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <TextInput
          label="Name suffix (optional)"
          description="Added to every name, to tell a second set apart, e.g. “Day 2”."
          value={suffix}
          onChange={(e) => setSuffix(e.currentTarget.value)}
          maw={360}
        />
        {preview.length > 0 && (
          <Stack gap={2} aria-label="Events to create">
            <Text size="sm" fw={600}>
              {preview.length} events:
            </Text>
            {preview.map((p) => (
              <Text size="sm" key={p.name}>
                {p.name} — {p.dances.join(', ')}
              </Text>
            ))}
          </Stack>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={preview.length === 0} loading={busy} onClick={() => void submit()}>
            Create {preview.length} events
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function RoundsModal({
  competitionKey,
  event,
  onClose,
}: {
  competitionKey: string;
  event: AdminEvent;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const { settings } = useEventSettings();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [after, setAfter] = useState<string | null>(null);
  const [newName, setNewName] = useState('');
  const base = eventPath(competitionKey, event.key);
  const couples = event.entries.filter((e) => !e.scratched).length;

  const run = async (what: () => Promise<{ message?: string }>, title: string) => {
    setProblem(null);
    setBusy(true);
    try {
      const res = await what();
      notifications.show({ color: 'green', title, message: res.message ?? event.name });
    } catch (e) {
      setProblem(isStale(e) ? STALE_MESSAGE : describeError(e));
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: competitionQueryKey(competitionKey, 'events') });
      await queryClient.invalidateQueries({ queryKey: competitionQueryKey(competitionKey, 'schedule') });
    }
  };

  const afterChoices = [
    { value: '0', label: 'Before the first round' },
    ...event.rounds
      .slice(0, -1)
      .map((r) => ({ value: String(r.roundNumber), label: `After ${r.roundNumber}. ${r.roundName}` })),
  ];

  return (
    <Modal opened onClose={onClose} title={`Rounds of ${event.name}`} size="xl">
      <Stack>
        <Text size="sm" c="dimmed">
          {couples} couples entered. Rounds are numbered in danced order; marks and saved results move with
          their round when rounds are added or deleted.
        </Text>
        {problem && (
          <Alert color="red" role="alert" title="Not done">
            {problem}
          </Alert>
        )}
        <Group>
          {!settings?.hideGenerateRoundsButton && (
            <Button
              loading={busy}
              onClick={() => {
                if (
                  event.rounds.length === 0 ||
                  window.confirm(
                    `Replace the ${event.rounds.length} rounds of ${event.name} with new ones for ${couples} couples? Start times and recall sizes you set are lost.`,
                  )
                )
                  void run(
                    () => api.post(`${base}/rounds/generate`, { version: event.version }),
                    'Rounds generated',
                  );
              }}
            >
              Generate rounds
            </Button>
          )}
          {!settings?.hideClearRoundsButton && event.rounds.length > 0 && (
            <Button
              color="red"
              variant="light"
              loading={busy}
              onClick={() => {
                if (
                  window.confirm(
                    `Clear all ${event.rounds.length} rounds of ${event.name}? Couples stay entered.`,
                  )
                )
                  void run(() => api.del(`${base}/rounds?version=${event.version}`), 'Rounds cleared');
              }}
            >
              Clear rounds
            </Button>
          )}
        </Group>
        {event.rounds.length > 0 && (
          <Table striped verticalSpacing={4} aria-label="Rounds">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>#</Table.Th>
                <Table.Th>Round</Table.Th>
                <Table.Th>State</Table.Th>
                <Table.Th>Recall</Table.Th>
                <Table.Th ta="right">Couples</Table.Th>
                <Table.Th aria-label="Actions" />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {event.rounds.map((r, i) => (
                <RoundRow
                  key={`${r.roundNumber}-${r.version}`}
                  round={r}
                  isFinal={i === event.rounds.length - 1}
                  busy={busy}
                  onSkip={() => {
                    if (window.confirm(skipQuestion(event.rounds, r)))
                      void run(
                        () => api.post(`${base}/rounds/${r.roundNumber}/skip`, { version: event.version }),
                        'Round skipped',
                      );
                  }}
                  onDelete={() => {
                    if (
                      window.confirm(
                        r.roundNumber === 1
                          ? `Delete ${r.roundName}? Its couples go to the next round, which becomes the first; later rounds are renumbered.`
                          : `Delete ${r.roundName}? Its couples go back to the previous round and later rounds are renumbered.`,
                      )
                    )
                      void run(
                        () => api.del(`${base}/rounds/${r.roundNumber}?version=${event.version}`),
                        'Round deleted',
                      );
                  }}
                  onRecall={(size) =>
                    void run(
                      () =>
                        api.patch(`${base}/rounds/${r.roundNumber}`, {
                          recallSize: size,
                          version: r.version,
                        }),
                      'Recall size saved',
                    )
                  }
                />
              ))}
            </Table.Tbody>
          </Table>
        )}
        {event.rounds.length > 0 && (
          <Group align="flex-end">
            <Select
              label="Add a round"
              placeholder="Where?"
              data={afterChoices}
              value={after}
              onChange={setAfter}
              w={260}
            />
            <TextInput
              label="Name (optional)"
              placeholder="Named by position"
              value={newName}
              onChange={(e) => setNewName(e.currentTarget.value)}
            />
            <Button
              variant="light"
              disabled={after === null}
              loading={busy}
              onClick={() =>
                void run(
                  () =>
                    api.post(`${base}/rounds`, {
                      after: Number(after),
                      ...(newName.trim() ? { name: newName.trim() } : {}),
                      version: event.version,
                    }),
                  'Round added',
                ).then(() => {
                  setAfter(null);
                  setNewName('');
                })
              }
            >
              Add round
            </Button>
          </Group>
        )}
      </Stack>
    </Modal>
  );
}

/**
 * What skipping a round will do, in words, before the organizer confirms: its couples go back to the
 * previous round, or (first round, nothing before it) forward to the next one — nobody is eliminated.
 */
export function skipQuestion(rounds: readonly AdminRound[], round: AdminRound): string {
  const couples = `${round.entries.length} couple${round.entries.length === 1 ? '' : 's'}`;
  const { direction, round: to } = skipDestination(
    rounds.map((r) => ({ ...r, roundState: r.roundState as RoundState })),
    round.roundNumber,
  );
  return direction === 'back'
    ? `Skip ${round.roundName}? Its ${couples} go back to ${to.roundName} (round ${to.roundNumber}).`
    : `Skip ${round.roundName}? Nobody is eliminated: its ${couples} go forward to ${to.roundName} (round ${to.roundNumber}), which then dances with all of them.`;
}

function RoundRow({
  round,
  isFinal,
  busy,
  onSkip,
  onDelete,
  onRecall,
}: {
  round: AdminRound;
  isFinal: boolean;
  busy: boolean;
  onSkip: () => void;
  onDelete: () => void;
  onRecall: (size: number) => void;
}) {
  const [recall, setRecall] = useState<string | number>(round.recallSize);
  const state = roundStateName(round.roundState) ?? 'Initialized';
  return (
    <Table.Tr data-testid={`round-${round.roundNumber}`}>
      <Table.Td>{round.roundNumber}</Table.Td>
      <Table.Td fw={600}>{round.roundName}</Table.Td>
      <Table.Td>
        <RoundStateBadge state={state} />
      </Table.Td>
      <Table.Td>
        {isFinal ? (
          <Text size="sm" c="dimmed">
            —
          </Text>
        ) : (
          <NumberInput
            aria-label={`Recall size of ${round.roundName}`}
            size="xs"
            w={80}
            min={0}
            allowDecimal={false}
            value={recall}
            onChange={setRecall}
            onBlur={() => {
              if (typeof recall === 'number' && recall !== round.recallSize) onRecall(recall);
            }}
          />
        )}
      </Table.Td>
      <Table.Td ta="right">
        <Badge variant="light" color="gray" aria-label={`${round.entries.length} couples`}>
          {round.entries.length}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Group gap={4} justify="flex-end" wrap="nowrap">
          {!isFinal && state !== 'Skipped' && (
            <Button size="compact-sm" variant="subtle" disabled={busy} onClick={onSkip}>
              Skip
            </Button>
          )}
          <Button size="compact-sm" variant="subtle" color="red" disabled={busy} onClick={onDelete}>
            Delete
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
