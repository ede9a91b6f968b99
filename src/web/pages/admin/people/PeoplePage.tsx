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

const PEOPLE = ['people'] as const;

/** Where a person is linked: each competition with the competitor's name and email. */
function Competitors({ person }: { person: PersonAdmin }) {
  if (!person.competitors.length)
    return <Text size="sm" c="dimmed">{`No competitor; ${person.importedResults} imported results`}</Text>;
  return (
    <Stack gap={2}>
      {person.competitors.map((c) => (
        <Text size="sm" key={c.competitorId}>
          <strong>{c.competitionName}</strong> ({c.startDate.slice(0, 4)}) — {c.name} ·{' '}
          {c.email || 'no email'} · {c.entries} {c.entries === 1 ? 'entry' : 'entries'}
        </Text>
      ))}
      {person.importedResults > 0 && (
        <Text size="sm" c="dimmed">
          {person.importedResults} imported results
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
const listOf = (words: string[]) =>
  words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;

/**
 * One name held by several persons: choose the one to keep and merge the others into it, or say they
 * are different dancers (the group then leaves the review).
 */
function DuplicateCard({ group }: { group: DuplicateGroup }) {
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
    success: () => ({ message: `Merged into #${kept.id} ${kept.name}.` }),
  });
  const distinct = useCommand({
    run: () => call(endpoints.postPeopleDistinct, {}, { personIds: group.persons.map((p) => p.id) }),
    refresh: [PEOPLE],
    success: (r) => ({ message: r.message }),
  });
  return (
    <Paper withBorder radius="md" p="md" aria-label={`Likely duplicates: ${group.name}`} component="section">
      {dialog}
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h5">
            {group.name} <Badge variant="light">{group.persons.length} people</Badge>
          </Title>
          <Group gap="xs">
            <Button
              size="sm"
              variant="default"
              loading={distinct.busy}
              onClick={async () => {
                const yes = await confirm({
                  title: 'Different dancers?',
                  message: `${listOf(group.persons.map(named))} are different dancers who share a name: each keeps their own competitors, results and points, and they leave this review. Merging them later is still possible.`,
                  confirmLabel: 'Different dancers',
                });
                if (yes) void distinct.run(undefined);
              }}
            >
              Different dancers
            </Button>
            <Button
              size="sm"
              loading={merge.busy}
              onClick={async () => {
                const yes = await confirm({
                  title: `Merge into #${kept.id}?`,
                  message: `${others.map((o) => `#${o.id}`).join(', ')} become #${kept.id} ${kept.name}: their competitors, emails and imported results move to #${kept.id}, and their points count together. A wrong merge is undone by splitting each competitor off again.`,
                  confirmLabel: 'Merge',
                });
                if (yes) void merge.run(undefined);
              }}
            >
              Merge into #{kept.id}
            </Button>
          </Group>
        </Group>
        {group.distinctPairs.length > 0 && (
          <Text size="sm" c="dimmed">
            Marked as different dancers: {group.distinctPairs.map(([a, b]) => `#${a} and #${b}`).join('; ')}.
          </Text>
        )}
        <Radio.Group value={keep} onChange={setKeep} aria-label="The person to keep">
          <DataTable fz="sm" columns={[{ label: 'Keep', w: 60 }, 'Person', 'Emails', 'Where']}>
            {group.persons.map((p) => (
              <Table.Tr key={p.id}>
                <Table.Td>
                  <Radio value={String(p.id)} aria-label={`Keep #${p.id}`} />
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
        <CommandError command={merge} title="Not merged" />
        <CommandError command={distinct} title="Not marked as different dancers" />
      </Stack>
    </Paper>
  );
}

/** A person by number, with a way to split a wrongly linked competitor off. */
function FindPerson() {
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
    success: (r) => ({ message: `Split off as #${r.other!.id} ${r.other!.name}.` }),
  });
  const p = person.data;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Find a person">
      {dialog}
      <Stack gap="sm">
        <Title order={2} size="h4">
          Find a person
        </Title>
        <Text size="sm" c="dimmed">
          The number is on the person&apos;s public page (/people/number) and in the duplicates above.
        </Text>
        <WholeNumberInput
          label="Person number"
          min={1}
          w={200}
          onChange={(v) => setId(typeof v === 'number' && v > 0 ? v : undefined)}
        />
        {person.error !== null && (
          <ApiErrorAlert
            error={person.error}
            message={
              person.error instanceof ApiError && person.error.status === 404
                ? `No person #${id}.`
                : undefined
            }
          />
        )}
        {p && (
          <Stack gap="xs">
            <Text>
              {personLink(p)} · emails: {p.identities.map((i) => i.email).join(', ') || 'none'}
            </Text>
            <DataTable cards fz="sm" columns={['Competition', 'Competitor', 'Email', 'Entries', '']}>
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
                          title: 'Split this competitor off?',
                          message: `${c.name} at ${c.competitionName} becomes a new person with their own results and points; a later registration with ${c.email || 'this name'} joins the new person.`,
                          confirmLabel: 'Split off',
                        });
                        if (yes) void split.run(c.competitorId);
                      }}
                    >
                      Not the same dancer: split off
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </DataTable>
          </Stack>
        )}
        <CommandError command={split} title="Not split" />
      </Stack>
    </Paper>
  );
}

/** Results from competitions elsewhere: check (dry run), then import all or nothing. */
function ImportResults() {
  const who = (d: { name: string; personId: number | null }) =>
    d.personId === null ? `${d.name} (new person)` : `#${d.personId} ${d.name}`;
  return (
    <CsvImportPanel<ResultsImportAnswer>
      title="Import results from elsewhere (CSV)"
      sectionLabel="Import results"
      help={
        <>
          One couple&apos;s placing per row, with a header row: <Code>{RESULT_COLUMNS.join(',')}</Code>.
          Separate dances with <Code>;</Code> (e.g. <Code>Waltz; Quickstep</Code>). <Code>rounds danced</Code>{' '}
          counts the final: 1 is a straight final, 2 a semi-final and the final. <Code>lead</Code> and{' '}
          <Code>follow</Code> are names, or <Code>#12</Code> for person 12: a name is the one person of that
          name, else a new person. These placings count for YCN points.
        </>
      }
      send={(csv, dryRun) => call(endpoints.postPeopleResultsImport, {}, { csv, dryRun })}
      refresh={[PEOPLE]}
      importable={(r) => r.results.length}
      importLabel={(n) => `Import ${n} results`}
      importedMessage={(r) => `Imported ${r.created} results.`}
      clearWhenImported
      preview={(checked) =>
        checked.results.length > 0 && (
          <DataTable
            fz="sm"
            aria-label="Results to import"
            columns={['Line', 'Competition', 'Event', 'Place', 'Lead', 'Follow']}
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
  usePageTitle('People');
  const duplicates = useQuery(duplicatesQuery());
  return (
    <Stack gap="lg">
      <PageHeader
        title="People across competitions"
        description="Every competitor is a person shared by all competitions on this server, known by name and email. Review likely duplicates (the same name with different emails), merge them, split a wrong link, and import results from elsewhere for YCN points. Site administrators only."
      />
      <Stack gap="sm" component="section" aria-label="Likely duplicates">
        <Title order={2} size="h4">
          Likely duplicates
        </Title>
        {duplicates.error ? (
          <ApiErrorAlert error={duplicates.error} title="The people could not be read" />
        ) : !duplicates.data ? (
          <Skeleton height={160} />
        ) : duplicates.data.length === 0 ? (
          <Text c="dimmed">No two people share a name: nothing to review.</Text>
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
