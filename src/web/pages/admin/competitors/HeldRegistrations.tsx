import { Alert, Badge, Button, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import * as endpoints from '../../../../domain/schemas/endpoints.ts';
import { call } from '../../../api/client.ts';
import { registrationsQuery } from '../../../api/queries/registrations.ts';
import { useCommand } from '../../../api/useCommand.ts';
import { CommandError } from '../../../components/ApiErrorAlert.tsx';
import { formatShortDay } from '../../../components/format.ts';
import { currentLocale } from '../../../i18n/locale.ts';
import { useConfirm } from '../../../components/useConfirm.tsx';
import type { RegistrationCreated, RegistrationReview } from '../../../../domain/schemas/registration.ts';

const who = (d: { name: string; email: string }) => `${d.name} (${d.email})`;

/**
 * Registrations held because the same pair was already entered from other emails (someone
 * may have registered the couple's names first). The organizer decides who the couple is: accepting
 * removes the earlier entries of that pair and registers the held couple, refusing keeps things as
 * they are. The entry code of an accepted couple is shown once, to pass on to them.
 */
export function HeldRegistrations({
  competitionKey,
  reviews,
  timeZone,
}: {
  competitionKey: string;
  reviews: readonly RegistrationReview[];
  timeZone: string;
}) {
  const [confirm, confirmDialog] = useConfirm();
  const [accepted, setAccepted] = useState<RegistrationCreated | null>(null);
  const refresh = [registrationsQuery(competitionKey).queryKey];
  const decide = useCommand({
    run: async ({ review, decision }: { review: RegistrationReview; decision: 'accept' | 'refuse' }) => {
      const result = await call(
        decision === 'accept'
          ? endpoints.postRegistrationsReviewsAccept
          : endpoints.postRegistrationsReviewsRefuse,
        { key: competitionKey, reviewId: review.id },
        { version: review.version },
      );
      // The code shows as soon as the answer brings it; the list of reviews follows when read again.
      setAccepted('entryCode' in result ? result : null);
      return result;
    },
    refresh,
    success: (_r, { review, decision }) => ({
      message: `${review.lead.name} & ${review.follow.name}: ${decision === 'accept' ? 'registered' : 'refused'}.`,
    }),
    failureTitle: ({ review }) => `${review.lead.name} & ${review.follow.name} were not decided`,
  });

  const accept = async (review: RegistrationReview) => {
    const earlier = [...new Set(review.conflicts.map((c) => `${who(c.lead)} & ${who(c.follow)}`))];
    const ok = await confirm({
      title: 'Accept this registration?',
      message: `The earlier entries of this pair (${earlier.join('; ')}) are removed from ${review.conflicts
        .map((c) => c.eventName)
        .join(', ')}, and ${review.lead.name} & ${review.follow.name} are registered with their emails.`,
      confirmLabel: 'Accept and replace',
      danger: true,
    });
    if (ok) await decide.run({ review, decision: 'accept' });
  };
  const refuse = async (review: RegistrationReview) => {
    const ok = await confirm({
      title: 'Refuse this registration?',
      message: `${review.lead.name} & ${review.follow.name} (${review.lead.email}) are not registered; the entries already there stay.`,
      confirmLabel: 'Refuse',
      danger: true,
    });
    if (ok) await decide.run({ review, decision: 'refuse' });
  };

  return (
    <Paper
      component="section"
      withBorder
      p="md"
      radius="md"
      aria-label="Registrations waiting for your review"
    >
      {confirmDialog}
      <Stack gap="sm">
        <Group gap="xs">
          <Title order={3} size="h4">
            Waiting for your review
          </Title>
          <Badge color="yellow">{reviews.length}</Badge>
        </Group>
        <Text size="sm" c="dimmed">
          These couples registered names already entered from other email addresses. Check who the couple is
          (contact both if need be), then accept or refuse.
        </Text>
        {accepted && (
          <Alert color="green" title={`${accepted.lead.name} & ${accepted.follow.name} are registered`}>
            Number {accepted.leadNumber}. Their entry code, shown only now — pass it on to them:{' '}
            <Code data-testid="accepted-entry-code">{accepted.entryCode}</Code>
          </Alert>
        )}
        <CommandError command={decide} title="The registration was not decided" />
        {reviews.length === 0 && <Text size="sm">No registration is waiting now.</Text>}
        {reviews.map((r) => (
          <Paper key={r.id} withBorder p="sm" radius="sm" data-testid={`review-${r.id}`}>
            <Stack gap={4}>
              <Text fw={600}>
                {r.lead.name} &amp; {r.follow.name} · {r.affiliation}
              </Text>
              <Text size="sm">
                Sent {formatShortDay(r.createdAt, timeZone, undefined, currentLocale())} from {r.lead.email}{' '}
                and {r.follow.email}, for {r.events.map((e) => e.eventName).join(', ')}
              </Text>
              {r.conflicts.map((c) => (
                <Text size="sm" key={c.entryId} c="orange.8">
                  Already in {c.eventName}: {who(c.lead)} &amp; {who(c.follow)}, registered{' '}
                  {formatShortDay(c.registeredAt, timeZone, undefined, currentLocale())}
                </Text>
              ))}
              <Group gap="xs" mt={4}>
                <Button size="xs" onClick={() => void accept(r)} loading={decide.busy}>
                  Accept
                </Button>
                <Button size="xs" variant="default" onClick={() => void refuse(r)} disabled={decide.busy}>
                  Refuse
                </Button>
              </Group>
            </Stack>
          </Paper>
        ))}
      </Stack>
    </Paper>
  );
}
