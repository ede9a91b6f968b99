import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Menu,
  Modal,
  MultiSelect,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { memo, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { ApiError, api } from '../../../api/client.ts';
import { useCompetition } from '../../../api/queries/competition.ts';
import { useEvents } from '../../../api/queries/events.ts';
import { formatMoney, TIER_NAMES } from '../../../components/format.ts';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { normalizeName } from '../../../../domain/entries.ts';
import type {
  AdminCompetitor,
  AdminRegistration,
  AdhocEntry,
} from '../../../../domain/schemas/registration.ts';
import { ApiErrorAlert, describeError } from '../../../components/ApiErrorAlert.tsx';
import { ImportPanel } from './ImportPanel.tsx';
import './competitors.css';
import { useRefreshEntries, useRegistrations } from './useRegistrations.ts';


function feeStatus(r: AdminRegistration): 'paid' | 'part' | 'owes' {
  if (r.amountPaid >= r.amountDue) return 'paid';
  return r.amountPaid > 0 ? 'part' : 'owes';
}

/** Admin → competitors: every couple with numbers, entries, scratches and fees; import and export. */
export function CompetitorsAdminPage() {
  usePageTitle('Competitors');
  const { key, competition } = useCompetition();
  const regs = useRegistrations(key);
  const [search, setSearch] = useState('');
  const [fees, setFees] = useState<'all' | 'owes' | 'paid'>('all');
  const [importing, setImporting] = useState(false);
  const [editing, setEditing] = useState<AdminRegistration | null>(null);

  const data = regs.data;
  const q = normalizeName(search);
  const shown = useMemo(
    () =>
      (data?.registrations ?? []).filter((r) => {
        if (fees === 'paid' && feeStatus(r) !== 'paid') return false;
        if (fees === 'owes' && feeStatus(r) === 'paid') return false;
        if (!q) return true;
        const text = normalizeName(
          `${r.lead.name} ${r.lead.email} ${r.follow.name} ${r.follow.email} ${r.affiliation}`,
        );
        return text.includes(q) || String(r.lead.number ?? '') === q;
      }),
    [data, q, fees],
  );
  const totals = useMemo(() => {
    const list = data?.registrations ?? [];
    return {
      couples: list.length,
      due: list.reduce((s, r) => s + r.amountDue, 0),
      paid: list.reduce((s, r) => s + Math.min(r.amountPaid, r.amountDue), 0),
    };
  }, [data]);
  const currency = data?.currency ?? competition?.currency ?? 'USD';
  const base = key ? `/api/v1/competitions/${encodeURIComponent(key)}` : '';

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            Competitors
          </Title>
          {data && (
            <Text c="dimmed" size="sm">
              {totals.couples} couples · fees {formatMoney(totals.due, currency)} · paid{' '}
              {formatMoney(totals.paid, currency)} · outstanding{' '}
              {formatMoney(totals.due - totals.paid, currency)}
            </Text>
          )}
        </div>
        <Group gap="xs">
          <Button component={Link} to="/admin/competitors/add-competitor">
            Add competitor
          </Button>
          <Button variant="default" onClick={() => setImporting((v) => !v)}>
            {importing ? 'Close import' : 'Import CSV'}
          </Button>
          <Menu position="bottom-end">
            <Menu.Target>
              <Button variant="default">Export CSV</Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item component="a" href={`${base}/entries.csv`} download>
                Entries (one row per couple per event)
              </Menu.Item>
              <Menu.Item component="a" href={`${base}/registrations.csv`} download>
                Registrations (import format)
              </Menu.Item>
              <Menu.Item component="a" href={`${base}/fees.csv`} download>
                Fees by team
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Group>

      {importing && key && <ImportPanel competitionKey={key} onDone={() => void regs.refetch()} />}

      <Group gap="sm" align="flex-end">
        <TextInput
          label="Search"
          placeholder="Name, email, number or team"
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={320}
          type="search"
        />
        <SegmentedControl
          value={fees}
          onChange={(v) => setFees(v as typeof fees)}
          data={[
            { value: 'all', label: 'All' },
            { value: 'owes', label: 'Owes' },
            { value: 'paid', label: 'Paid' },
          ]}
          aria-label="Fee status"
        />
      </Group>

      {regs.isError ? (
        <ApiErrorAlert error={regs.error} title="The competitors could not load" />
      ) : !data || !key ? (
        <Skeleton h={300} />
      ) : (
        <Paper withBorder radius="md">
          <Table striped highlightOnHover verticalSpacing={6} fz="sm" aria-label="Couples">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={150}>Number</Table.Th>
                <Table.Th>Lead</Table.Th>
                <Table.Th>Follow</Table.Th>
                <Table.Th>Team</Table.Th>
                <Table.Th miw={220}>Events</Table.Th>
                <Table.Th>Fee</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((r) => (
                <CoupleRow key={r.id} r={r} competitionKey={key} currency={currency} onEdit={setEditing} />
              ))}
              {shown.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={7}>
                    <Text c="dimmed" ta="center" py="md">
                      No couples match.
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </Paper>
      )}

      {data && key && <AdhocSection competitionKey={key} entries={data.adhoc} />}

      <Modal opened={editing !== null} onClose={() => setEditing(null)} title="Edit couple" size="lg">
        {editing && key && <EditCouple r={editing} competitionKey={key} onDone={() => setEditing(null)} />}
      </Modal>
    </Stack>
  );
}

