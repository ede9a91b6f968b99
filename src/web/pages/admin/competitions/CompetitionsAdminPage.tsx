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
import { ApiErrorAlert, CommandError, errorMessage } from '../../../components/ApiErrorAlert.tsx';
import { actionsColumn, DataTable } from '../../../components/DataTable.tsx';
import { Link } from '../../../components/Link.tsx';
import { formatDateRange } from '../../../components/format.ts';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { useConfirm } from '../../../components/useConfirm.tsx';
import { AdminSection, PageHeader } from '../PageHeader.tsx';
import { useAdminUser } from '../AdminLayout.tsx';
import { competitionHome } from './switching.ts';
import { textValue } from '../../../components/textValue.ts';
import { detailIssues } from '../../../shared/formErrors.ts';
import { useLocale, useT } from '../../../i18n/locale.ts';
import type { Translate } from '../../../../domain/i18n/catalog.ts';
import { officialRoles } from '../../../../domain/schemas/competition.ts';
import { competitionsText } from './text.ts';

type CompetitionsT = Translate<NonNullable<(typeof competitionsText)['keys']>>;

const STATE_COLOR = { upcoming: 'blue', running: 'green', finished: 'gray' } as const;
/** A competition's own address, as its pages are reached: "/c/vss25". */
const addressOf = (key: string) => `/c/${key}`;
/** Lists that show competitions: refreshed after any change here. */
const LISTS = [adminCompetitionsQuery().queryKey, ['site', 'competitions']];

/**
 * /admin/competitions: every competition this account administers. A site administrator
 * also creates and clones them, chooses the one served at `/`, archives them and restores a backup.
 */
