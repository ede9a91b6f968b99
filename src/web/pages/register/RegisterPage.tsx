import './mantineStyles.ts';
import { Alert, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useCompetition } from '../../api/queries/competition.ts';
import { useEvents } from '../../api/queries/events.ts';
import { ErrorPage, PageHead } from '../../components/Page.tsx';
import { LanguageSwitcher } from '../../i18n/LanguageSwitcher.tsx';
import { formatMoney } from '../../components/format.ts';
import { feeNotes, registrationSummary } from '../../components/feeNotes.ts';
import { usePageTitle } from '../../components/usePageTitle.ts';
import type { RegistrationHeld } from '../../../domain/schemas/registration.ts';
import { Confirmation, HeldForReview, PageButton, type Registered } from './Confirmation.tsx';
import { RegistrationForm } from './RegistrationForm.tsx';
import { ownFees } from './amountDue.ts';
import { useLocale, useT } from '../../i18n/locale.ts';
import { registerText } from './text.ts';

/** /register: a couple registers together (spec §2). No top bar: the form is the page. */
export default function RegisterPage() {
  const t = useT(registerText);
  const locale = useLocale();
  usePageTitle(t('title'));
  const { competition, key, error, refetch } = useCompetition();
  const { events, error: eventsError } = useEvents();
  const [created, setCreated] = useState<Registered | null>(null);
  const [held, setHeld] = useState<RegistrationHeld | null>(null);

  if ((error && !competition) || (eventsError && !events))
    return <ErrorPage error={error ?? eventsError} refetch={refetch} />;
  if (!competition || !events || !key)
    return (
      <div className="page" aria-busy="true" aria-label={t('loading')}>
        <Skeleton height={36} width="70%" mb={12} />
        <Skeleton height={80} mb={12} />
        <Skeleton height={300} />
      </div>
    );

  const summary = registrationSummary(competition, undefined, locale);
  const { isOpen, fee } = competition.registration;
  const own = ownFees(competition, events, locale);
  const notes = feeNotes(competition, locale);

  return (
    <div className="page">
      <PageHead
        back={{ to: '/', label: competition.fullName }}
        title={t('title')}
        aside={<LanguageSwitcher />}
      />
      {created ? (
        <Confirmation created={created.answer} emails={created.emails} onAnother={() => setCreated(null)} />
      ) : held ? (
        <HeldForReview held={held} onAnother={() => setHeld(null)} />
      ) : !isOpen ? (
        <Stack gap="md">
          <Alert color="red" variant="light" title={t('closed.title')} role="alert">
            {t('closed.text')}
          </Alert>
          <PageButton to="/contact">{t('contact')}</PageButton>
        </Stack>
      ) : (
        <>
          <Alert variant="light" className="reg-tier" title={summary.text}>
            <Text>
              {t('lead.before')} <strong>{formatMoney(fee, competition.currency, locale)}</strong>{' '}
              {t(own.length > 0 ? 'lead.afterOwn' : 'lead.after')}
            </Text>
            {own.length > 0 && <Text mt={4}>{t('ownFees', { list: own.join(', ') })}</Text>}
            {notes.length > 0 && (
              <ul className="reg-fee-notes" aria-label={t('feeNotes')}>
                {notes.map((n) => (
                  <li key={n}>{n}</li>
                ))}
              </ul>
            )}
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
