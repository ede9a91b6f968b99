import { Stack, Title } from '@mantine/core';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { McBoard } from './McBoard.tsx';
import { useT } from '../../../i18n/locale.ts';
import { mcText } from './text.ts';

/** Admin → results: the MC's board inside the admin shell. */
export function McResultsPage() {
  const t = useT(mcText);
  usePageTitle(t('results.title'));
  return (
    <Stack gap="sm">
      <Title order={1} size="h2">
        {t('results.title')}
      </Title>
      <McBoard />
    </Stack>
  );
}
