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
import { counted } from '../../../../domain/words.ts';
import { call } from '../../../api/client.ts';
import { teamsQuery } from '../../../api/queries/money.ts';
import { useCommand } from '../../../api/useCommand.ts';
import { ApiErrorAlert, CommandError } from '../../../components/ApiErrorAlert.tsx';
import { DataTable } from '../../../components/DataTable.tsx';
import { Link } from '../../../components/Link.tsx';
import { useConfirm } from '../../../components/useConfirm.tsx';
import { inScope } from '../../../shared/competitionScope.ts';
import { BalanceText, moneyRefresh } from './moneyWords.tsx';

/**
 * The captain's private link: always at the competition's own address (`/c/{key}/…`), as number cards
 * and sign-in cards are, so it keeps opening this competition whichever one the site serves at `/`.
 */
export const captainLink = (competitionKey: string, token: string) =>
  `${window.location.origin}${inScope(competitionKey, `/team-invoice/${encodeURIComponent(token)}`)}`;

type LinkChange = { team: TeamAccount; change: 'create' | 'replace' | 'revoke' };

/** The teams' billing: who pays for a team's couples, the team's invoice, the captain's link. */
export function TeamsSection({ competitionKey }: { competitionKey: string }) {
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
    success: (t) => ({
      message: t.pays
        ? t.invoiceNumber === null
          ? `${t.name} pays for its couples: their entries will go on the team’s invoice as they register.`
          : `${t.name} now pays for its couples: their entries moved to invoice ${t.invoiceNumber}.`
        : `The couples of ${t.name} pay for themselves again: their entries moved back to their own invoices.`,
    }),
    failureTitle: ({ team }) => `Who pays for ${team.name} was not changed`,
  });

  const link = useCommand({
    run: ({ team, change }: LinkChange) =>
      call(
        change === 'revoke' ? endpoints.postTeamsLinkRevoke : endpoints.postTeamsLink,
        { key: competitionKey },
        { name: team.name },
      ),
    refresh,
    success: (t, { change }) => ({
      message:
        change === 'revoke'
          ? `The captain’s link of ${t.name} no longer opens its invoice.`
          : change === 'replace'
            ? `${t.name} has a new captain’s link; the old one no longer works. Copy it and send it to the captain.`
            : `${t.name} has a captain’s link. Copy it and send it to the captain.`,
    }),
    failureTitle: ({ team }) => `The captain’s link of ${team.name} was not changed`,
  });

  const askPays = async (team: TeamAccount, on: boolean) => {
    const couples = counted(team.couples, 'couple');
    const yes = await confirm(
      on
        ? {
            title: `${team.name} pays for its couples?`,
            message: `The entries of its ${couples} move from the couples’ own invoices to the team’s invoice${team.invoiceNumber ? ` (invoice ${team.invoiceNumber})` : ''}; each invoice shows every move as a line. Payments stay on the invoice they were made on, so a couple who already paid is left in credit.`,
            confirmLabel: 'Team pays',
          }
        : {
            title: `The couples of ${team.name} pay for themselves?`,
            message: `The entries of its ${couples} move from the team’s invoice back to each couple’s own invoice; each invoice shows every move as a line. What the team already paid stays on the team’s invoice, as credit.`,
            confirmLabel: 'Couples pay',
          },
    );
    if (yes) await pays.run({ team, on });
  };

  const askLink = async (team: TeamAccount, change: LinkChange['change']) => {
    if (change !== 'create') {
      const yes = await confirm(
        change === 'replace'
          ? {
              title: `Replace the captain’s link of ${team.name}?`,
              message:
                'The current link stops working at once. Send the new link to the captain; anyone holding the old one sees that it no longer works.',
              confirmLabel: 'Replace link',
              danger: true,
            }
          : {
              title: `Revoke the captain’s link of ${team.name}?`,
              message:
                'The link stops working at once: nobody can open the team’s invoice from it. You can create a new link later.',
              confirmLabel: 'Revoke link',
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
    const known = teams.data?.teams.find((t) => t.name === name);
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

  if (teams.isError) return <ApiErrorAlert error={teams.error} title="The teams could not load" />;
  if (!teams.data) return <Skeleton h={240} aria-label="Loading the teams" />;
  const list = teams.data.teams;
  const busy = pays.busy || link.busy;
  return (
    <Stack gap="sm">
      {dialog}
      <CommandError command={pays} title="Not changed" />
      <CommandError command={link} title="Not changed" />
      <form
        onSubmit={(e) => {
          e.preventDefault();
          addTeam();
        }}
      >
        <Group gap="sm" align="flex-end">
          <Autocomplete
            label="A team that pays for its couples"
            description="Set it up before its couples register: their entries then bill the team from the start."
            placeholder="Team or studio"
            data={TEAMS}
            limit={8}
            value={newTeam}
            onChange={setNewTeam}
            w={420}
            maxLength={200}
          />
          <Button type="submit" variant="light" disabled={busy || !newTeam.trim()}>
            Team pays
          </Button>
        </Group>
      </form>
      {list.length === 0 ? (
        <Text c="dimmed" className="empty-state">
          No team yet. Teams are the couples’ affiliations: they appear here as couples register.
        </Text>
      ) : (
        <Paper withBorder radius="md">
          <DataTable
            cards
            striped
            fz="sm"
            verticalSpacing={6}
            miw={900}
            aria-label="Teams"
            columns={[
              { label: 'Team', miw: 180 },
              { label: 'Couples', ta: 'right' },
              'Team pays',
              'Team invoice',
              { label: 'Captain’s link', w: '40%' },
            ]}
          >
            {list.map((t) => (
              <Table.Tr key={t.name} data-testid={`team-${t.name}`}>
                <Table.Td fw={500}>{t.name}</Table.Td>
                <Table.Td ta="right">{t.couples}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Switch
                    checked={t.pays}
                    disabled={busy}
                    aria-label={`${t.name} pays for its couples`}
                    label={t.pays ? 'Team pays' : 'Couples pay'}
                    onChange={(e) => void askPays(t, e.currentTarget.checked)}
                  />
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {t.invoiceId !== null ? (
                    <Group gap={6} wrap="nowrap">
                      <Anchor component={Link} to={`/admin/money/invoices/${t.invoiceId}`} fz="sm">
                        Invoice {t.invoiceNumber}
                      </Anchor>
                      <BalanceText cents={t.balanceCents} currency={teams.data.currency} />
                    </Group>
                  ) : (
                    <Text span c="dimmed" fz="sm">
                      None
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <CaptainLink
                    team={t}
                    url={t.token ? captainLink(competitionKey, t.token) : null}
                    busy={busy}
                    onChange={(change) => void askLink(t, change)}
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
  if (!url)
    return (
      <Button size="compact-sm" variant="light" disabled={busy} onClick={() => onChange('create')}>
        Create link
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
            {copied ? 'Copied' : 'Copy'}
          </Button>
        )}
      </CopyButton>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={`More about the captain’s link of ${team.name}`}
            disabled={busy}
          >
            ⋯
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item component="a" href={url} target="_blank" rel="noreferrer">
            Open the captain’s page
          </Menu.Item>
          <Menu.Item onClick={() => onChange('replace')}>Replace link…</Menu.Item>
          <Menu.Item color="red" onClick={() => onChange('revoke')}>
            Revoke link…
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
