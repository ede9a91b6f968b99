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
import { useT } from '../../../i18n/locale.ts';
import { officialsText } from './text.ts';

// The form (and its validation) loads when it is opened: the list shows without it.
const OfficialForm = lazyPart(() => import('./OfficialForm.tsx'), 'OfficialForm');

/** Admin → officials: judges and staff, their sign-in cards and codes, and each event's judge panel. */
export function OfficialsPage() {
  const t = useT(officialsText);
  usePageTitle(t('title'));
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
    // In the reader's words from the answer (its `message` is the server's English).
    success: (res, o) => ({
      title: t('deleted'),
      message:
        t('deleted.said', {
          name: o.name,
          role: `${t(`role.${o.role}`)}${o.letter ? ` ${o.letter}` : ''}`,
        }) +
        (res.panels.length ? t('deleted.panels', { events: res.panels.join(', ') }) : '') +
        (res.emptied.length ? t('deleted.emptied', { events: res.emptied.join(', ') }) : ''),
    }),
    failureTitle: (o) => t('notDeleted', { name: o.name }),
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
        title: t('newCode.question', { name: o.name }),
        message: t('newCode.message', { name: o.name }),
        confirmLabel: t('newCode.confirm'),
      },
      () => void newCode.run(o),
    );
  const printAll = (n: number) =>
    askThen(
      {
        title: t('allCodes.question', { count: n }),
        message: t('allCodes.message'),
        confirmLabel: t('allCodes.confirm'),
      },
      () => void allCodes.run(),
    );
  const confirmRemove = (o: AdminOfficial) =>
    askThen(
      {
        title: t('delete.question', { name: o.name }),
        message: t(o.role === 'Judge' ? 'delete.judge' : 'delete.official', {
          name: o.name,
          role: `${t(`role.${o.role}`)}${o.letter ? ` ${o.letter}` : ''}`,
        }),
        confirmLabel: t('delete'),
      },
      () => void remove.run(o),
    );

  return (
    <Stack gap="lg">
      <PageHeader
        title={t('title')}
        description={
          <>
            {t('description')}
            <AdminLink to="/admin/setup">{t('description.setup')}</AdminLink>
            {t('description.end')}
          </>
        }
        actions={
          <Group gap="xs">
            <Button
              variant="default"
              onClick={() => officials && void printAll(officials.length)}
              disabled={!officials?.length}
            >
              {t('printAll')}
            </Button>
            <Button onClick={() => setEditing('new')}>{t('add')}</Button>
          </Group>
        }
      />
      {isError && <ApiErrorAlert error={error} title={t('error.load')} />}
      <CommandError command={newCode} title={t('error.noNewCode')} />
      <CommandError command={allCodes} title={t('error.noNewCodes')} />
      <CommandError command={remove} />
      {!officials && !isError && <Skeleton h={240} aria-label={t('loading')} />}
      {officials && officials.length === 0 && (
        <Alert color="blue" title={t('empty.title')}>
          {t('empty.text')}
        </Alert>
      )}
      {officials && officials.length > 0 && (
        <Paper withBorder radius="md">
          <DataTable
            cards
            striped
            verticalSpacing={6}
            aria-label={t('title')}
            columns={[
              t('col.letter'),
              t('col.name'),
              t('col.role'),
              t('col.tablet'),
              t('col.bio'),
              actionsColumn,
            ]}
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
                <Table.Td>{t(`role.${o.role}`)}</Table.Td>
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
                    {t('edit')}
                  </Button>
                  <Button
                    size="compact-sm"
                    variant="light"
                    aria-label={t('card.of', { name: o.name })}
                    onClick={() => setCards([card(o)])}
                  >
                    {t('card.title')}
                  </Button>
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    aria-label={t('newCode.label', { name: o.name })}
                    onClick={() => void regenerate(o)}
                  >
                    {t('newCode')}
                  </Button>
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    color="red"
                    aria-label={t('delete.label', { name: o.name })}
                    onClick={() => void confirmRemove(o)}
                  >
                    {t('delete')}
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
