import * as endpoints from '../../../../domain/schemas/endpoints.ts';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  FileInput,
  Group,
  List,
  Menu,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type {
  AdminCompetition,
  AdminCompetitionList,
  CompetitionCreated,
} from '../../../../domain/schemas/competition.ts';
import { competitionKey } from '../../../../domain/schemas/competition.ts';
import { call, ApiError, hrefOf } from '../../../api/client.ts';
import { adminCompetitionsQuery, siteQuery } from '../../../api/queries/competition.ts';
import { useCommand } from '../../../api/useCommand.ts';
import { ApiErrorAlert, CommandError } from '../../../components/ApiErrorAlert.tsx';
import { actionsColumn, DataTable } from '../../../components/DataTable.tsx';
import { Link } from '../../../components/Link.tsx';
import { formatDateRange } from '../../../components/format.ts';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { useConfirm } from '../../../components/useConfirm.tsx';
import { AdminSection, PageHeader } from '../PageHeader.tsx';
import { useAdminUser } from '../AdminLayout.tsx';
import { competitionHome } from './switching.ts';
import { textValue } from '../../../components/textValue.ts';

const STATE_COLOR = { upcoming: 'blue', running: 'green', finished: 'gray' } as const;
const KEY_HINT = '2–40 lowercase letters, digits or dashes';
/** Lists that show competitions: refreshed after any change here. */
const LISTS = [adminCompetitionsQuery().queryKey, ['site', 'competitions']];

/**
 * /admin/competitions: every competition this account administers. A site administrator
 * also creates and clones them, chooses the one served at `/`, archives them and restores a backup.
 */
export function CompetitionsAdminPage() {
  usePageTitle('Competitions');
  const user = useAdminUser();
  const list = useQuery(adminCompetitionsQuery());
  const all = list.data?.competitions ?? [];
  const current = all.filter((c) => c.archivedAt === null);
  const archived = all.filter((c) => c.archivedAt !== null);

  return (
    <Stack gap="lg">
      <PageHeader
        title="Competitions"
        description={
          user.isSuperAdmin
            ? 'Every competition on this server, each with its own pages at /c/its-key.'
            : 'The competitions you administer.'
        }
      />
      {list.error && <ApiErrorAlert error={list.error} title="Could not load the competitions" />}
      {!list.data ? (
        !list.error && <Skeleton height={200} />
      ) : (
        <>
          <CompetitionTable rows={current} siteAdmin={user.isSuperAdmin} label="Current competitions" />
          {user.isSuperAdmin && <ServedAtRoot site={list.data.site} current={current} />}
          {archived.length > 0 && (
            <AdminSection
              id="archived"
              title="Archived"
              description="Left out of every list and read-only; their pages and results still open at their address."
            >
              <CompetitionTable rows={archived} siteAdmin={user.isSuperAdmin} label="Archived competitions" />
            </AdminSection>
          )}
          {user.isSuperAdmin && <NewCompetition competitions={all} />}
          {user.isSuperAdmin && <Restore />}
        </>
      )}
    </Stack>
  );
}

