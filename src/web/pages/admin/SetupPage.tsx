import { Skeleton, Stack } from '@mantine/core';
import { useCompetition } from '../../api/queries/competition.ts';
import { ApiErrorAlert } from '../../components/ApiErrorAlert.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { PageHeader } from './PageHeader.tsx';
import { SetupForm } from './setup/SetupForm.tsx';
import { setupText } from './setup/text.ts';
import { useT } from '../../i18n/locale.ts';

export function SetupPage() {
  const t = useT(setupText);
  usePageTitle(t('page.title'));
  const { competition, key, isError, error } = useCompetition();
  return (
    <Stack gap="lg">
      <PageHeader title={t('page.title')} />
      {isError ? (
        <ApiErrorAlert error={error} title={t('page.loadError')} />
      ) : competition && key ? (
        <SetupForm competition={competition} competitionKey={key} />
      ) : (
        <Stack aria-busy="true" aria-label={t('page.loading')}>
          <Skeleton h={280} radius="md" />
          <Skeleton h={200} radius="md" />
        </Stack>
      )}
    </Stack>
  );
}
