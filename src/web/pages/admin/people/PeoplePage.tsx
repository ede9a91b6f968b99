import * as endpoints from '../../../../domain/schemas/endpoints.ts';
import {
  Anchor,
  Badge,
  Button,
  Code,
  Group,
  Paper,
  Radio,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from '../../../components/Link.tsx';
import { call, ApiError } from '../../../api/client.ts';
import { duplicatesQuery, personAdminQuery } from '../../../api/queries/people.ts';
import { useCommand } from '../../../api/useCommand.ts';
import { ApiErrorAlert, CommandError } from '../../../components/ApiErrorAlert.tsx';
import { DataTable } from '../../../components/DataTable.tsx';
import { CsvImportPanel } from '../../../components/CsvImportPanel.tsx';
import { useConfirm } from '../../../components/useConfirm.tsx';
import { PageHeader } from '../PageHeader.tsx';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { AuditRecord } from '../AuditRecord.tsx';
import {
  RESULT_COLUMNS,
  type DuplicateGroup,
  type PersonAdmin,
  type PersonChange,
  type ResultsImportAnswer,
} from '../../../../domain/schemas/people.ts';
import { WholeNumberInput } from '../../../components/WholeNumberInput.tsx';
import { peopleText, type PeopleKey } from './text.ts';
import { useT } from '../../../i18n/locale.ts';
import type { Translate } from '../../../../domain/i18n/catalog.ts';
import { richText } from '../competitors/richText.tsx';

const PEOPLE = ['people'] as const;

/** Where a person is linked: each competition with the competitor's name and email. */
function Competitors({ person }: { person: PersonAdmin }) {
  const t = useT(peopleText);
  if (!person.competitors.length)
    return (
      <Text size="sm" c="dimmed">
        {t('competitors.none', { count: person.importedResults })}
      </Text>
    );
  return (
    <Stack gap={2}>
      {person.competitors.map((c) => (
        <Text size="sm" key={c.competitorId}>
          {richText(
            (v) =>
              t('competitors.line', {
                ...v,
                year: c.startDate.slice(0, 4),
                name: c.name,
                email: c.email || t('competitors.noEmail'),
                entries: c.entries,
              }),
            { competition: <strong>{c.competitionName}</strong> },
          )}
        </Text>
      ))}
      {person.importedResults > 0 && (
        <Text size="sm" c="dimmed">
          {t('competitors.imported', { count: person.importedResults })}
        </Text>
      )}
    </Stack>
  );
}

const personLink = (p: { id: number; name: string }) => (
  <Anchor component={Link} to={`/people/${p.id}`} target="_blank">
    #{p.id} {p.name}
  </Anchor>
);

const named = (p: { id: number; name: string }) => `#${p.id} ${p.name}`;
/** "a, b and c" */
const listOf = (words: string[], t: Translate<PeopleKey>) =>
  words.length < 2
    ? words.join('')
    : t('list.and', { rest: words.slice(0, -1).join(', '), last: words.at(-1) });

/**
 * One name held by several persons: choose the one to keep and merge the others into it, or say they
 * are different dancers (the group then leaves the review).
 */
function DuplicateCard({ group }: { group: DuplicateGroup }) {
  const t = useT(peopleText);
  const [keep, setKeep] = useState(String(group.persons[0]!.id));
  const [confirm, dialog] = useConfirm();
  const kept = group.persons.find((p) => String(p.id) === keep) ?? group.persons[0]!;
  const others = group.persons.filter((p) => p.id !== kept.id);
  const merge = useCommand({
    run: async () => {
      let last: PersonChange | undefined;
      for (const o of others)
        last = await call(
          endpoints.postPeopleMerge,
          {},
          {
            from: o.id,
            into: kept.id,
            fromVersion: o.version,
            intoVersion: last?.person.version ?? kept.version,
          },
        );
      return last!;
    },
    refresh: [PEOPLE],
    success: () => ({ message: t('dup.merged', { id: kept.id, name: kept.name }) }),
  });
  const distinct = useCommand({
    run: () => call(endpoints.postPeopleDistinct, {}, { personIds: group.persons.map((p) => p.id) }),
    refresh: [PEOPLE],
    // In the reader's words from the answer (its `message` is the server's English).
    success: (r) => {
      const names = r.persons.map((p) => `#${p.id} ${p.name}`);
      const list = t('dup.list', { list: names.slice(0, -1).join(', '), last: names.at(-1) ?? '' });
      return { message: t(r.marked.length ? 'dup.distinct' : 'dup.alreadyDistinct', { names: list }) };
    },
  });
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      aria-label={t('dup.region', { name: group.name })}
      component="section"
    >
      {dialog}
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h5">
            {group.name} <Badge variant="light">{t('dup.people', { count: group.persons.length })}</Badge>
          </Title>
          <Group gap="xs">
            <Button
              size="sm"
              variant="default"
              loading={distinct.busy}
              onClick={async () => {
                const yes = await confirm({
                  title: t('dup.differentQ'),
                  message: t('dup.differentMsg', { names: listOf(group.persons.map(named), t) }),
                  confirmLabel: t('dup.different'),
                });
                if (yes) void distinct.run(undefined);
              }}
            >
              {t('dup.different')}
            </Button>
            <Button
              size="sm"
              loading={merge.busy}
              onClick={async () => {
                const yes = await confirm({
                  title: t('dup.mergeQ', { id: kept.id }),
                  message: t('dup.mergeMsg', {
                    others: others.map((o) => `#${o.id}`).join(', '),
                    id: kept.id,
                    name: kept.name,
                  }),
                  confirmLabel: t('dup.mergeLabel'),
                });
                if (yes) void merge.run(undefined);
              }}
            >
              {t('dup.mergeButton', { id: kept.id })}
            </Button>
          </Group>
        </Group>
        {group.distinctPairs.length > 0 && (
          <Text size="sm" c="dimmed">
            {t('dup.marked', {
              pairs: group.distinctPairs.map(([a, b]) => t('dup.pair', { a, b })).join('; '),
            })}
          </Text>
        )}
        <Radio.Group value={keep} onChange={setKeep} aria-label={t('dup.keepGroup')}>
          <DataTable
            fz="sm"
            columns={[{ label: t('col.keep'), w: 60 }, t('col.person'), t('col.emails'), t('col.where')]}
          >
            {group.persons.map((p) => (
              <Table.Tr key={p.id}>
                <Table.Td>
                  <Radio value={String(p.id)} aria-label={t('dup.keep', { id: p.id })} />
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{personLink(p)}</Table.Td>
                <Table.Td>{p.identities.map((i) => i.email).join(', ') || '—'}</Table.Td>
                <Table.Td>
                  <Competitors person={p} />
                </Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
        </Radio.Group>
        <CommandError command={merge} title={t('dup.notMerged')} />
        <CommandError command={distinct} title={t('dup.notDistinct')} />
      </Stack>
    </Paper>
  );
}

/** A person by number, with a way to split a wrongly linked competitor off. */
function FindPerson() {
  const t = useT(peopleText);
  const [id, setId] = useState<number | undefined>(undefined);
  const person = useQuery(personAdminQuery(id));
  const [confirm, dialog] = useConfirm();
  const split = useCommand({
    run: (competitorId: number) =>
      call(
        endpoints.postPeopleSplit,
        { personId: person.data!.id },
        {
          competitorId,
          version: person.data!.version,
        },
      ),
    refresh: [PEOPLE],
    success: (r) => ({ message: t('find.split', { id: r.other!.id, name: r.other!.name }) }),
  });
  const p = person.data;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={t('find.section')}>
      {dialog}
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('find.section')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('find.lead')}
        </Text>
        <WholeNumberInput
          label={t('find.number')}
          min={1}
          w={200}
          onChange={(v) => setId(typeof v === 'number' && v > 0 ? v : undefined)}
        />
        {person.error !== null && (
          <ApiErrorAlert
            error={person.error}
            message={
              person.error instanceof ApiError && person.error.status === 404
                ? t('find.none', { id })
                : undefined
            }
          />
        )}
        {p && (
          <Stack gap="xs">
            <Text>
              {richText(
                (v) =>
                  t('find.emails', {
                    ...v,
                    emails: p.identities.map((i) => i.email).join(', ') || t('find.noEmails'),
                  }),
                { person: personLink(p) },
              )}
            </Text>
            <DataTable
              cards
              fz="sm"
              columns={[t('col.competition'), t('col.competitor'), t('col.email'), t('col.entries'), '']}
            >
              {p.competitors.map((c) => (
                <Table.Tr key={c.competitorId}>
                  <Table.Td>{c.competitionName}</Table.Td>
                  <Table.Td>{c.name}</Table.Td>
                  <Table.Td>{c.email || '—'}</Table.Td>
                  <Table.Td>{c.entries}</Table.Td>
                  <Table.Td className="row-actions">
                    <Button
                      size="xs"
                      variant="default"
                      disabled={p.competitors.length === 1 && p.importedResults === 0}
                      onClick={async () => {
                        const yes = await confirm({
                          title: t('find.splitQ'),
                          message: t('find.splitMsg', {
                            name: c.name,
                            competition: c.competitionName,
                            email: c.email || t('find.thisName'),
                          }),
                          confirmLabel: t('find.splitLabel'),
                        });
                        if (yes) void split.run(c.competitorId);
                      }}
                    >
                      {t('find.splitButton')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </DataTable>
          </Stack>
        )}
        <CommandError command={split} title={t('find.notSplit')} />
      </Stack>
    </Paper>
  );
}

/** The file's own words (column names, dances as the file writes them): the same in every language. */
const CODES = {
  semicolon: ';',
  example: 'Waltz; Quickstep',
  roundsDanced: 'rounds danced',
  lead: 'lead',
  follow: 'follow',
  personRef: '#12',
} as const;

/** Results from competitions elsewhere: check (dry run), then import all or nothing. */
function ImportResults() {
  const t = useT(peopleText);
  const who = (d: { name: string; personId: number | null }) =>
    d.personId === null ? t('import.newPerson', { name: d.name }) : `#${d.personId} ${d.name}`;
  return (
    <CsvImportPanel<ResultsImportAnswer>
      title={t('import.title')}
      sectionLabel={t('import.section')}
      help={
        <>
          {richText((v) => t('import.help', v), {
            columns: <Code>{RESULT_COLUMNS.join(',')}</Code>,
            semicolon: <Code>{CODES.semicolon}</Code>,
            example: <Code>{CODES.example}</Code>,
            roundsDanced: <Code>{CODES.roundsDanced}</Code>,
            lead: <Code>{CODES.lead}</Code>,
            follow: <Code>{CODES.follow}</Code>,
            personRef: <Code>{CODES.personRef}</Code>,
          })}
        </>
      }
      send={(csv, dryRun) => call(endpoints.postPeopleResultsImport, {}, { csv, dryRun })}
      refresh={[PEOPLE]}
      importable={(r) => r.results.length}
      importLabel={(n) => t('import.label', { count: n })}
      importedMessage={(r) => t('import.imported', { count: r.created })}
      clearWhenImported
      preview={(checked) =>
        checked.results.length > 0 && (
          <DataTable
            fz="sm"
            aria-label={t('import.table')}
            columns={[
              t('col.line'),
              t('col.competition'),
              t('col.event'),
              t('col.place'),
              t('col.lead'),
              t('col.follow'),
            ]}
          >
            {checked.results.map((r) => (
              <Table.Tr key={r.line}>
                <Table.Td>{r.line}</Table.Td>
                <Table.Td>
                  {r.competition} ({r.date})
                </Table.Td>
                <Table.Td>{r.event}</Table.Td>
                <Table.Td>{r.place}</Table.Td>
                <Table.Td>{who(r.lead)}</Table.Td>
                <Table.Td>{who(r.follow)}</Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
        )
      }
    />
  );
}

/** /admin/people: dancers across every competition (site administrators). */
export function PeoplePage() {
  const t = useT(peopleText);
  usePageTitle(t('page.title'));
  const duplicates = useQuery(duplicatesQuery());
  return (
    <Stack gap="lg">
      <PageHeader title={t('page.header')} description={t('page.description')} />
      <Stack gap="sm" component="section" aria-label={t('dup.title')}>
        <Title order={2} size="h4">
          {t('dup.title')}
        </Title>
        {duplicates.error ? (
          <ApiErrorAlert error={duplicates.error} title={t('page.loadError')} />
        ) : !duplicates.data ? (
          <Skeleton height={160} />
        ) : duplicates.data.length === 0 ? (
          <Text c="dimmed">{t('page.empty')}</Text>
        ) : (
          duplicates.data.map((g) => <DuplicateCard key={g.persons.map((p) => p.id).join('-')} group={g} />)
        )}
      </Stack>
      <FindPerson />
      <ImportResults />
      <AuditRecord />
    </Stack>
  );
}
