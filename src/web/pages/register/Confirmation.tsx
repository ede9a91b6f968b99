import './mantineStyles.ts';
import { Alert, Button, CopyButton, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from '../../components/Link.tsx';
import { formatMoney } from '../../components/format.ts';
import { tierName } from '../../components/feeNotes.ts';
import { feesText } from '../../components/fees/text.ts';
import { useLocale, useT } from '../../i18n/locale.ts';
import { registerText, type RegisterKey } from './text.ts';
import type { Translate } from '../../../domain/i18n/catalog.ts';
import type { RegistrationCreated, RegistrationHeld } from '../../../domain/schemas/registration.ts';
import './register.css';

/** A large link-button to another page of the site. */
export function PageButton({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Button component={Link} to={to} variant="default" size="md" className="tap">
      {children}
    </Button>
  );
}

/** The events a couple is in, under a heading. */
function EventNames({ title, names }: { title: string; names: { key: string | number; name: string }[] }) {
  return (
    <div>
      <Text fw={600}>{title}</Text>
      <ul className="reg-entries">
        {names.map((e) => (
          <li key={e.key}>{e.name}</li>
        ))}
      </ul>
    </div>
  );
}

function AnotherCouple({ onClick }: { onClick: () => void }) {
  const t = useT(registerText);
  return (
    <Button variant="subtle" size="md" className="tap" onClick={onClick}>
      {t('another')}
    </Button>
  );
}

/** The addresses the confirmation went to, as the couple typed them (one when they share it). */
export interface ConfirmationEmails {
  lead: string;
  follow: string;
}

/** A couple just registered: the server's answer and the addresses its confirmation goes to. */
export interface Registered {
  answer: RegistrationCreated;
  emails: ConfirmationEmails;
}

function MailedTo({ emails, desk }: { emails: ConfirmationEmails; desk: boolean }) {
  const t = useT(registerText);
  const same = emails.lead.trim().toLowerCase() === emails.follow.trim().toLowerCase();
  return (
    <Alert color="green" variant="light" title={t('mailed.title')} data-testid="confirmation-mailed">
      {t(desk ? 'mailed.desk' : 'mailed.public')} <strong className="reg-email">{emails.lead}</strong>
      {same ? null : (
        <>
          {' '}
          {t('mailed.and')} <strong className="reg-email">{emails.follow}</strong>
        </>
      )}
      .{desk ? null : <> {t('mailed.use')}</>}
    </Alert>
  );
}

/**
 * What a couple sees after registering: where the confirmation went, entries, amount due, and the entry
 * code, kept as a fallback for a couple whose email does not arrive.
 */
export function Confirmation({
  created,
  emails,
  onAnother,
  showLinks = true,
}: {
  created: RegistrationCreated;
  emails?: ConfirmationEmails | undefined;
  onAnother: () => void;
  showLinks?: boolean;
}) {
  const t = useT(registerText);
  const tf = useT(feesText);
  const locale = useLocale();
  const money = (amount: number) => formatMoney(amount, created.currency, locale);
  return (
    <Stack gap="md" aria-live="polite">
      <Title order={2}>{t('done.title')}</Title>
      <Text size="lg">
        {created.lead.name} ({t('done.leadNumber')} <strong>{created.leadNumber}</strong>) {t('done.and')}{' '}
        {created.follow.name} {t('done.follow')}
      </Text>
      {emails && <MailedTo emails={emails} desk={!showLinks} />}
      <div>
        <Text fw={600}>{t('done.code')}</Text>
        <Group gap="sm" align="center">
          <span className="reg-code" data-testid="entry-code">
            {created.entryCode}
          </span>
          <CopyButton value={created.entryCode}>
            {({ copied, copy }) => (
              <Button variant="light" size="md" className="tap" onClick={copy}>
                {copied ? t('done.copied') : t('done.copy')}
              </Button>
            )}
          </CopyButton>
        </Group>
      </div>
      <Alert color="yellow" variant="light" title={t('done.keepTitle')}>
        {t('done.keepText')}
      </Alert>
      <EventNames
        title={t('done.events')}
        names={created.entries.map((e) => ({ key: e.id, name: e.eventName }))}
      />
      <Text size="lg">
        {t('due')} <strong>{money(created.amountDue)}</strong> (
        {t('done.tier', { tier: tierName(tf, created.tier), fee: money(created.fee) })})
      </Text>
      <Group gap="sm">
        {showLinks && (
          <>
            <PageButton to="/updateEntries">{t('done.change')}</PageButton>
            <PageButton to="/entries">{t('done.all')}</PageButton>
          </>
        )}
        <AnotherCouple onClick={onAnother} />
      </Group>
    </Stack>
  );
}

/**
 * The pair was already entered from other email addresses (perhaps by someone else): the registration
 * waits for the organizers, who decide who the couple is. No code yet: they pass it on when they accept.
 */
/** Why the registration waits, in the registrant's language, from the answer (its `message` is English). */
export function heldMessage(review: RegistrationHeld['review'], t: Translate<RegisterKey>): string {
  return t('held.message', {
    lead: review.leadName,
    follow: review.followName,
    events: review.events.map((e) => e.eventName).join(', '),
    email: review.contact,
  });
}

export function HeldForReview({ held, onAnother }: { held: RegistrationHeld; onAnother: () => void }) {
  const t = useT(registerText);
  return (
    <Stack gap="md" aria-live="polite">
      <Title order={2}>{t('held.title')}</Title>
      <Alert color="yellow" variant="light" title={t('held.alert')}>
        {heldMessage(held.review, t)}
      </Alert>
      <EventNames
        title={t('held.events')}
        names={held.review.events.map((e) => ({ key: e.eventKey, name: e.eventName }))}
      />
      <Group gap="sm">
        <PageButton to="/contact">{t('contact')}</PageButton>
        <AnotherCouple onClick={onAnother} />
      </Group>
    </Stack>
  );
}
