import { Stack, Title } from '@mantine/core';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { McBoard } from './McBoard.tsx';

/** Admin → results: the MC's board inside the admin shell. */
export function McResultsPage() {
  usePageTitle('Results (MC)');
  return (
    <Stack gap="sm">
      <Title order={1} size="h2">
        Results (MC)
      </Title>
      <McBoard />
    </Stack>
  );
}