function CompetitionTable({
  rows,
  siteAdmin,
  label,
}: {
  rows: AdminCompetition[];
  siteAdmin: boolean;
  label: string;
}) {
  if (rows.length === 0) return <Text c="dimmed">No competitions.</Text>;
  return (
    // Scrolls sideways inside its box on a laptop (the actions column stays in sight); cards on a phone.
    <DataTable
      cards
      miw={720}
      verticalSpacing="sm"
      aria-label={label}
      columns={['Competition', 'Dates', 'State', 'Events', actionsColumn]}
    >
      {rows.map((c) => (
        <Table.Tr key={c.key} data-testid={`competition-${c.key}`}>
          <Table.Td>
            <Anchor component={Link} to={competitionHome(c.key, '/admin')} fw={600}>
              {c.fullName}
            </Anchor>
            <Group gap={6}>
              <Text size="xs" c="dimmed">
                /c/{c.key}
              </Text>
              {c.servedAtRoot && (
                <Badge size="xs" variant="filled">
                  served at /
                </Badge>
              )}
            </Group>
          </Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateRange(c.startDate, c.endDate)}</Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>
            <Badge
              variant="light"
              color={c.archivedAt ? 'dark' : STATE_COLOR[c.state]}
              // Its label hides what overflows, so the table would squeeze it: never narrower than its text.
              style={{ minWidth: 'max-content' }}
            >
              {c.archivedAt ? `archived · ${c.state}` : c.state}
            </Badge>
          </Table.Td>
          <Table.Td>{c.events}</Table.Td>
          <Table.Td className="row-actions">
            <RowActions c={c} siteAdmin={siteAdmin} />
          </Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  );
}

function RowActions({ c, siteAdmin }: { c: AdminCompetition; siteAdmin: boolean }) {
  const [confirm, dialog] = useConfirm();
  const archive = useCommand({
    run: (archived: boolean) => call(endpoints.postArchive, { key: c.key }, { archived }),
    success: (_r, archived) => ({
      message: archived
        ? `${c.fullName} is archived: read-only and out of the lists.`
        : `${c.fullName} is current again.`,
    }),
    refresh: LISTS,
  });
  const askArchive = async () => {
    const yes = await confirm({
      title: `Archive ${c.fullName}?`,
      message:
        'It leaves every list and takes no more changes; its pages and results stay readable at its address. You can bring it back.',
      confirmLabel: 'Archive',
    });
    if (yes) await archive.run(true);
  };
  return (
    <Stack gap={4} align="flex-end">
      <Group gap="xs" justify="flex-end" wrap="nowrap">
        {/* The export, as a file: a backup to keep, and what Restore takes back. */}
        <Button
          size="xs"
          variant="default"
          component="a"
          href={hrefOf(endpoints.getExport, { key: c.key })}
          download={`${c.key}.json`}
        >
          Back up
        </Button>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button size="xs" variant="default" aria-label={`More for ${c.fullName}`} loading={archive.busy}>
              More
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item component={Link} to={competitionHome(c.key, '/')}>
              Public pages
            </Menu.Item>
            <Menu.Item component={Link} to={competitionHome(c.key, '/results')}>
              Results
            </Menu.Item>
            {siteAdmin &&
              (c.archivedAt === null ? (
                <Menu.Item disabled={c.servedAtRoot} onClick={() => void askArchive()}>
                  {c.servedAtRoot ? 'Archive (serve another at / first)' : 'Archive…'}
                </Menu.Item>
              ) : (
                <Menu.Item onClick={() => void archive.run(false)}>Bring back (un-archive)</Menu.Item>
              ))}
          </Menu.Dropdown>
        </Menu>
      </Group>
      <CommandError command={archive} title="Not changed" />
      {dialog}
    </Stack>
  );
}

function ServedAtRoot({
  site,
  current,
}: {
  site: AdminCompetitionList['site'];
  current: AdminCompetition[];
}) {
  const queryClient = useQueryClient();
  const [choice, setChoice] = useState<string | null>(site.chosen ?? site.served);
  const serve = useCommand({
    run: (competition: string | null) => call(endpoints.putSite, {}, { competition }),
    success: (r) => ({ message: `/ now serves ${r.competition}.` }),
    refresh: LISTS,
    onSuccess: (r) => {
      queryClient.setQueryData(siteQuery().queryKey, r);
      setChoice(r.competition);
    },
  });
  return (
    <AdminSection
      id="served"
      title="Served at /"
      description={
        <>
          What visitors see at this site&apos;s own address. Chosen here, it wins over the server&apos;s
          PROMENADE_COMPETITION setting{site.configured ? ` (${site.configured})` : ''}; with none chosen,
          that setting decides, else the demo.
        </>
      }
    >
      <Group align="flex-end">
        <Select
          label="Competition served at /"
          data={current.map((c) => ({ value: c.key, label: `${c.fullName} (${c.key})` }))}
          value={choice}
          onChange={setChoice}
          allowDeselect={false}
          w={{ base: '100%', sm: 380 }}
        />
        <Button
          onClick={() => void serve.run(choice)}
          loading={serve.busy}
          disabled={!choice || choice === site.chosen}
        >
          Serve at /
        </Button>
        {site.chosen && (
          <Button variant="subtle" onClick={() => void serve.run(null)} loading={serve.busy}>
            Back to the default
          </Button>
        )}
      </Group>
      <CommandError command={serve} title="Not changed" />
    </AdminSection>
  );
}

interface NewValues {
  key: string;
  fullName: string;
  cloneFrom: string | null;
  dateOffsetDays: number | string;
}

/** Field errors from a 400's details (`{path: ['key'], message}`), for the form. */
function fieldErrors(error: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (error instanceof ApiError && Array.isArray(error.details))
    for (const d of error.details as { path?: unknown[]; message?: string }[])
      if (typeof d.path?.[0] === 'string' && d.message) out[d.path[0]] = d.message;
  return out;
}

function NewCompetition({ competitions }: { competitions: AdminCompetition[] }) {
  const [made, setMade] = useState<CompetitionCreated | null>(null);
  const form = useForm<NewValues>({
    initialValues: { key: '', fullName: '', cloneFrom: null, dateOffsetDays: 364 },
    validate: {
      key: (v) => (competitionKey.safeParse(v.trim()).success ? null : KEY_HINT),
      fullName: (v) => (v.trim() ? null : 'Give the competition its full name'),
      dateOffsetDays: (v, values) =>
        values.cloneFrom && !Number.isInteger(Number(v)) ? 'A whole number of days' : null,
    },
  });
  const create = useCommand({
    run: (v: NewValues) =>
      call(
        endpoints.postCompetitions,
        {},
        {
          key: v.key.trim(),
          fullName: v.fullName.trim(),
          ...(v.cloneFrom ? { cloneFrom: v.cloneFrom, dateOffsetDays: Number(v.dateOffsetDays) } : {}),
        },
      ),
    success: (c) => ({ message: `${c.fullName} is ready at /c/${c.key}.` }),
    refresh: LISTS,
    onSuccess: (c) => {
      setMade(c);
      form.reset();
    },
    onError: (error) => {
      const fields = fieldErrors(error);
      form.setErrors(fields);
      return Object.keys(fields).length > 0;
    },
  });
  return (
    <AdminSection
      id="new"
      title="New competition"
      description="Start empty, or clone one: its events, rounds, officials (with new access codes), settings, pages and fees, dates moved. No couples, entries, marks or results."
    >
      <Paper withBorder p="md">
        <form onSubmit={form.onSubmit((v) => void create.run(v))}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Key"
              description="Its address: /c/key"
              placeholder="vss25"
              {...form.getInputProps('key')}
            />
            <TextInput
              label="Full name"
              description="As the public pages show it"
              placeholder="Valley Spring Swing 2025"
              {...form.getInputProps('fullName')}
            />
            <Select
              label="Clone from"
              description="Leave empty to start with nothing"
              placeholder="Start empty"
              clearable
              data={competitions.map((c) => ({ value: c.key, label: `${c.fullName} (${c.key})` }))}
              {...form.getInputProps('cloneFrom')}
            />
            <NumberInput
              label="Move the dates by (days)"
              description="364 keeps the weekday a year later"
              disabled={!form.values.cloneFrom}
              allowDecimal={false}
              {...form.getInputProps('dateOffsetDays')}
            />
          </SimpleGrid>
          <Group mt="md">
            <Button type="submit" loading={create.busy}>
              {form.values.cloneFrom ? 'Clone' : 'Create'}
            </Button>
          </Group>
        </form>
        <CommandError command={create} title="Not created" />
      </Paper>
      {made && (
        <Alert
          mt="md"
          color="blue"
          title={`${made.fullName} is ready`}
          withCloseButton
          onClose={() => setMade(null)}
        >
          <Anchor component={Link} to={competitionHome(made.key, '/admin')}>
            Open its admin area
          </Anchor>
          {made.accessCodes && made.accessCodes.length > 0 && (
            <>
              <Text size="sm" mt="sm" mb="xs">
                Its officials&apos; new access codes, shown this once (Officials prints sign-in cards with new
                codes at any time):
              </Text>
              <List size="sm" spacing={2}>
                {made.accessCodes.map((o) => (
                  <List.Item key={o.id}>
                    {o.role} {o.name}: <code>{o.accessCode}</code>
                  </List.Item>
                ))}
              </List>
            </>
          )}
        </Alert>
      )}
    </AdminSection>
  );
}

/** A chosen file's text (FileReader: every browser, and jsdom in the tests). */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new ApiError(400, 'invalid', `${file.name} could not be read.`));
    reader.readAsText(file);
  });
}

