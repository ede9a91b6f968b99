import './mantineStyles.ts';
import { Alert, Button, CopyButton, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from '../../components/Link.tsx';
import { formatMoney, TIER_NAMES } from '../../components/format.ts';
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
  return (
    <Button variant="subtle" size="md" className="tap" onClick={onClick}>
      Register another couple
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
  const same = emails.lead.trim().toLowerCase() === emails.follow.trim().toLowerCase();
  return (
    <Alert
      color="green"
      variant="light"
      title="A confirmation is on its way"
      data-testid="confirmation-mailed"
    >
      {desk
        ? 'The confirmation, with a link that opens their registration, is being emailed to '
        : 'We are emailing the confirmation, with a link that opens your registration, to '}
      <strong className="reg-email">{emails.lead}</strong>
      {same ? null : (
        <>
          {' '}
          and <strong className="reg-email">{emails.follow}</strong>
        </>
      )}
      .{desk ? null : ' Use that link to see or change your entries.'}
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
  return (
    <Stack gap="md" aria-live="polite">
      <Title order={2}>You are registered</Title>
      <Text size="lg">
        {created.lead.name} (lead, number <strong>{created.leadNumber}</strong>) and {created.follow.name}{' '}
        (follow).
      </Text>
      {emails && <MailedTo emails={emails} desk={!showLinks} />}
      <div>
        <Text fw={600}>Your entry code</Text>
        <Group gap="sm" align="center">
          <span className="reg-code" data-testid="entry-code">
            {created.entryCode}
          </span>
          <CopyButton value={created.entryCode}>
            {({ copied, copy }) => (
              <Button variant="light" size="md" className="tap" onClick={copy}>
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
        </Group>
      </div>
      <Alert color="yellow" variant="light" title="Keep this code in case the email does not arrive">
        It is shown only now: write it down or take a screenshot. With this code and either dancer&apos;s
        email you can also add or drop events until registration closes.
      </Alert>
      <EventNames
        title="Your events"
        names={created.entries.map((e) => ({ key: e.id, name: e.eventName }))}
      />
      <Text size="lg">
        Amount due: <strong>{formatMoney(created.amountDue, created.currency)}</strong> (
        {TIER_NAMES[created.tier] ?? created.tier} tier, {formatMoney(created.fee, created.currency)} per
        dancer per event)
      </Text>
      <Group gap="sm">
        {showLinks && (
          <>
            <PageButton to="/updateEntries">Change entries</PageButton>
            <PageButton to="/entries">See all entries</PageButton>
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
export function HeldForReview({ held, onAnother }: { held: RegistrationHeld; onAnother: () => void }) {
  return (
    <Stack gap="md" aria-live="polite">
      <Title order={2}>Waiting for the organizers</Title>
      <Alert color="yellow" variant="light" title="Your registration is not confirmed yet">
        {held.review.message}
      </Alert>
      <EventNames
        title="Already entered in"
        names={held.review.events.map((e) => ({ key: e.eventKey, name: e.eventName }))}
      />
      <Group gap="sm">
        <PageButton to="/contact">Contact the organizers</PageButton>
        <AnotherCouple onClick={onAnother} />
      </Group>
    </Stack>
  );
}
