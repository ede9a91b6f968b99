import { Box, Group, Text, Title } from '@mantine/core';
import { useCompetition } from '../../../api/queries/competition.ts';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { McBoard } from './McBoard.tsx';
import { LanguageSwitcher } from '../../../i18n/LanguageSwitcher.tsx';
import { useT } from '../../../i18n/locale.ts';
import { mcText } from './text.ts';

/** /admin/mc: open without sign-in (spec §6); everything on it is public once posted. */
export function McPage() {
  const t = useT(mcText);
  usePageTitle(t('title'));
  const { competition } = useCompetition();
  return (
    <Box>
      <Group justify="space-between" px="md" py={6} bg="gray.0" style={{ borderBottom: '1px solid #dee2e6' }}>
        <Title order={1} fz="md" fw={700}>
          {t('heading')}
        </Title>
        <Group gap="sm">
          <Text size="sm">{competition?.fullName}</Text>
          <LanguageSwitcher />
        </Group>
      </Group>
      <Box p="md">
        <McBoard />
      </Box>
    </Box>
  );
}
