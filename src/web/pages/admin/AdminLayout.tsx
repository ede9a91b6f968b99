import * as endpoints from '../../../domain/schemas/endpoints.ts';
import {
  Alert,
  Anchor,
  AppShell,
  Badge,
  Box,
  Burger,
  Button,
  Container,
  Group,
  NavLink,
  Select,
  Stack,
  Text,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Link, useScopedNavigate } from '../../components/Link.tsx';
import type { SessionUser } from '../../../domain/schemas/competition.ts';
import { call } from '../../api/client.ts';
import { adminCompetitionsQuery, useCompetition } from '../../api/queries/competition.ts';
import { scopeOf } from '../../shared/competitionScope.ts';
import { sameScreenOf } from './competitions/switching.ts';
import { useCommand } from '../../api/useCommand.ts';
import { CommandError } from '../../components/ApiErrorAlert.tsx';
import { adminScreens, screenGroups, screenName } from './adminScreens.ts';
import { useGuardSession } from '../../shared/session.ts';
import { useT } from '../../i18n/locale.ts';
import { LanguageSwitcher } from '../../i18n/LanguageSwitcher.tsx';
import { tagged } from '../../components/tagged.tsx';
import { adminShellText } from './shell/text.ts';
import './shell/shell.css';

/** The signed-in admin account, for any screen inside the admin shell (the guard lets no one else in). */
export function useAdminUser(): SessionUser {
  const data = useGuardSession();
  if (!data?.user) throw new Error('useAdminUser is only for screens inside the admin shell');
  return data.user;
}

export function canAdminister(user: SessionUser, competitionKey: string | undefined): boolean {
  return user.isSuperAdmin || (competitionKey !== undefined && user.competitions.includes(competitionKey));
}

export function AdminLayout() {
  const t = useT(adminShellText);
  const user = useAdminUser();
  const { competition, key } = useCompetition();
  const [navOpen, nav] = useDisclosure(false);
  const { pathname } = useLocation();
  const navigate = useScopedNavigate();
  const queryClient = useQueryClient();

  const signOut = useCommand({
    run: () => call(endpoints.postAuthLogout, {}),
    onSuccess: async () => {
      // Staff-only data must not outlive the session in this tab.
      queryClient.removeQueries({
        predicate: (q) => ['dashboard', 'admins'].includes(String(q.queryKey[1])),
      });
      await navigate('/login', { replace: true });
    },
  });

  const allowed = canAdminister(user, key);
  const screenPath = scopeOf(pathname).path;

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !navOpen } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Burger
              opened={navOpen}
              onClick={nav.toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={navOpen ? t('shell.menu.close') : t('shell.menu.open')}
            />
            <Stack gap={0} miw={0}>
              <Text fw={700} truncate="end" component={Link} to="/admin" c="inherit" td="none">
                {competition?.fullName ?? t('shell.loading')}
              </Text>
              <Text size="xs" c="dimmed">
                {t('shell.admin')}
              </Text>
            </Stack>
          </Group>
          <Group gap="sm" wrap="nowrap">
            {/* In the bar on a laptop: the sidebar's links must all fit a 800 px high window. */}
            <Box visibleFrom="sm" w={280}>
              <CompetitionSwitcher current={key} onSwitch={nav.close} inBar />
            </Box>
            <Text size="sm" visibleFrom="sm" truncate="end" maw={240} title={user.email}>
              {user.name || user.email}
            </Text>
            {/* On a phone the language is chosen in the menu: the bar keeps room for the name. */}
            <Box visibleFrom="sm">
              <LanguageSwitcher className="staff-language" />
            </Box>
            <Button variant="default" size="sm" onClick={() => void signOut.run()} loading={signOut.busy}>
              {t('shell.signOut')}
            </Button>
          </Group>
        </Group>
      </AppShell.Header>

      {/* The whole navbar scrolls, the "Signed in as" box after the links: on a short window the box
          never covers the last links. */}
      <AppShell.Navbar aria-label={t('shell.screens')} style={{ overflowY: 'auto' }}>
        <AppShell.Section px="sm" pt="sm" hiddenFrom="sm">
          <LanguageSwitcher className="staff-language" />
          <CompetitionSwitcher current={key} onSwitch={nav.close} />
        </AppShell.Section>
        <AppShell.Section grow p="xs">
          {screenGroups.map((group) => (
            <Stack key={group} gap={0} mb={2}>
              <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" py={4}>
                {t(`group.${group}`)}
              </Text>
              {adminScreens
                .filter((s) => s.group === group)
                .map((s) => {
                  const active = screenPath === s.path || screenPath === s.path + '/';
                  return (
                    <NavLink
                      key={s.path}
                      component={Link}
                      to={s.path}
                      label={screenName(t, s)}
                      // Compact rows (still a 30 px target): every screen's link in sight on a laptop.
                      py={4}
                      active={active}
                      aria-current={active ? 'page' : undefined}
                      // On a phone the menu covers the page: close it once a screen is picked.
                      onClick={nav.close}
                      rightSection={
                        s.ready ? undefined : (
                          <Badge size="xs" variant="light" color="gray">
                            {t('shell.later')}
                          </Badge>
                        )
                      }
                    />
                  );
                })}
            </Stack>
          ))}
        </AppShell.Section>
        <AppShell.Section p="sm" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
          <Text size="xs" c="dimmed">
            {t('shell.signedInAs')}
          </Text>
          <Text size="sm" truncate="end" title={user.email}>
            {user.email}
          </Text>
          <Anchor component={Link} to="/" size="sm">
            {t('shell.publicSite')}
          </Anchor>
        </AppShell.Section>
      </AppShell.Navbar>

      <ShellContent>
        <Container size="lg" px={0}>
          <CommandError command={signOut} title={t('shell.signOutFailed')} />
          <ArchivedNotice current={key} />
          {allowed || key === undefined ? (
            <Outlet />
          ) : (
            <Alert color="yellow" title={t('shell.notAdmin.title')} role="alert">
              {t('shell.notAdmin.text', { email: user.email })}
              <YourCompetitions />
            </Alert>
          )}
        </Container>
      </ShellContent>
    </AppShell>
  );
}

