import '../register/mantineStyles.ts';
import { Alert, Button, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import * as endpoints from '../../../domain/schemas/endpoints.ts';
import { ApiError, call } from '../../api/client.ts';
import { useSiteKey } from '../../api/queries/competition.ts';
import { describeError } from '../../components/ApiErrorAlert.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { useT } from '../../i18n/locale.ts';
import { unsubscribeText } from './text.ts';

/**
 * /unsubscribe?t=…: the page an announcement's unsubscribe link opens. It asks first (a link checker
 * or a preview that opens the page must not unsubscribe anyone), then stops announcements to that
 * address; messages about the dancer's own entries still come.
 */
export default function UnsubscribePage() {
  const t = useT(unsubscribeText);
  usePageTitle(t('title'));
  const [params] = useSearchParams();
  const token = params.get('t') ?? '';
  const { key } = useSiteKey();
  const state = useQuery({
    queryKey: [key ?? '', 'unsubscribe', token],
    queryFn: () => call(endpoints.getUnsubscribe, { key: key!, t: token }),
    enabled: key !== undefined && token !== '',
    retry: false,
  });
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const unsubscribe = async () => {
    setBusy(true);
    setError(null);
    try {
      await call(endpoints.postUnsubscribe, { key: key!, t: token }, {});
      setDone(true);
    } catch (e) {
      setError(describeError(e, 'public'));
    } finally {
      setBusy(false);
    }
  };

  const name = state.data?.competitionName ?? '';
  const invalid =
    token === '' ||
    (state.error instanceof ApiError && (state.error.status === 404 || state.error.status === 400));
  return (
    <div className="page">
      <h1>{t('title')}</h1>
      {invalid ? (
        // Why the page cannot help: a link that is not (or no longer) one of ours.
        <Alert color="orange" title={t('unrecognised')}>
          {t('notALink')}
        </Alert>
      ) : state.isError ? (
        <Alert color="red" title={t('couldNotLoad')}>
          {describeError(state.error, 'public')}
        </Alert>
      ) : !state.data ? (
        <Skeleton h={120} aria-label={t('loading')} />
      ) : done || state.data.unsubscribed ? (
        <Alert color="green" title={t('done')} role="status">
          <Text>{t('doneText', { name })}</Text>
          <Text size="sm" mt="xs">
            {t('stillCome')}
          </Text>
        </Alert>
      ) : (
        <Stack gap="md" align="flex-start">
          <Text size="lg">{t('ask', { name })}</Text>
          <Text c="dimmed">{t('stillCome')}</Text>
          {error && (
            <Alert color="red" title={t('notDone')} w="100%">
              {error}
            </Alert>
          )}
          <Button size="md" onClick={() => void unsubscribe()} loading={busy}>
            {t('button')}
          </Button>
        </Stack>
      )}
    </div>
  );
}
