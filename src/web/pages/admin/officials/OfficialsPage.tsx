import { Alert, Anchor, Avatar, Button, Group, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import * as endpoints from '../../../../domain/schemas/endpoints.ts';
import { useQuery } from '@tanstack/react-query';
import { isOwnImage } from '../../../../domain/images.ts';
import { Suspense, useState } from 'react';
import { Link } from '../../../components/Link.tsx';
import { call } from '../../../api/client.ts';
import { useCompetition } from '../../../api/queries/competition.ts';
import { competitionQueryKey } from '../../../api/queries/keys.ts';
import { officialsQuery } from '../../../api/queries/officials.ts';
import type { AdminOfficial, OfficialWithNewCode } from '../../../api/types.ts';
import { useCommand } from '../../../api/useCommand.ts';
import { ApiErrorAlert, CommandError } from '../../../components/ApiErrorAlert.tsx';
import { ActionsCell, actionsColumn, DataTable } from '../../../components/DataTable.tsx';
import { AfterFirstPaint, lazyPart } from '../../../components/deferred.tsx';
import { useConfirm, type ConfirmQuestion } from '../../../components/useConfirm.tsx';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { AdminLink, PageHeader } from '../PageHeader.tsx';
import { AjsSplit } from './AjsSplit.tsx';
import { Panels } from './Panels.tsx';
import { tabletPath } from './signInCard.ts';
import { useScopedPath } from '../../../shared/competitionScope.ts';
import type { SignInCardData } from './SignInCards.tsx';
import { SignInCardsDialog } from './SignInCardsDialog.tsx';

// The form (and its validation) loads when it is opened: the list shows without it.
const OfficialForm = lazyPart(() => import('./OfficialForm.tsx'), 'OfficialForm');

/** Admin → officials: judges and staff, their sign-in cards and codes, and each event's judge panel. */
export function OfficialsPage() {
  usePageTitle('Officials');
  const { key, competition } = useCompetition();
  const scoped = useScopedPath();
  const { data: officials, isError, error } = useQuery(officialsQuery(key));
  const [editing, setEditing] = useState<AdminOfficial | 'new' | null>(null);
  const [cards, setCards] = useState<SignInCardData[] | null>(null);
  const [confirm, confirmDialog] = useConfirm();
  const refresh = key ? [competitionQueryKey(key, 'competition')] : [];
  const card = (o: OfficialWithNewCode | SignInCardData['official']): SignInCardData => ({
    official: o,
    ...('accessCode' in o ? { accessCode: o.accessCode } : {}),
  });

  const newCode = useCommand({
    run: (o: SignInCardData['official']) =>
      call(endpoints.postOfficialsCode, { key: key!, officialId: o.id }, {}),
    onSuccess: (res) => setCards([card(res)]),
    refresh,
  });
  const allCodes = useCommand({
    run: () => call(endpoints.postOfficialsCodes, { key: key! }, {}),
    onSuccess: (res) => setCards(res.officials.map(card)),
    refresh,
  });
  /** Refused by the server (409, said in words) once the official has marks. */
  const remove = useCommand({
    run: (o: AdminOfficial) => call(endpoints.deleteOfficialsOne, { key: key!, officialId: o.id }),
    success: (res) => ({ title: 'Official deleted', message: res.message }),
    failureTitle: (o) => `${o.name} was not deleted`,
    refresh: key ? [competitionQueryKey(key, 'competition'), competitionQueryKey(key, 'events')] : [],
  });

  /** Each of these cannot be undone: asked first; a new answer replaces the last one's error. */
  const askThen = async (question: ConfirmQuestion, then: () => void) => {
    if (!key || !(await confirm({ ...question, danger: true }))) return;
    for (const c of [newCode, allCodes, remove]) c.reset();
    then();
  };
  const regenerate = (o: SignInCardData['official']) =>
    askThen(
      {
        title: `New code for ${o.name}?`,
        message: `The old code stops working at once, and a tablet signed in with it is signed out. The new code is shown once, on ${o.name}'s sign-in card.`,
        confirmLabel: 'Give a new code',
      },
      () => void newCode.run(o),
    );
  const printAll = (n: number) =>
    askThen(
      {
        title: `New codes for all ${n} officials?`,
        message:
          'Printing everyone’s sign-in card gives every official a new access code: every old code stops working at once and every tablet signed in with one is signed out. The new codes are shown once, on the cards — print them straight away.',
        confirmLabel: 'Give new codes and show the cards',
      },
      () => void allCodes.run(),
    );
  const confirmRemove = (o: AdminOfficial) =>
    askThen(
      {
        title: `Delete ${o.name}?`,
        message:
          `${o.name} (${o.role}${o.letter ? ` ${o.letter}` : ''}) ` +
          (o.role === 'Judge' ? 'leaves every judge panel and ' : '') +
          'is signed out at once. An official who has already marked cannot be deleted.',
        confirmLabel: 'Delete',
      },
      () => void remove.run(o),
    );

  return (
    <Stack gap="lg">
      <PageHeader
        title="Officials"
        description={
          <>
            Judges, deck captain, scrutineer, chairman and MC. Each signs in on their own tablet&apos;s
            address with a 7-character access code, shown once: print their sign-in card when the code is
            issued. Organizers are edited in <AdminLink to="/admin/setup">setup</AdminLink> and listed on the
            About page.
          </>
        }
        actions={
          <Group gap="xs">
            <Button
              variant="default"
              onClick={() => officials && void printAll(officials.length)}
              disabled={!officials?.length}
            >
              Print all sign-in cards
            </Button>
            <Button onClick={() => setEditing('new')}>Add official</Button>
          </Group>
        }
      />
      {isError && <ApiErrorAlert error={error} title="The officials could not load" />}
      <CommandError command={newCode} title="No new code" />
      <CommandError command={allCodes} title="No new codes" />
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
            cards
            striped
            verticalSpacing={6}
            aria-label="Officials"
            columns={['Letter', 'Name', 'Role', 'Tablet', 'Bio', actionsColumn]}
          >
            {officials.map((o) => (
              <Table.Tr key={o.id} data-testid={`official-${o.id}`}>
                <Table.Td fw={700}>{o.letter || '—'}</Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Avatar src={isOwnImage(o.photoURL) ? o.photoURL : null} size="sm" alt="" radius="xl">
                      {o.name.slice(0, 1)}
                    </Avatar>
                    <Text size="sm" fw={600}>
                      {o.name}
                    </Text>
                  </Group>
                </Table.Td>
                <Table.Td>{o.role}</Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={tabletPath(o)} size="sm" ff="monospace" target="_blank">
                    {scoped(tabletPath(o))}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" lineClamp={1} maw={360}>
                    {o.bio}
                  </Text>
                </Table.Td>
                <ActionsCell>
                  <Button size="compact-sm" variant="subtle" onClick={() => setEditing(o)}>
                    Edit
                  </Button>
                  <Button
                    size="compact-sm"
                    variant="light"
                    aria-label={`Sign-in card of ${o.name}`}
                    onClick={() => setCards([card(o)])}
                  >
                    Sign-in card
                  </Button>
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    aria-label={`New code for ${o.name}`}
                    onClick={() => void regenerate(o)}
                  >
                    New code
                  </Button>
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    color="red"
                    aria-label={`Delete ${o.name}`}
                    onClick={() => void confirmRemove(o)}
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
          <AjsSplit competitionKey={key} officials={officials} />
        </AfterFirstPaint>
      )}
      {key && editing && (
        <Suspense fallback={null}>
          <OfficialForm
            competitionKey={key}
            official={editing === 'new' ? null : editing}
            onClose={() => setEditing(null)}
            onCreated={(c) => setCards([card(c)])}
          />
        </Suspense>
      )}
      <SignInCardsDialog
        cards={cards}
        competitionName={competition?.fullName ?? ''}
        onClose={() => setCards(null)}
        onNewCode={(o) => void regenerate(o)}
      />
      {confirmDialog}
    </Stack>
  );
}
