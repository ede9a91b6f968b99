import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Paper } from './pagination.ts';

/**
 * The top of a print page, on screen only (print.css leaves `.print-controls` off paper): its title,
 * the competition and what to do, its buttons on the right, then what else the page says (choices,
 * loading, errors). Sets the paper of the print: `margin` 0 where each sheet has its own.
 */
export function PrintControls({
  title,
  lead,
  actions,
  paper,
  margin,
  maw = 1100,
  children,
}: {
  title: string;
  lead: ReactNode;
  actions: ReactNode;
  paper: Paper;
  margin: string;
  maw?: number;
  children?: ReactNode;
}) {
  const page = `@page { size: ${paper === 'A4' ? 'A4' : 'letter'} portrait; margin: ${margin}; }`;
  return (
    <>
      <style>{page}</style>
      <Stack className="print-controls" gap="sm" maw={maw} mx="auto" mb="md">
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={1} size="h2">
              {title}
            </Title>
            <Text size="sm" c="dimmed">
              {lead}
            </Text>
          </div>
          {actions}
        </Group>
        {children}
      </Stack>
    </>
  );
}
