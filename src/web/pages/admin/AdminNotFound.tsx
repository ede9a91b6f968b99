import { Alert, Anchor, Stack, Title } from '@mantine/core';
import { useLocation } from 'react-router';
import { Link } from '../../components/Link.tsx';
import { tagged } from '../../components/tagged.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { useT } from '../../i18n/locale.ts';
import { adminShellText } from './shell/text.ts';

export function AdminNotFound() {
  const t = useT(adminShellText);
  usePageTitle(t('notFound.title'));
  const { pathname } = useLocation();
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('notFound.heading')}
      </Title>
      <Alert color="yellow" variant="light">
        {tagged(t('notFound.text', { path: pathname }), [(path) => <code>{path}</code>])}
      </Alert>
      <Anchor component={Link} to="/admin">
        {t('notFound.back')}
      </Anchor>
    </Stack>
  );
}
