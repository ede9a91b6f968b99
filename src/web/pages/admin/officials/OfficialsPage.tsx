import { Alert, Avatar, Button, Group, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { api } from '../../../api/client.ts';
import { paths } from '../../../api/paths.ts';
import { useSiteKey } from '../../../api/queries/competition.ts';
import { competitionQueryKey } from '../../../api/queries/keys.ts';
import { officialsQuery } from '../../../api/queries/officials.ts';
import type {
  AdminOfficial,
  MessageResponse,
  OfficialCreated,
  OfficialWithNewCode,
} from '../../../api/types.ts';
import { useCommand } from '../../../api/useCommand.ts';
import { ApiErrorAlert, CommandError } from '../../../components/ApiErrorAlert.tsx';
import { ActionsCell, actionsColumn, DataTable } from '../../../components/DataTable.tsx';
import { AfterFirstPaint, lazyPart } from '../../../components/deferred.tsx';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { AdminLink, PageHeader } from '../PageHeader.tsx';
import { AccessCodeModal } from './AccessCodeModal.tsx';
import { Panels } from './Panels.tsx';

// The form (and its validation) loads when it is opened: the list shows without it.
const OfficialForm = lazyPart(
  () => import('./OfficialForm.tsx'),
  (m) => m.OfficialForm,
);

/** Admin → officials: judges and staff, their access codes, and each event's judge panel. */
export function OfficialsPage() {
  usePageTitle('Officials');
  const { key } = useSiteKey();
  const { data: officials, isError, error } = useQuery(officialsQuery(key));
  const [editing, setEditing] = useState<AdminOfficial | 'new' | null>(null);
  const [code, setCode] = useState<OfficialCreated | null>(null);

  const newCode = useCommand({
    run: (o: AdminOfficial) => api.post<OfficialWithNewCode>(paths.officialCode(key!, o.id), {}),
    onSuccess: (res) => setCode(res),
    refresh: key ? [competitionQueryKey(key, 'competition')] : [],
  });
  const regenerate = (o: AdminOfficial) => {
    if (!key) return;
    if (!window.confirm(`Give ${o.name} a new access code? The old code stops working at once.`)) return;
    remove.reset();
    void newCode.run(o);
  };

  /** Refused by the server (409, said in words) once the official has marks. */
  const remove = useCommand({
    run: (o: AdminOfficial) => api.del<MessageResponse>(paths.official(key!, o.id)),
    success: (res) => ({ title: 'Official deleted', message: res.message }),
    failureTitle: (o) => `${o.name} was not deleted`,
    refresh: key ? [competitionQueryKey(key, 'competition'), competitionQueryKey(key, 'events')] : [],
  });
  const confirmRemove = (o: AdminOfficial) => {
    if (!key) return;
    const what =
      `Delete ${o.name} (${o.role}${o.letter ? ` ${o.letter}` : ''})? ` +
      (o.role === 'Judge' ? 'They leave every judge panel and ' : 'They ') +
      'are signed out at once. An official who has already marked cannot be deleted.';
    if (!window.confirm(what)) return;
    newCode.reset();
    void remove.run(o);
  };

  return (
    <Stack gap="lg">
      <PageHeader
        title="Officials"
        description={
          <>
            Judges, deck captain, scrutineer, chairman and MC. Each signs in with a 7-character access code,
            shown once. Organizers are edited in <AdminLink to="/admin/setup">setup</AdminLink> and listed on
            the About page.
          </>
        }
        actions={<Button onClick={() => setEditing('new')}>Add official</Button>}
      />
      {isError && <ApiErrorAlert error={error} title="The officials could not load" />}
      <CommandError command={newCode} title="No new code" />
      <CommandError command={remove} />
      {!officials && !isError && <Skeleton h={240} aria-label="Loading the officials" />}
      {officials && officials.length === 0 && (
        <Alert color="blue" title="No officials yet">
          Add the judges first: they get the letters A, B, C… used on the sheets.
        </Alert>
      )}
      {officials && officials.length > 0 && (
        <Paper withBorder radius="md">
          <DataTable
            striped
            verticalSpacing={6}
            aria-label="Officials"
            columns={['Letter', 'Name', 'Role', 'Bio', actionsColumn]}
          >
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
                <ActionsCell>
                  <Button size="compact-sm" variant="subtle" onClick={() => setEditing(o)}>
                    Edit
                  </Button>
                  <Button size="compact-sm" variant="light" onClick={() => regenerate(o)}>
                    New code
                  </Button>
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    color="red"
                    aria-label={`Delete ${o.name}`}
                    onClick={() => confirmRemove(o)}
                  >
                    Delete
                  </Button>
                </ActionsCell>
              </Table.Tr>
            ))}
          </DataTable>
        </Paper>
      )}
      {key && officials && (
        // Below the officials: drawn once they show.
        <AfterFirstPaint>
          <Panels competitionKey={key} officials={officials} />
        </AfterFirstPaint>
      )}
      {key && editing && (
        <Suspense fallback={null}>
          <OfficialForm
            competitionKey={key}
            official={editing === 'new' ? null : editing}
            onClose={() => setEditing(null)}
            onCreated={(c) => setCode(c)}
          />
        </Suspense>
      )}
      <AccessCodeModal code={code} onClose={() => setCode(null)} />
    </Stack>
  );
}
