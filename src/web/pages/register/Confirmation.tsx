import './mantineStyles.ts';
import { Alert, Button, CopyButton, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from '../../components/Link.tsx';
import { formatMoney, TIER_NAMES } from '../../components/format.ts';
import type { RegistrationCreated, RegistrationHeld } from '../../../domain/schemas/registration.ts';
import './register.css';

function AnotherCouple({ onClick }: { onClick: () => void }) {
  return (
    <Button variant="subtle" size="md" className="tap" onClick={onClick}>
      Register another couple
    </Button>
  );
}

/** What a couple sees after registering: entries, amount due, and the entry code to keep. */
export function Confirmation({
  created,
  onAnother,
  showLinks = true,
}: {
  created: RegistrationCreated;
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
      <Alert color="yellow" variant="light" title="Keep this code">
        Write it down or take a screenshot: it is shown only now. With this code and either dancer&apos;s
        email you can add or drop events until registration closes.
      </Alert>
      <div>
        <Text fw={600}>Your events</Text>
        <ul className="reg-entries">
          {created.entries.map((e) => (
            <li key={e.id}>{e.eventName}</li>
          ))}
        </ul>
      </div>
      <Text size="lg">
        Amount due: <strong>{formatMoney(created.amountDue, created.currency)}</strong> (
        {TIER_NAMES[created.tier] ?? created.tier} tier, {formatMoney(created.fee, created.currency)} per
        dancer)
      </Text>
      <Group gap="sm">
        {showLinks && (
          <Button component={Link} to="/updateEntries" variant="default" size="md" className="tap">
            Change entries
          </Button>
        )}
        {showLinks && (
          <Button component={Link} to="/entries" variant="default" size="md" className="tap">
            See all entries
          </Button>
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
      <div>
        <Text fw={600}>Already entered in</Text>
        <ul className="reg-entries">
          {held.review.events.map((e) => (
            <li key={e.eventKey}>{e.eventName}</li>
          ))}
        </ul>
      </div>
      <Group gap="sm">
        <Button component={Link} to="/contact" variant="default" size="md" className="tap">
          Contact the organizers
        </Button>
        <AnotherCouple onClick={onAnother} />
      </Group>
    </Stack>
  );
}
