import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from '../../components/Link.tsx';

/** What a screen or section is for, in one dimmed line. */
function Lead({ children }: { children: ReactNode }) {
  return children ? (
    <Text size="sm" c="dimmed">
      {children}
    </Text>
  ) : null;
}

/** An admin link inside running text. */
export function AdminLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Anchor component={Link} to={to}>
      {children}
    </Anchor>
  );
}

/** The head of an admin screen: a way back, its title and what it is for, its main buttons on the right. */
export function PageHeader({
  title,
  back,
  description,
  actions,
}: {
  title: string;
  back?: { to: string; label: string };
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-end">
      <Stack gap={2}>
        {back && (
          <Anchor component={Link} to={back.to} size="sm">
            ← {back.label}
          </Anchor>
        )}
        <Title order={1} size="h2">
          {title}
        </Title>
        <Lead>{description}</Lead>
      </Stack>
      {actions}
    </Group>
  );
}

/** A titled part of an admin screen (h2), with a line on what it is for. */
export function AdminSection({
  id,
  title,
  description,
  children,
}: {
  /** The heading's id, which names the section. */
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <Title order={2} size="h3" id={id}>
        {title}
      </Title>
      <Lead>{description}</Lead>
      {children}
    </Stack>
  );
}
