import { Skeleton, Stack } from '@mantine/core';
import { useCompetition } from '../../api/queries/competition.ts';
import { ApiErrorAlert } from '../../components/ApiErrorAlert.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { PageHeader } from './PageHeader.tsx';
import { SetupForm } from './setup/SetupForm.tsx';

export function SetupPage() {
  usePageTitle('Setup');
  const { competition, key, isError, error } = useCompetition();
  return (
    <Stack gap="lg">
      <PageHeader title="Setup" />
      {isError ? (
        <ApiErrorAlert error={error} title="The competition could not load" />
      ) : competition && key ? (
        <SetupForm competition={competition} competitionKey={key} />
      ) : (
        <Stack aria-busy="true" aria-label="Loading the competition">
          <Skeleton h={280} radius="md" />
          <Skeleton h={200} radius="md" />
        </Stack>
      )}
    </Stack>
  );
}
