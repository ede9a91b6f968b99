import './mantineStyles.ts';
import { Alert, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useCompetition } from '../../api/queries/competition.ts';
import { useEvents } from '../../api/queries/events.ts';
import { ErrorPage, PageHead } from '../../components/Page.tsx';
import { formatMoney, registrationSummary } from '../../components/format.ts';
import { usePageTitle } from '../../components/usePageTitle.ts';
import type { RegistrationHeld } from '../../../domain/schemas/registration.ts';
import { Confirmation, HeldForReview, PageButton, type Registered } from './Confirmation.tsx';
import { RegistrationForm } from './RegistrationForm.tsx';
import { coupleFee } from '../../../domain/fees.ts';

/** /register: a couple registers together (spec §2). No top bar: the form is the page. */
export default function RegisterPage() {
  usePageTitle('Register');
  const { competition, key, error, refetch } = useCompetition();
  const { events, error: eventsError } = useEvents();
  const [created, setCreated] = useState<Registered | null>(null);
  const [held, setHeld] = useState<RegistrationHeld | null>(null);

  if ((error && !competition) || (eventsError && !events))
    return <ErrorPage error={error ?? eventsError} refetch={refetch} />;
  if (!competition || !events || !key)
    return (
      <div className="page" aria-busy="true" aria-label="Loading">
        <Skeleton height={36} width="70%" mb={12} />
        <Skeleton height={80} mb={12} />
        <Skeleton height={300} />
      </div>
    );

  const summary = registrationSummary(competition);
  const { isOpen, fee } = competition.registration;

  return (
    <div className="page">
      <PageHead back={{ to: '/', label: competition.fullName }} title="Register" />
      {created ? (
        <Confirmation created={created.answer} emails={created.emails} onAnother={() => setCreated(null)} />
      ) : held ? (
        <HeldForReview held={held} onAnother={() => setHeld(null)} />
      ) : !isOpen ? (
        <Stack gap="md">
          <Alert color="red" variant="light" title="Registration is closed" role="alert">
            Registration for this competition has closed. If you need to be added, contact the organizers.
          </Alert>
          <PageButton to="/contact">Contact the organizers</PageButton>
        </Stack>
      ) : (
        <>
          <Alert variant="light" className="reg-tier" title={summary.text}>
            <Text>
              A couple registers together: {formatMoney(fee, competition.currency)} per dancer,{' '}
              <strong>{formatMoney(coupleFee(fee), competition.currency)}</strong> for the two of you,
              whatever the number of events.
            </Text>
          </Alert>
          <RegistrationForm
            competitionKey={key}
            events={events}
            competition={competition}
            mode="public"
            onRegistered={(registered) => {
              setCreated(registered);
              window.scrollTo({ top: 0 });
            }}
            onHeld={(h) => {
              setHeld(h);
              window.scrollTo({ top: 0 });
            }}
          />
        </>
      )}
    </div>
  );
}
