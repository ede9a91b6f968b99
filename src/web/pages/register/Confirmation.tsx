import './mantineStyles.ts';
import { Alert, Button, CopyButton, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { formatMoney, TIER_NAMES } from '../../components/format.ts';
import type { RegistrationCreated } from '../../../domain/schemas/registration.ts';
import './register.css';

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
        <Button variant="subtle" size="md" className="tap" onClick={onAnother}>
          Register another couple
        </Button>
      </Group>
    </Stack>
  );
}
