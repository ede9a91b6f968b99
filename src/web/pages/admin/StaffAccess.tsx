import { Alert, Anchor, Button, Container, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import * as endpoints from '../../../domain/schemas/endpoints.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useRevalidator } from 'react-router';
import { Link } from '../../components/Link.tsx';
import type { OfficialRole } from '../../../domain/schemas/competition.ts';
import { call } from '../../api/client.ts';
import { meQuery, useCompetition } from '../../api/queries/competition.ts';
import type { Me } from '../../api/types.ts';
import { describeError } from '../../components/ApiErrorAlert.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { loginPathFor } from '../../shared/session.ts';
import { OfficialCodeSignIn } from './OfficialCodeSignIn.tsx';
import { useLocale, useT } from '../../i18n/locale.ts';
import { LanguageSwitcher } from '../../i18n/LanguageSwitcher.tsx';
import { staffText } from './staff/text.ts';

/** The screens' names as their pages give them (in English), in the reader's language. */
const SCREEN_NAMES = {
  'Deck captain': 'screen.deckCaptain',
  Chairman: 'screen.chairman',
  Scrutineer: 'screen.scrutineer',
  'Judging report': 'screen.judgingReport',
} as const;
const isKnownScreen = (title: string): title is keyof typeof SCREEN_NAMES =>
  Object.hasOwn(SCREEN_NAMES, title);

export type StaffActor = { kind: 'admin'; name: string } | { kind: 'official'; name: string; id: number };

const meKey = meQuery().queryKey;

/**
 * Spec §6: the deck captain's, chairman's and MC's screens open without an account. Each role's screen
 * works either for a site/competition admin or with that official's access code; anyone else is asked
 * for the code here, on the screen itself, rather than being sent to the admin sign-in. (The
 * scrutineer's screen is behind the admin guard, which lets the scrutineer's code through.)
 */
export function StaffAccess({
  role,
  title,
  path,
  session,
  children,
}: {
  role: OfficialRole;
  /** The screen's name in the tab title and on the sign-in card ("Scrutineer", "Deck captain"…). */
  title: string;
  /** Where an admin sign-in returns to. */
  path: string;
  /** The session the admin guard read (screens behind it); open screens leave it out. */
  session?: Me;
  children: (actor: StaffActor) => ReactNode;
}) {
  const t = useT(staffText);
  const locale = useLocale();
  // A page that words its own title passes it translated; the others' English names are known here.
  const screen = isKnownScreen(title) ? t(SCREEN_NAMES[title]) : title;
  usePageTitle(screen);
  const { key } = useCompetition();
  const queryClient = useQueryClient();
  const revalidator = useRevalidator();
  // Behind the admin guard the session is already known; an open screen reads it itself.
  const me = useQuery({ ...meQuery(), enabled: session === undefined });

  const signOut = async () => {
    await call(endpoints.postAuthLogout, {}).catch(() => undefined);
    await queryClient.invalidateQueries({ queryKey: meKey });
    // A screen behind the guard goes to the sign-in page; an open one asks for the code again.
    await revalidator.revalidate();
  };

  if ((!session && me.isPending) || !key) return <Skeleton h={300} m="md" aria-label={t('loading')} />;
  if (!session && me.isError)
    return (
      <Container size="sm" py="xl">
        <Alert
          color="red"
          // English says "the deck captain screen"; the other languages name the screen as titled.
          title={t('loadFailed', { screen: locale === 'en' ? screen.toLowerCase() : screen })}
        >
          {describeError(me.error)}
        </Alert>
      </Container>
    );

  const { user, official } = session ?? me.data ?? {};
  const isAdmin = !!user && (user.isSuperAdmin || user.competitions.includes(key));
  const hasRole = official?.role === role && official.competition === key;
  const actor: StaffActor | null = isAdmin
    ? { kind: 'admin', name: user.name || user.email }
    : hasRole
      ? { kind: 'official', name: official.name, id: official.id }
      : null;

  if (actor) {
    return (
      <Stack gap={0}>
        <Group
          justify="space-between"
          px="md"
          py={6}
          bg="gray.0"
          style={{ borderBottom: '1px solid #dee2e6' }}
        >
          <Group gap="md">
            <Text fw={700}>
              Promenade
              {' · '}
              {screen}
            </Text>
            {actor.kind === 'admin' && (
              <Anchor component={Link} to="/admin" size="sm">
                {t('backToAdmin')}
              </Anchor>
            )}
          </Group>
          <Group gap="sm">
            <LanguageSwitcher />
            <Text size="sm">{t('signedInAs', { name: actor.name })}</Text>
            <Button size="xs" variant="default" onClick={() => void signOut()}>
              {t('signOut')}
            </Button>
          </Group>
        </Group>
        {children(actor)}
      </Stack>
    );
  }

  return (
    <Container size="xs" py="xl">
      <Paper withBorder p="lg">
        <Stack>
          <Group justify="space-between" align="flex-start" gap="sm">
            <Title order={1} size="h2">
              {screen}
            </Title>
            <LanguageSwitcher />
          </Group>
          <Text size="sm">
            {official || user
              ? t('wrongAccount', {
                  name: official?.name ?? user?.email,
                  role: t(`roleInText.${role}`),
                })
              : ''}
            {t('signIn.code', { role: t(`roleInText.${role}`) })}
            <Anchor component={Link} to={loginPathFor(path)}>
              {t('signIn.admin')}
            </Anchor>
            {t('signIn.end')}
          </Text>
          {/* Behind the guard, the guard reads the new session again. */}
          <OfficialCodeSignIn role={role} onSignedIn={() => revalidator.revalidate()} />
        </Stack>
      </Paper>
    </Container>
  );
}
