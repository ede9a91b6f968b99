import * as endpoints from '../../../domain/schemas/endpoints.ts';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { call } from '../../api/client.ts';
import { describeError } from '../../components/ApiErrorAlert.tsx';
import { useScopedNavigate } from '../../components/Link.tsx';
import type { RegistrationOpened } from '../../../domain/schemas/registration.ts';

/** What /updateEntries is given in the history state when an emailed link opened the registration. */
export interface OpenedState {
  opened: RegistrationOpened;
}

/**
 * `/entries?open=<token>`: exchanges the emailed link's token for the registration and a grant, then
 * goes on to /updateEntries already signed in. Either way the token leaves the address bar (the
 * history entry is replaced), so it is neither bookmarked nor shared, and it is sent once: a recovery
 * link works only once, so a second render must not spend it again.
 */
export function useOpenLink(competitionKey: string | undefined): {
  opening: boolean;
  refused: string | null;
} {
  const [params] = useSearchParams();
  const token = params.get('open');
  const navigate = useScopedNavigate();
  const [refused, setRefused] = useState<string | null>(null);
  const sent = useRef<string | null>(null);

  useEffect(() => {
    if (!token || !competitionKey || sent.current === token) return;
    sent.current = token;
    call(endpoints.postRegistrationsOpen, { key: competitionKey }, { token }).then(
      (opened) => void navigate('/updateEntries', { replace: true, state: { opened } satisfies OpenedState }),
      (err: unknown) => {
        setRefused(describeError(err, 'public'));
        void navigate({ search: '' }, { replace: true });
      },
    );
  }, [token, competitionKey, navigate]);

  return { opening: token !== null && refused === null, refused };
}