/** One couple; memoised so typing in the search box does not re-render every row of a big table. */
const CoupleRow = memo(function CoupleRow({
  r,
  competitionKey,
  currency,
  onEdit,
}: {
  r: AdminRegistration;
  competitionKey: string;
  currency: string;
  onEdit: (r: AdminRegistration) => void;
}) {
  const refresh = useRefreshEntries(competitionKey);
  const base = `/competitions/${encodeURIComponent(competitionKey)}`;
  const [number, setNumber] = useState<number | string>(r.lead.number ?? '');
  const [numberError, setNumberError] = useState<string | null>(null);
  // A number changed elsewhere (another admin, the live feed) replaces what the field shows.
  useEffect(() => setNumber(r.lead.number ?? ''), [r.lead.number]);
  const saveNumber = useMutation({
    mutationFn: (n: number) =>
      api.patch(`${base}/competitors/${r.lead.id}`, { number: n, version: r.lead.version }),
    onSuccess: async (_d, n) => {
      setNumberError(null);
      await refresh();
      notifications.show({ color: 'green', message: `${r.lead.name} now wears number ${n}.` });
    },
    onError: (e) => setNumberError(describeError(e)),
  });
  const pay = useMutation({
    mutationFn: (amountPaid: number) =>
      api.patch(`${base}/registrations/${r.id}`, { amountPaid, version: r.version }),
    onSuccess: async (_d, amount) => {
      await refresh();
      notifications.show({
        color: 'green',
        message:
          amount > 0
            ? `Marked paid: ${r.lead.name} & ${r.follow.name}.`
            : `Payment cleared for ${r.lead.name} & ${r.follow.name}.`,
      });
    },
    onError: (e) => notifications.show({ color: 'red', title: 'Not saved', message: describeError(e) }),
  });
  const scratch = useMutation({
    mutationFn: (v: { id: number; scratched: boolean; version: number }) =>
      api.patch(`${base}/entries/${v.id}`, { scratched: v.scratched, version: v.version }),
    onSuccess: async (_d, v) => {
      await refresh();
      notifications.show({ color: 'green', message: v.scratched ? 'Entry scratched.' : 'Entry reinstated.' });
    },
    onError: (e) => notifications.show({ color: 'red', title: 'Not saved', message: describeError(e) }),
  });
  const status = feeStatus(r);
  const dirty = number !== '' && Number(number) !== r.lead.number;
  return (
    <Table.Tr>
      <Table.Td>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (dirty) saveNumber.mutate(Number(number));
          }}
        >
          <NumberInput
            size="xs"
            value={number}
            onChange={setNumber}
            min={1}
            max={99999}
            allowDecimal={false}
            hideControls
            aria-label={`Number of ${r.lead.name}`}
            error={numberError}
            rightSection={
              dirty ? (
                <Button type="submit" size="compact-xs" variant="subtle" loading={saveNumber.isPending}>
                  Save
                </Button>
              ) : undefined
            }
            rightSectionWidth={dirty ? 48 : undefined}
          />
        </form>
      </Table.Td>
      <Table.Td>
        <Person p={r.lead} />
      </Table.Td>
      <Table.Td>
        <Person p={r.follow} />
      </Table.Td>
      <Table.Td>{r.affiliation}</Table.Td>
      <Table.Td>
        <Stack gap={0} align="flex-start">
          {r.entries.map((e) => (
            <Menu key={e.id} position="bottom-start">
              <Menu.Target>
                <UnstyledButton
                  fz="sm"
                  c={e.scratched ? 'dimmed' : undefined}
                  td={e.scratched ? 'line-through' : undefined}
                  aria-label={`${e.eventName}${e.scratched ? ' (scratched)' : ''}`}
                  className="competitors-event"
                >
                  {e.eventName}
                </UnstyledButton>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Label>{e.eventName}</Menu.Label>
                <Menu.Item
                  onClick={() => scratch.mutate({ id: e.id, scratched: !e.scratched, version: e.version })}
                >
                  {e.scratched ? 'Un-scratch' : 'Scratch'}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          ))}
        </Stack>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Stack gap={2} align="flex-start">
          <Text size="sm">
            {formatMoney(r.amountDue, currency)} · {TIER_NAMES[r.tier] ?? r.tier}
          </Text>
          {status === 'paid' ? (
            <Badge color="green" variant="light">
              Paid
            </Badge>
          ) : (
            <Badge color={status === 'part' ? 'yellow' : 'red'} variant="light">
              Owes {formatMoney(r.amountDue - r.amountPaid, currency)}
            </Badge>
          )}
        </Stack>
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          {status !== 'paid' ? (
            <Button
              size="compact-sm"
              variant="light"
              loading={pay.isPending}
              onClick={() => pay.mutate(r.amountDue)}
            >
              Mark paid
            </Button>
          ) : (
            <Button
              size="compact-sm"
              variant="subtle"
              color="gray"
              loading={pay.isPending}
              onClick={() => pay.mutate(0)}
            >
              Unpay
            </Button>
          )}
          <Button size="compact-sm" variant="default" onClick={() => onEdit(r)}>
            Edit
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
});

