import {
  ActionIcon,
  Anchor,
  Autocomplete,
  Button,
  CopyButton,
  Group,
  Menu,
  Paper,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { TEAMS } from '../../../../domain/teams.ts';
import * as endpoints from '../../../../domain/schemas/endpoints.ts';
import type { TeamAccount } from '../../../../domain/schemas/money.ts';
import { call } from '../../../api/client.ts';
import { teamsQuery } from '../../../api/queries/money.ts';
import { useCommand } from '../../../api/useCommand.ts';
import { ApiErrorAlert, CommandError } from '../../../components/ApiErrorAlert.tsx';
import { DataTable } from '../../../components/DataTable.tsx';
import { Link } from '../../../components/Link.tsx';
import { useConfirm } from '../../../components/useConfirm.tsx';
import { inScope } from '../../../shared/competitionScope.ts';
import { BalanceText, moneyRefresh } from './moneyWords.tsx';
import { moneyText } from './text.ts';
import { useT } from '../../../i18n/locale.ts';

/**
 * The captain's private link: always at the competition's own address (`/c/{key}/…`), as number cards
 * and sign-in cards are, so it keeps opening this competition whichever one the site serves at `/`.
 */
export const captainLink = (competitionKey: string, token: string) =>
  `${window.location.origin}${inScope(competitionKey, `/team-invoice/${encodeURIComponent(token)}`)}`;

/** The menu button's symbol (its name is its aria-label). */
const MORE_MARK = '⋯';

type LinkChange = { team: TeamAccount; change: 'create' | 'replace' | 'revoke' };

/** The teams' billing: who pays for a team's couples, the team's invoice, the captain's link. */
export function TeamsSection({ competitionKey }: { competitionKey: string }) {
  const t = useT(moneyText);
  const teams = useQuery(teamsQuery(competitionKey));
  const [confirm, dialog] = useConfirm();
  const refresh = moneyRefresh(competitionKey);

  const pays = useCommand({
    run: ({ team, on }: { team: TeamAccount; on: boolean }) =>
      call(
        endpoints.putTeams,
        { key: competitionKey },
        { name: team.name, pays: on, ...(team.id !== null ? { version: team.version } : {}) },
      ),
    refresh,
    success: (team) => ({
      message: team.pays
        ? team.invoiceNumber === null
          ? t('teams.paysNew', { team: team.name })
          : t('teams.paysMoved', { team: team.name, number: team.invoiceNumber })
        : t('teams.couplesPayAgain', { team: team.name }),
    }),
    failureTitle: ({ team }) => t('teams.paysFailed', { team: team.name }),
  });

  const link = useCommand({
    run: ({ team, change }: LinkChange) =>
      call(
        change === 'revoke' ? endpoints.postTeamsLinkRevoke : endpoints.postTeamsLink,
        { key: competitionKey },
        { name: team.name },
      ),
    refresh,
    success: (team, { change }) => ({
      message:
        change === 'revoke'
          ? t('link.revoked', { team: team.name })
          : change === 'replace'
            ? t('link.replaced', { team: team.name })
            : t('link.created', { team: team.name }),
    }),
    failureTitle: ({ team }) => t('link.failed', { team: team.name }),
  });

  const askPays = async (team: TeamAccount, on: boolean) => {
    const count = team.couples;
    const yes = await confirm(
      on
        ? {
            title: t('confirm.teamPaysTitle', { team: team.name }),
            message: team.invoiceNumber
              ? t('confirm.teamPaysInvoice', { count, number: team.invoiceNumber })
              : t('confirm.teamPays', { count }),
            confirmLabel: t('teamPays'),
          }
        : {
            title: t('confirm.couplesPayTitle', { team: team.name }),
            message: t('confirm.couplesPay', { count }),
            confirmLabel: t('couplesPay'),
          },
    );
    if (yes) await pays.run({ team, on });
  };

  const askLink = async (team: TeamAccount, change: LinkChange['change']) => {
    if (change !== 'create') {
      const yes = await confirm(
        change === 'replace'
          ? {
              title: t('confirm.replaceTitle', { team: team.name }),
              message: t('confirm.replace'),
              confirmLabel: t('link.replace'),
              danger: true,
            }
          : {
              title: t('confirm.revokeTitle', { team: team.name }),
              message: t('confirm.revoke'),
              confirmLabel: t('link.revoke'),
              danger: true,
            },
      );
      if (!yes) return;
    }
    await link.run({ team, change });
  };

  const [newTeam, setNewTeam] = useState('');
  const addTeam = () => {
    const name = newTeam.trim();
    if (!name) return;
    const known = teams.data?.teams.find((x) => x.name === name);
    // A team already listed moves its couples' entries: asked first, as its switch does.
    if (known) {
      setNewTeam('');
      if (!known.pays) void askPays(known, true);
      return;
    }
    void pays
      .run({
        team: {
          id: null,
          name,
          couples: 0,
          pays: false,
          token: null,
          invoiceId: null,
          invoiceNumber: null,
          balanceCents: 0,
          version: 0,
        },
        on: true,
      })
      .then((done) => {
        if (done) setNewTeam('');
      });
  };

  if (teams.isError) return <ApiErrorAlert error={teams.error} title={t('teams.loadError')} />;
  if (!teams.data) return <Skeleton h={240} aria-label={t('teams.loading')} />;
  const list = teams.data.teams;
  const busy = pays.busy || link.busy;
  return (
    <Stack gap="sm">
      {dialog}
      <CommandError command={pays} title={t('notChanged')} />
      <CommandError command={link} title={t('notChanged')} />
      <form
        onSubmit={(e) => {
          e.preventDefault();
          addTeam();
        }}
      >
        <Group gap="sm" align="flex-end">
          <Autocomplete
            label={t('teams.addLabel')}
            description={t('teams.addDescription')}
            placeholder={t('teams.addPlaceholder')}
            data={TEAMS}
            limit={8}
            value={newTeam}
            onChange={setNewTeam}
            w={420}
            maxLength={200}
          />
          <Button type="submit" variant="light" disabled={busy || !newTeam.trim()}>
            {t('teamPays')}
          </Button>
        </Group>
      </form>
      {list.length === 0 ? (
        <Text c="dimmed" className="empty-state">
          {t('teams.empty')}
        </Text>
      ) : (
        <Paper withBorder radius="md">
          <DataTable
            cards
            striped
            fz="sm"
            verticalSpacing={6}
            miw={900}
            aria-label={t('teams.title')}
            columns={[
              { label: t('column.team'), miw: 180 },
              { label: t('column.couples'), ta: 'right' },
              t('teamPays'),
              t('column.teamInvoice'),
              { label: t('column.captainLink'), w: '40%' },
            ]}
          >
            {list.map((team) => (
              <Table.Tr key={team.name} data-testid={`team-${team.name}`}>
                <Table.Td fw={500}>{team.name}</Table.Td>
                <Table.Td ta="right">{team.couples}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Switch
                    checked={team.pays}
                    disabled={busy}
                    aria-label={t('teams.paysLabel', { team: team.name })}
                    label={team.pays ? t('teamPays') : t('couplesPay')}
                    onChange={(e) => void askPays(team, e.currentTarget.checked)}
                  />
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {team.invoiceId !== null ? (
                    <Group gap={6} wrap="nowrap">
                      <Anchor component={Link} to={`/admin/money/invoices/${team.invoiceId}`} fz="sm">
                        {t('invoiceNumber', { number: team.invoiceNumber })}
                      </Anchor>
                      <BalanceText cents={team.balanceCents} currency={teams.data.currency} />
                    </Group>
                  ) : (
                    <Text span c="dimmed" fz="sm">
                      {t('none')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <CaptainLink
                    team={team}
                    url={team.token ? captainLink(competitionKey, team.token) : null}
                    busy={busy}
                    onChange={(change) => void askLink(team, change)}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
        </Paper>
      )}
    </Stack>
  );
}

function CaptainLink({
  team,
  url,
  busy,
  onChange,
}: {
  team: TeamAccount;
  url: string | null;
  busy: boolean;
  onChange: (change: LinkChange['change']) => void;
}) {
  const t = useT(moneyText);
  if (!url)
    return (
      <Button size="compact-sm" variant="light" disabled={busy} onClick={() => onChange('create')}>
        {t('link.create')}
      </Button>
    );
  return (
    <Group gap={4} wrap="nowrap">
      <Text
        ff="monospace"
        fz="xs"
        style={{ flex: 1, minWidth: 0, wordBreak: 'break-all', userSelect: 'all' }}
        data-testid="captain-link"
      >
        {url}
      </Text>
      <CopyButton value={url}>
        {({ copied, copy }) => (
          <Button
            size="compact-sm"
            variant={copied ? 'filled' : 'light'}
            color={copied ? 'teal' : undefined}
            onClick={copy}
            style={{ flexShrink: 0 }}
          >
            {copied ? t('link.copied') : t('link.copy')}
          </Button>
        )}
      </CopyButton>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={t('link.more', { team: team.name })}
            disabled={busy}
          >
            {MORE_MARK}
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item component="a" href={url} target="_blank" rel="noreferrer">
            {t('link.open')}
          </Menu.Item>
          <Menu.Item onClick={() => onChange('replace')}>{t('link.replaceMenu')}</Menu.Item>
          <Menu.Item color="red" onClick={() => onChange('revoke')}>
            {t('link.revokeMenu')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
