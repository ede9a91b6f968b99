import { Group, Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The frame of each setup section: a titled card, an optional control beside the title and a lead line. */
export function SetupSection({
  id,
  title,
  action,
  lead,
  children,
}: {
  /** Ties the section to its heading for assistive tech. */
  id: string;
  title: string;
  action?: ReactNode;
  lead?: ReactNode;
  children: ReactNode;
}) {
  const heading = (
    <Title order={2} size="h4" id={id} mb={action || lead ? undefined : 'sm'}>
      {title}
    </Title>
  );
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={id}>
      {action ? (
        <Group justify="space-between" mb="sm">
          {heading}
          {action}
        </Group>
      ) : (
        heading
      )}
      {lead && (
        <Text size="sm" c="dimmed" mb="sm">
          {lead}
        </Text>
      )}
      {children}
    </Paper>
  );
}