/**
 * The admin shell's competition switcher: the competitions this account administers (an
 * archived one only while it is the one open); choosing one opens the same screen of it.
 */
function CompetitionSwitcher({
  current,
  onSwitch,
  inBar = false,
}: {
  current: string | undefined;
  onSwitch: () => void;
  /** In the top bar: no label above it (the bar is one line high). */
  inBar?: boolean;
}) {
  const t = useT(adminShellText);
  const { data } = useQuery(adminCompetitionsQuery());
  const { pathname } = useLocation();
  const navigate = useScopedNavigate();
  const choices = (data?.competitions ?? []).filter((c) => c.archivedAt === null || c.key === current);
  // One competition is no choice, unless the one open is not it (an account of another competition).
  if (choices.length === 0 || (choices.length === 1 && choices[0]!.key === current)) return null;
  return (
    <Select
      label={inBar ? undefined : t('shell.competition')}
      aria-label={t('shell.switchCompetition')}
      data={choices.map((c) => ({ value: c.key, label: c.fullName }))}
      value={current ?? null}
      allowDeselect={false}
      searchable={choices.length > 8}
      comboboxProps={{ withinPortal: true }}
      onChange={(next) => {
        if (!next || next === current) return;
        onSwitch();
        void navigate(sameScreenOf(pathname, next));
      }}
    />
  );
}

/** Where an account that does not administer the open competition can go: the ones it does. */
function YourCompetitions() {
  const t = useT(adminShellText);
  const { data } = useQuery(adminCompetitionsQuery());
  const yours = (data?.competitions ?? []).filter((c) => c.archivedAt === null);
  if (yours.length === 0) return null;
  return (
    <>
      {' '}
      {t('shell.yourCompetitions')}
      <ul>
        {yours.map((c) => (
          <li key={c.key}>
            <Link to={`/c/${encodeURIComponent(c.key)}/admin`}>{c.fullName}</Link>
          </li>
        ))}
      </ul>
    </>
  );
}

/** An archived competition takes no changes: said once, above every screen of it. */
function ArchivedNotice({ current }: { current: string | undefined }) {
  const t = useT(adminShellText);
  const { data } = useQuery(adminCompetitionsQuery());
  const c = data?.competitions.find((x) => x.key === current);
  if (!c?.archivedAt) return null;
  return (
    <Alert color="gray" title={t('shell.archived.title')} mb="md">
      {tagged(t('shell.archived.text', { name: c.fullName }), [
        (text) => <Link to="/admin/competitions">{text}</Link>,
      ])}
    </Alert>
  );
}

/**
 * AppShell.Main's place and padding, as a div: the site layout already wraps every screen in the page's
 * one <main>, and a second main landmark would confuse screen readers.
 */
function ShellContent({ children }: { children: ReactNode }) {
  return (
    <Box
      style={{
        paddingInlineStart: 'calc(var(--app-shell-navbar-offset, 0rem) + var(--app-shell-padding))',
        paddingInlineEnd: 'calc(var(--app-shell-aside-offset, 0rem) + var(--app-shell-padding))',
        paddingTop: 'calc(var(--app-shell-header-offset, 0rem) + var(--app-shell-padding))',
        paddingBottom: 'calc(var(--app-shell-footer-offset, 0rem) + var(--app-shell-padding))',
        minHeight: '100dvh',
      }}
    >
      {children}
    </Box>
  );
}
