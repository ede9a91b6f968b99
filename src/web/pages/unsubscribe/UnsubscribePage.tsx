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

/** Why the page cannot help, in words: a link that is not (or no longer) one of ours. */
const NOT_A_LINK =
  'This unsubscribe link is not valid. Use the link at the end of the latest announcement you received, whole.';

/**
 * /unsubscribe?t=…: the page an announcement's unsubscribe link opens. It asks first (a link checker
 * or a preview that opens the page must not unsubscribe anyone), then stops announcements to that
 * address; messages about the dancer's own entries still come.
 */
export default function UnsubscribePage() {
  usePageTitle('Unsubscribe');
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
      <h1>Unsubscribe</h1>
      {invalid ? (
        <Alert color="orange" title="Link not recognised">
          {NOT_A_LINK}
        </Alert>
      ) : state.isError ? (
        <Alert color="red" title="The page could not load">
          {describeError(state.error, 'public')}
        </Alert>
      ) : !state.data ? (
        <Skeleton h={120} aria-label="Loading" />
      ) : done || state.data.unsubscribed ? (
        <Alert color="green" title="Unsubscribed" role="status">
          <Text>You will no longer receive announcements from {name}.</Text>
          <Text size="sm" mt="xs">
            Messages about your own registration (confirmations, entry changes, your day&apos;s times and
            results) still come.
          </Text>
        </Alert>
      ) : (
        <Stack gap="md" align="flex-start">
          <Text size="lg">Stop receiving announcements from {name} at this email address?</Text>
          <Text c="dimmed">
            Messages about your own registration (confirmations, entry changes, your day&apos;s times and
            results) still come.
          </Text>
          {error && (
            <Alert color="red" title="Not unsubscribed" w="100%">
              {error}
            </Alert>
          )}
          <Button size="md" onClick={() => void unsubscribe()} loading={busy}>
            Unsubscribe
          </Button>
        </Stack>
      )}
    </div>
  );
}
