import { Box, Group, Text, Title } from '@mantine/core';
import { useCompetition } from '../../../api/queries/competition.ts';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { McBoard } from './McBoard.tsx';

/** /admin/mc: open without sign-in (spec §6); everything on it is public once posted. */
export function McPage() {
  usePageTitle('MC');
  const { competition } = useCompetition();
  return (
    <Box>
      <Group justify="space-between" px="md" py={6} bg="gray.0" style={{ borderBottom: '1px solid #dee2e6' }}>
        <Title order={1} fz="md" fw={700}>
          MC · announcements
        </Title>
        <Text size="sm">{competition?.fullName}</Text>
      </Group>
      <Box p="md">
        <McBoard />
      </Box>
    </Box>
  );
}