export function CompetitionsAdminPage() {
  const t = useT(competitionsText);
  usePageTitle(t('title'));
  const user = useAdminUser();
  const list = useQuery(adminCompetitionsQuery());
  const all = list.data?.competitions ?? [];
  const current = all.filter((c) => c.archivedAt === null);
  const archived = all.filter((c) => c.archivedAt !== null);

  return (
    <Stack gap="lg">
      <PageHeader
        title={t('title')}
        description={user.isSuperAdmin ? t('description.siteAdmin') : t('description.admin')}
      />
      {list.error && <ApiErrorAlert error={list.error} title={t('loadFailed')} />}
      {!list.data ? (
        !list.error && <Skeleton height={200} />
      ) : (
        <>
          <CompetitionTable
            rows={current}
            siteAdmin={user.isSuperAdmin}
            label={t('current')}
            publicSite={list.data.site.publicSite ?? null}
          />
          {user.isSuperAdmin && list.data.site.publicSite && (
            <TakeOver publicSite={list.data.site.publicSite} />
          )}
          {user.isSuperAdmin && <ServedAtRoot site={list.data.site} current={current} />}
          {archived.length > 0 && (
            <AdminSection id="archived" title={t('archived.title')} description={t('archived.description')}>
              <CompetitionTable
                rows={archived}
                siteAdmin={user.isSuperAdmin}
                label={t('archived.label')}
                publicSite={null}
              />
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
  publicSite,
}: {
  rows: AdminCompetition[];
  siteAdmin: boolean;
  label: string;
  /** The public site this venue hands competitions back to; null: none. */
  publicSite: string | null;
}) {
  const t = useT(competitionsText);
  const locale = useLocale();
  if (rows.length === 0) return <Text c="dimmed">{t('none')}</Text>;
  return (
    // Scrolls sideways inside its box on a laptop (the actions column stays in sight); cards on a phone.
    <DataTable
      cards
      miw={720}
      verticalSpacing="sm"
      aria-label={label}
      columns={[
        t('column.competition'),
        t('column.dates'),
        t('column.state'),
        t('column.events'),
        actionsColumn,
      ]}
    >
      {rows.map((c) => (
        <Table.Tr key={c.key} data-testid={`competition-${c.key}`}>
          <Table.Td>
            <Anchor component={Link} to={competitionHome(c.key, '/admin')} fw={600}>
              {c.fullName}
            </Anchor>
            <Group gap={6}>
              <Text size="xs" c="dimmed">
                {addressOf(c.key)}
              </Text>
              {c.servedAtRoot && (
                <Badge size="xs" variant="filled">
                  {t('servedAtRoot')}
                </Badge>
              )}
              {c.handedOverTo && (
                <Badge size="xs" variant="light" color="gray" style={{ minWidth: 'max-content' }}>
                  {t('handedOver', { to: c.handedOverTo })}
                </Badge>
              )}
            </Group>
          </Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>
            {formatDateRange(c.startDate, c.endDate, locale)}
          </Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>
            <Badge
              variant="light"
              color={c.archivedAt ? 'dark' : STATE_COLOR[c.state]}
              // Its label hides what overflows, so the table would squeeze it: never narrower than its text.
              style={{ minWidth: 'max-content' }}
            >
              {c.archivedAt ? t('state.archived', { state: t(`state.${c.state}`) }) : t(`state.${c.state}`)}
            </Badge>
          </Table.Td>
          <Table.Td>{c.events}</Table.Td>
          <Table.Td className="row-actions">
            <RowActions c={c} siteAdmin={siteAdmin} publicSite={publicSite} />
          </Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  );
}

function RowActions({
  c,
  siteAdmin,
  publicSite,
}: {
  c: AdminCompetition;
  siteAdmin: boolean;
  publicSite: string | null;
}) {
  const t = useT(competitionsText);
  const [confirm, dialog] = useConfirm();
  const handBack = useCommand({
    run: () => call(endpoints.postCompetitionsHandBack, { key: c.key }, {}),
    success: (r) => ({ message: t('handBack.done', { name: c.fullName, to: r.to }) }),
    refresh: LISTS,
  });
  const askHandBack = async () => {
    const yes = await confirm({
      title: t('handBack.ask', { name: c.fullName }),
      message: t('handBack.askText', { to: publicSite ?? '' }),
      confirmLabel: t('handBack.confirm'),
    });
    if (yes) await handBack.run();
  };
  // Taken back without its hand-back: a venue whose import failed; a venue lost only when asked again.
  const takeBack = useCommand({
    run: async () => {
      try {
        return await call(endpoints.postCompetitionsTakeBack, { key: c.key }, {});
      } catch (e) {
        if (!(e instanceof ApiError) || e.code !== 'mirrored') throw e;
        const venue = String((e.details as { venue?: unknown } | undefined)?.venue ?? '');
        const anyway = await confirm({
          title: t('takeBack.forceAsk', { venue }),
          message: t('takeBack.forceText', { venue }),
          confirmLabel: t('takeBack.forceConfirm'),
        });
        return anyway ? call(endpoints.postCompetitionsTakeBack, { key: c.key }, { force: true }) : null;
      }
    },
    success: (r) => (r ? { message: t('takeBack.done', { name: c.fullName }) } : null),
    refresh: LISTS,
  });
  const askTakeBack = async () => {
    const yes = await confirm({
      title: t('takeBack.ask', { name: c.fullName }),
      message: t('takeBack.askText', { to: c.handedOverTo ?? '' }),
      confirmLabel: t('takeBack.confirm'),
    });
    if (yes) await takeBack.run();
  };
  const archive = useCommand({
    run: (archived: boolean) => call(endpoints.postArchive, { key: c.key }, { archived }),
    success: (_r, archived) => ({
      message: archived ? t('archive.done', { name: c.fullName }) : t('archive.undone', { name: c.fullName }),
    }),
    refresh: LISTS,
  });
  const askArchive = async () => {
    const yes = await confirm({
      title: t('archive.ask', { name: c.fullName }),
      message: t('archive.askText'),
      confirmLabel: t('archive.confirm'),
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
          {t('backUp')}
        </Button>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button
              size="xs"
              variant="default"
              aria-label={t('moreFor', { name: c.fullName })}
              loading={archive.busy || handBack.busy || takeBack.busy}
            >
              {t('more')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item component={Link} to={competitionHome(c.key, '/')}>
              {t('publicPages')}
            </Menu.Item>
            <Menu.Item component={Link} to={competitionHome(c.key, '/results')}>
              {t('results')}
            </Menu.Item>
            {siteAdmin && publicSite && !c.handedOverTo && c.archivedAt === null && (
              <Menu.Item onClick={() => void askHandBack()}>{t('handBack.menu')}</Menu.Item>
            )}
            {siteAdmin && c.handedOverTo && c.handedOverTo !== publicSite && (
              <Menu.Item onClick={() => void askTakeBack()}>{t('takeBack.menu')}</Menu.Item>
            )}
            {siteAdmin &&
              (c.archivedAt === null ? (
                <Menu.Item disabled={c.servedAtRoot} onClick={() => void askArchive()}>
                  {c.servedAtRoot ? t('archive.blocked') : t('archive.menu')}
                </Menu.Item>
              ) : (
                <Menu.Item onClick={() => void archive.run(false)}>{t('unarchive')}</Menu.Item>
              ))}
          </Menu.Dropdown>
        </Menu>
      </Group>
      <CommandError command={archive} title={t('notChanged')} />
      <CommandError command={handBack} title={t('handBack.failed')} />
      {dialog}
    </Stack>
  );
}

/** At a venue: take a competition over from the public site (docs/mirror.md). */
function TakeOver({ publicSite }: { publicSite: string }) {
  const t = useT(competitionsText);
  const [key, setKey] = useState('');
  const takeOver = useCommand({
    run: (k: string) => call(endpoints.postCompetitionsTakeOver, {}, { key: k }),
    success: (c) => ({ message: t('takeOver.done', { name: c.fullName, key: c.key }) }),
    refresh: LISTS,
    onSuccess: () => setKey(''),
  });
  const keyError = key.trim() && !competitionKey.safeParse(key.trim()).success ? t('keyHint') : null;
  return (
    <AdminSection
      id="take-over"
      title={t('takeOver.title')}
      description={t('takeOver.description', { site: publicSite })}
    >
      <Group align="flex-start">
        <TextInput
          label={t('takeOver.key')}
          placeholder={t('restore.key.placeholder')}
          {...textValue(key, setKey)}
          error={keyError}
          w={{ base: '100%', sm: 280 }}
        />
        <Button
          mt={{ base: 0, sm: 25 }}
          onClick={() => void takeOver.run(key.trim())}
          disabled={!key.trim() || !!keyError}
          loading={takeOver.busy}
        >
          {t('takeOver.submit')}
        </Button>
      </Group>
      <CommandError command={takeOver} title={t('takeOver.failed')} />
    </AdminSection>
  );
}

function ServedAtRoot({
  site,
  current,
}: {
  site: AdminCompetitionList['site'];
  current: AdminCompetition[];
}) {
  const t = useT(competitionsText);
  const queryClient = useQueryClient();
  const [choice, setChoice] = useState<string | null>(site.chosen ?? site.served);
  const serve = useCommand({
    run: (competition: string | null) => call(endpoints.putSite, {}, { competition }),
    success: (r) => ({ message: t('served.done', { name: r.competition }) }),
    refresh: LISTS,
    onSuccess: (r) => {
      queryClient.setQueryData(siteQuery().queryKey, r);
      setChoice(r.competition);
    },
  });
  return (
    <AdminSection
      id="served"
      title={t('served.title')}
      description={
        site.configured
          ? t('served.description.configured', { configured: site.configured })
          : t('served.description')
      }
    >
      <Group align="flex-end">
        <Select
          label={t('served.label')}
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
          {t('served.submit')}
        </Button>
        {site.chosen && (
          <Button variant="subtle" onClick={() => void serve.run(null)} loading={serve.busy}>
            {t('served.default')}
          </Button>
        )}
      </Group>
      <CommandError command={serve} title={t('notChanged')} />
    </AdminSection>
  );
}

interface NewValues {
  key: string;
  fullName: string;
  cloneFrom: string | null;
  dateOffsetDays: number | string;
}

/**
 * Field errors from a 400's details (`{path: ['key'], message, code}`), for the form: in the reader's
 * language by the issue's code (the server's English for a rule of its own).
 */
function fieldErrors(error: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (error instanceof ApiError)
    for (const issue of detailIssues(error.details)) {
      const field = issue.path[0];
      if (field !== undefined && !(field in out)) out[field] = issue.message;
    }
  return out;
}

function NewCompetition({ competitions }: { competitions: AdminCompetition[] }) {
  const t = useT(competitionsText);
  const [made, setMade] = useState<CompetitionCreated | null>(null);
  const form = useForm<NewValues>({
    initialValues: { key: '', fullName: '', cloneFrom: null, dateOffsetDays: 364 },
    validate: {
      key: (v) => (competitionKey.safeParse(v.trim()).success ? null : t('keyHint')),
      fullName: (v) => (v.trim() ? null : t('new.nameMissing')),
      dateOffsetDays: (v, values) =>
        values.cloneFrom && !Number.isInteger(Number(v)) ? t('new.wholeDays') : null,
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
    success: (c) => ({ message: t('new.ready', { name: c.fullName, key: c.key }) }),
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
    <AdminSection id="new" title={t('new.title')} description={t('new.description')}>
      <Paper withBorder p="md">
        <form onSubmit={form.onSubmit((v) => void create.run(v))}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('new.key')}
              description={t('new.key.description')}
              placeholder={t('new.key.placeholder')}
              {...form.getInputProps('key')}
            />
            <TextInput
              label={t('new.fullName')}
              description={t('new.fullName.description')}
              placeholder={t('new.fullName.placeholder')}
              {...form.getInputProps('fullName')}
            />
            <Select
              label={t('new.cloneFrom')}
              description={t('new.cloneFrom.description')}
              placeholder={t('new.cloneFrom.placeholder')}
              clearable
              data={competitions.map((c) => ({ value: c.key, label: `${c.fullName} (${c.key})` }))}
              {...form.getInputProps('cloneFrom')}
            />
            <NumberInput
              label={t('new.offset')}
              description={t('new.offset.description')}
              disabled={!form.values.cloneFrom}
              allowDecimal={false}
              {...form.getInputProps('dateOffsetDays')}
            />
          </SimpleGrid>
          <Group mt="md">
            <Button type="submit" loading={create.busy}>
              {form.values.cloneFrom ? t('new.clone') : t('new.create')}
            </Button>
          </Group>
        </form>
        <CommandError command={create} title={t('new.failed')} />
      </Paper>
      {made && (
        <Alert
          mt="md"
          color="blue"
          title={t('new.readyTitle', { name: made.fullName })}
          withCloseButton
          onClose={() => setMade(null)}
        >
          <Anchor component={Link} to={competitionHome(made.key, '/admin')}>
            {t('new.open')}
          </Anchor>
          {made.accessCodes && made.accessCodes.length > 0 && (
            <>
              <Text size="sm" mt="sm" mb="xs">
                {t('new.codes')}
              </Text>
              <List size="sm" spacing={2}>
                {made.accessCodes.map((o) => (
                  <List.Item key={o.id}>
                    {roleName(t, o.role)} {o.name}: <code>{o.accessCode}</code>
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

/** An official's role in the reader's language ("Judge", "Wertungsrichter"). */
function roleName(t: CompetitionsT, role: string): string {
  return (officialRoles as readonly string[]).includes(role)
    ? t(`role.${role as (typeof officialRoles)[number]}`)
    : role;
}

/** A chosen file's text (FileReader: every browser, and jsdom in the tests). */
function readText(file: File, t: Translate<'restore.unreadable'>): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new ApiError(400, 'invalid', t('restore.unreadable', { file: file.name })));
    reader.readAsText(file);
  });
}

/** A problem of a damaged backup, its message in the reader's language where its code allows. */
type Problem = ReturnType<typeof detailIssues>[number];

function Restore() {
  const t = useT(competitionsText);
  const [file, setFile] = useState<File | null>(null);
  const [key, setKey] = useState('');
  const [refusal, setRefusal] = useState<{ message: string; problems: Problem[] } | null>(null);
  const restore = useCommand({
    run: async ({ file, key }: { file: File; key: string }) => {
      const text = await readText(file, t);
      let doc: unknown;
      try {
        doc = JSON.parse(text);
      } catch {
        throw new ApiError(400, 'invalid', t('restore.notJson', { file: file.name }));
      }
      return call(endpoints.postCompetitionsImport, { key: key.trim() }, doc);
    },
    success: (c) => ({ message: t('restore.done', { name: c.fullName, key: c.key }) }),
    refresh: LISTS,
    onSuccess: () => {
      setRefusal(null);
      setFile(null);
      setKey('');
    },
    onError: (error) => {
      // A damaged file: its list of problems, by table, row and field.
      if (error instanceof ApiError && Array.isArray(error.details) && error.details.length > 0) {
        setRefusal({ message: errorMessage(error), problems: detailIssues(error.details) });
        return true;
      }
      setRefusal(null);
      return false;
    },
  });
  const keyError = key.trim() && !competitionKey.safeParse(key.trim()).success ? t('keyHint') : null;
  return (
    <AdminSection id="restore" title={t('restore.title')} description={t('restore.description')}>
      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <FileInput
            label={t('restore.file')}
            placeholder={t('restore.file.placeholder')}
            accept="application/json,.json"
            value={file}
            onChange={setFile}
            clearable
          />
          <TextInput
            label={t('restore.key')}
            placeholder={t('restore.key.placeholder')}
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
            {t('restore.submit')}
          </Button>
        </Group>
        <CommandError command={restore} title={t('restore.failed')} />
        {refusal && (
          <Alert mt="md" color="red" title={t('restore.problems.title')} role="alert">
            <Text size="sm" mb="xs">
              {refusal.message}
            </Text>
            <List size="sm" spacing={2} aria-label={t('restore.problems')}>
              {refusal.problems.map((p, i) => (
                <List.Item key={i}>
                  <code>{p.path.join('.')}</code>: {p.message}
                </List.Item>
              ))}
            </List>
          </Alert>
        )}
      </Paper>
    </AdminSection>
  );
}