function Person({ p }: { p: AdminCompetitor }) {
  return (
    <div>
      <Anchor component={Link} to={`/competitors/${p.id}`} size="sm" fw={500}>
        {p.name}
      </Anchor>
      <Text size="xs" c="dimmed">
        {p.email}
      </Text>
    </div>
  );
}

function EditCouple({
  r,
  competitionKey,
  onDone,
}: {
  r: AdminRegistration;
  competitionKey: string;
  onDone: () => void;
}) {
  const refresh = useRefreshEntries(competitionKey);
  const base = `/competitions/${encodeURIComponent(competitionKey)}`;
  const [lead, setLead] = useState({ name: r.lead.name, email: r.lead.email });
  const [follow, setFollow] = useState({ name: r.follow.name, email: r.follow.email });
  const [team, setTeam] = useState(r.affiliation);
  const { events } = useEvents();
  const current = r.entries.map((e) => e.eventKey);
  const [chosen, setChosen] = useState<string[]>(current);
  const add = chosen.filter((k) => !current.includes(k));
  const drop = current.filter((k) => !chosen.includes(k));
  const save = useMutation({
    mutationFn: async () => {
      if (lead.name !== r.lead.name || lead.email !== r.lead.email)
        await api.patch(`${base}/competitors/${r.lead.id}`, { ...lead, version: r.lead.version });
      if (follow.name !== r.follow.name || follow.email !== r.follow.email)
        await api.patch(`${base}/competitors/${r.follow.id}`, { ...follow, version: r.follow.version });
      if (team !== r.affiliation)
        await api.patch(`${base}/registrations/${r.id}`, { affiliation: team, version: r.version });
      // The organizer's add/drop: same entry rules as the couple's own, without the date rule.
      if (add.length || drop.length) await api.post(`${base}/registrations/${r.id}/entries`, { add, drop });
    },
    onSuccess: async () => {
      await refresh();
      notifications.show({ color: 'green', message: 'Couple saved.' });
      onDone();
    },
    onSettled: () => void refresh(),
  });
  return (
    <Stack gap="sm">
      <Group grow>
        <TextInput
          label="Lead name"
          value={lead.name}
          onChange={(e) => setLead({ ...lead, name: e.currentTarget.value })}
        />
        <TextInput
          label="Lead email"
          value={lead.email}
          onChange={(e) => setLead({ ...lead, email: e.currentTarget.value })}
        />
      </Group>
      <Group grow>
        <TextInput
          label="Follow name"
          value={follow.name}
          onChange={(e) => setFollow({ ...follow, name: e.currentTarget.value })}
        />
        <TextInput
          label="Follow email"
          value={follow.email}
          onChange={(e) => setFollow({ ...follow, email: e.currentTarget.value })}
        />
      </Group>
      <TextInput label="Team" value={team} onChange={(e) => setTeam(e.currentTarget.value)} />
      <MultiSelect
        label="Events"
        description="Add or drop events. Dropping is refused once the couple is in a drawn round; scratch instead."
        data={(events ?? []).map((e) => ({ value: e.key, label: e.name }))}
        value={chosen}
        onChange={setChosen}
        searchable
        comboboxProps={{ withinPortal: true }}
      />
      {save.error && (
        <Alert color="red" title="Not saved" role="alert">
          {save.error instanceof ApiError && save.error.code === 'stale'
            ? 'Someone else changed this couple after you opened it. Close, look at the current data and edit again.'
            : describeError(save.error)}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          Cancel
        </Button>
        <Button loading={save.isPending} onClick={() => save.mutate()}>
          Save
        </Button>
      </Group>
    </Stack>
  );
}

/** Day-of entries (spec §3 placeholder): a couple dances now and is named later. */
function AdhocSection({ competitionKey, entries }: { competitionKey: string; entries: AdhocEntry[] }) {
  const { events } = useEvents();
  const refresh = useRefreshEntries(competitionKey);
  const base = `/competitions/${encodeURIComponent(competitionKey)}`;
  const [eventKey, setEventKey] = useState<string | null>(null);
  const [leadName, setLeadName] = useState('');
  const [followName, setFollowName] = useState('');
  const add = useMutation({
    mutationFn: () =>
      api.post<AdhocEntry>(`${base}/entries/adhoc`, {
        eventKey,
        ...(leadName.trim() ? { leadName } : {}),
        ...(followName.trim() ? { followName } : {}),
      }),
    onSuccess: async (e) => {
      setLeadName('');
      setFollowName('');
      await refresh();
      notifications.show({
        color: 'green',
        message: `Ad hoc couple ${e.leadNumber} added to ${e.eventName}.`,
      });
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.del(`${base}/entries/${id}`),
    onSuccess: async () => {
      await refresh();
      notifications.show({ color: 'green', message: 'Ad hoc entry removed.' });
    },
    onError: (e) => notifications.show({ color: 'red', title: 'Not removed', message: describeError(e) }),
  });
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} size="h4">
        Ad hoc day-of entries
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        A couple who turns up unregistered can dance now: names default to “dummy”, team to “Other” and the
        number to 999 (the next free number from 999 if taken). Give them their names when you have them;
        registered couples are added with “Add competitor”.
      </Text>
      <Group align="flex-end" gap="sm" mb="sm">
        <Select
          label="Event"
          placeholder="Choose"
          data={(events ?? []).map((e) => ({ value: e.key, label: e.name }))}
          value={eventKey}
          onChange={setEventKey}
          searchable
          w={260}
        />
        <TextInput
          label="Lead (optional)"
          value={leadName}
          onChange={(e) => setLeadName(e.currentTarget.value)}
        />
        <TextInput
          label="Follow (optional)"
          value={followName}
          onChange={(e) => setFollowName(e.currentTarget.value)}
        />
        <Button disabled={!eventKey} loading={add.isPending} onClick={() => add.mutate()}>
          Add ad hoc entry
        </Button>
      </Group>
      {add.error && <ApiErrorAlert error={add.error} title="Not added" />}
      {entries.length > 0 && (
        <Table fz="sm" verticalSpacing={4} aria-label="Ad hoc entries">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Number</Table.Th>
              <Table.Th>Event</Table.Th>
              <Table.Th>Lead</Table.Th>
              <Table.Th>Follow</Table.Th>
              <Table.Th>Team</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entries.map((e) => (
              <Table.Tr key={e.id}>
                <Table.Td>{e.leadNumber}</Table.Td>
                <Table.Td>{e.eventName}</Table.Td>
                <Table.Td>{e.leadName}</Table.Td>
                <Table.Td>{e.followName}</Table.Td>
                <Table.Td>{e.affiliation}</Table.Td>
                <Table.Td>
                  <Button size="compact-xs" variant="subtle" color="red" onClick={() => remove.mutate(e.id)}>
                    Remove
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}