interface Problem {
  path?: unknown[];
  message?: string;
}

function Restore() {
  const [file, setFile] = useState<File | null>(null);
  const [key, setKey] = useState('');
  const [refusal, setRefusal] = useState<{ message: string; problems: Problem[] } | null>(null);
  const restore = useCommand({
    run: async ({ file, key }: { file: File; key: string }) => {
      const text = await readText(file);
      let doc: unknown;
      try {
        doc = JSON.parse(text);
      } catch {
        throw new ApiError(400, 'invalid', `${file.name} is not a backup file (not JSON).`);
      }
      return call(endpoints.postCompetitionsImport, { key: key.trim() }, doc);
    },
    success: (c) => ({ message: `${c.fullName} is restored at /c/${c.key}.` }),
    refresh: LISTS,
    onSuccess: () => {
      setRefusal(null);
      setFile(null);
      setKey('');
    },
    onError: (error) => {
      // A damaged file: its list of problems, by table, row and field.
      if (error instanceof ApiError && Array.isArray(error.details) && error.details.length > 0) {
        setRefusal({ message: error.message, problems: error.details as Problem[] });
        return true;
      }
      setRefusal(null);
      return false;
    },
  });
  const keyError = key.trim() && !competitionKey.safeParse(key.trim()).success ? KEY_HINT : null;
  return (
    <AdminSection
      id="restore"
      title="Restore a backup"
      description="A backup file (Back up, above) comes back as a new competition under a key you choose. A file with any problem is refused whole; nothing is written."
    >
      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <FileInput
            label="Backup file (.json)"
            placeholder="Choose a file"
            accept="application/json,.json"
            value={file}
            onChange={setFile}
            clearable
          />
          <TextInput
            label="Restore under the key"
            placeholder="vss24-restored"
            {...textValue(key, setKey)}
            error={keyError}
          />
        </SimpleGrid>
        <Group mt="md">
          <Button
            onClick={() => file && void restore.run({ file, key })}
            disabled={!file || !key.trim() || !!keyError}
            loading={restore.busy}
          >
            Restore
          </Button>
        </Group>
        <CommandError command={restore} title="Not restored" />
        {refusal && (
          <Alert mt="md" color="red" title="Not restored: the file has problems" role="alert">
            <Text size="sm" mb="xs">
              {refusal.message}
            </Text>
            <List size="sm" spacing={2} aria-label="Problems in the file">
              {refusal.problems.map((p, i) => (
                <List.Item key={i}>
                  <code>{(p.path ?? []).join('.')}</code>: {p.message}
                </List.Item>
              ))}
            </List>
          </Alert>
        )}
      </Paper>
    </AdminSection>
  );
}
