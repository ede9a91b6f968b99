import {
  Alert,
  Anchor,
  Button,
  Container,
  Group,
  Paper,
  Select,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { OfficialRole } from '../../../domain/schemas/competition.ts';
import { ApiError, api } from '../../api/client.ts';
import { paths } from '../../api/paths.ts';
import { meQuery, useCompetition } from '../../api/queries/competition.ts';
import { useCommand } from '../../api/useCommand.ts';
import { ApiErrorAlert, CommandError, describeError } from '../../components/ApiErrorAlert.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';

export type StaffActor = { kind: 'admin'; name: string } | { kind: 'official'; name: string; id: number };

const meKey = meQuery().queryKey;

/**
 * Spec §6: staff screens open without an account. Each role's screen works either for a site/competition
 * admin or with that official's access code; anyone else is asked for the code here, on the screen
 * itself, rather than being sent to the admin sign-in.
 */
export function StaffAccess({
  role,
  title,
  path,
  children,
}: {
  role: OfficialRole;
  /** The screen's name in the tab title and on the sign-in card ("Scrutineer", "Deck captain"…). */
  title: string;
  /** Where an admin sign-in returns to. */
  path: string;
  children: (actor: StaffActor) => ReactNode;
}) {
  usePageTitle(title);
  const { key, competition } = useCompetition();
  const queryClient = useQueryClient();
  const me = useQuery(meQuery());
  const [searchParams] = useSearchParams();
  const [officialId, setOfficialId] = useState<string | null>(null);
  const [code, setCode] = useState('');
  /** Said before asking the server (nobody chosen), or the server's refusal of the code. */
  const [refused, setRefused] = useState<string | null>(null);
  const signInCommand = useCommand({
    run: (officialId: string) => api.post(paths.officialSession(key!, officialId), { code: code.trim() }),
    refresh: [meKey],
    // A refused code is a 401 too: say what the server said, not "your session has ended".
    onError: (e) => {
      if (!(e instanceof ApiError && e.code === 'bad_code')) return false;
      setRefused(e.message);
      return true;
    },
  });

  const signOut = async () => {
    await api.post(paths.logout()).catch(() => undefined);
    await queryClient.invalidateQueries({ queryKey: meKey });
  };

  if (me.isPending || !key) return <Skeleton h={300} m="md" aria-label="Loading" />;
  if (me.isError)
    return (
      <Container size="sm" py="xl">
        <Alert color="red" title={`The ${title.toLowerCase()} screen could not load`}>
          {describeError(me.error)}
        </Alert>
      </Container>
    );

  const user = me.data.user;
  const official = me.data.official;
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
            <Text fw={700}>Promenade · {title}</Text>
            {actor.kind === 'admin' && (
              <Anchor component={Link} to="/admin" size="sm">
                Back to the admin area
              </Anchor>
            )}
          </Group>
          <Group gap="sm">
            <Text size="sm">Signed in as {actor.name}</Text>
            <Button size="xs" variant="default" onClick={() => void signOut()}>
              Sign out
            </Button>
          </Group>
        </Group>
        {children(actor)}
      </Stack>
    );
  }

  const candidates = (competition?.officials ?? []).filter((o) => o.role === role);
  // Chosen already: the official a sign-in card's address names (?official=id), or the only one of the role.
  const preset =
    candidates.find((o) => String(o.id) === searchParams.get('official')) ??
    (candidates.length === 1 ? candidates[0] : undefined);
  const chosen = officialId ?? (preset ? String(preset.id) : null);
  const signIn = () => {
    setRefused(null);
    if (!chosen) {
      signInCommand.reset();
      setRefused('Choose who you are.');
      return;
    }
    void signInCommand.run(chosen);
  };

  return (
    <Container size="xs" py="xl">
      <Paper withBorder p="lg">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            signIn();
          }}
        >
          <Stack>
            <Title order={1} size="h2">
              {title}
            </Title>
            <Text size="sm">
              {official || user
                ? `You are signed in as ${official?.name ?? user?.email}, who is not this competition's ${role.toLowerCase()}. `
                : ''}
              Sign in with the {role.toLowerCase()}&apos;s access code, or{' '}
              <Anchor component={Link} to={`/login?next=${encodeURIComponent(path)}`}>
                sign in as an admin
              </Anchor>
              .
            </Text>
            <Select
              label={role}
              placeholder="Choose who you are"
              data={candidates.map((o) => ({ value: String(o.id), label: o.name }))}
              value={chosen}
              onChange={setOfficialId}
            />
            <TextInput
              label="Access code"
              value={code}
              onChange={(e) => setCode(e.currentTarget.value)}
              autoComplete="off"
              maxLength={7}
            />
            {refused !== null && <ApiErrorAlert error={null} title="Not signed in" message={refused} />}
            <CommandError command={signInCommand} title="Not signed in" />
            <Button type="submit" loading={signInCommand.busy}>
              Sign in
            </Button>
          </Stack>
        </form>
      </Paper>
    </Container>
  );
}
