import { formatShortDay } from '../../../components/format.ts';
import { Alert, Badge, Button, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import * as endpoints from '../../../../domain/schemas/endpoints.ts';
import { call } from '../../../api/client.ts';
import { registrationsQuery } from '../../../api/queries/registrations.ts';
import { useCommand } from '../../../api/useCommand.ts';
import { CommandError } from '../../../components/ApiErrorAlert.tsx';
import { useConfirm } from '../../../components/useConfirm.tsx';
import type { RegistrationCreated, RegistrationReview } from '../../../../domain/schemas/registration.ts';
import { competitorsText } from './text.ts';
import { useLocale, useT } from '../../../i18n/locale.ts';
import { richText } from './richText.tsx';

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
  const t = useT(competitorsText);
  const locale = useLocale();
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
      message: t(decision === 'accept' ? 'held.registered' : 'held.refused', {
        lead: review.lead.name,
        follow: review.follow.name,
      }),
    }),
    failureTitle: ({ review }) =>
      t('held.notDecided', { lead: review.lead.name, follow: review.follow.name }),
  });

  const accept = async (review: RegistrationReview) => {
    const earlier = [...new Set(review.conflicts.map((c) => `${who(c.lead)} & ${who(c.follow)}`))];
    const ok = await confirm({
      title: t('held.acceptQ'),
      message: t('held.acceptMsg', {
        earlier: earlier.join('; '),
        events: review.conflicts.map((c) => c.eventName).join(', '),
        lead: review.lead.name,
        follow: review.follow.name,
      }),
      confirmLabel: t('held.acceptLabel'),
      danger: true,
    });
    if (ok) await decide.run({ review, decision: 'accept' });
  };
  const refuse = async (review: RegistrationReview) => {
    const ok = await confirm({
      title: t('held.refuseQ'),
      message: t('held.refuseMsg', {
        lead: review.lead.name,
        follow: review.follow.name,
        email: review.lead.email,
      }),
      confirmLabel: t('held.refuseLabel'),
      danger: true,
    });
    if (ok) await decide.run({ review, decision: 'refuse' });
  };

  return (
    <Paper component="section" withBorder p="md" radius="md" aria-label={t('held.section')}>
      {confirmDialog}
      <Stack gap="sm">
        <Group gap="xs">
          <Title order={3} size="h4">
            {t('held.title')}
          </Title>
          <Badge color="yellow">{reviews.length}</Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {t('held.lead')}
        </Text>
        {accepted && (
          <Alert
            color="green"
            title={t('held.acceptedTitle', { lead: accepted.lead.name, follow: accepted.follow.name })}
          >
            {richText((v) => t('held.accepted', { ...v, number: accepted.leadNumber }), {
              code: <Code data-testid="accepted-entry-code">{accepted.entryCode}</Code>,
            })}
          </Alert>
        )}
        <CommandError command={decide} title={t('held.failed')} />
        {reviews.length === 0 && <Text size="sm">{t('held.none')}</Text>}
        {reviews.map((r) => (
          <Paper key={r.id} withBorder p="sm" radius="sm" data-testid={`review-${r.id}`}>
            <Stack gap={4}>
              <Text fw={600}>
                {t('held.pair', { lead: r.lead.name, follow: r.follow.name, team: r.affiliation })}
              </Text>
              <Text size="sm">
                {t('held.sent', {
                  date: formatShortDay(r.createdAt, timeZone, undefined, locale),
                  leadEmail: r.lead.email,
                  followEmail: r.follow.email,
                  events: r.events.map((e) => e.eventName).join(', '),
                })}
              </Text>
              {r.conflicts.map((c) => (
                <Text size="sm" key={c.entryId} c="orange.8">
                  {t('held.already', {
                    event: c.eventName,
                    lead: who(c.lead),
                    follow: who(c.follow),
                    date: formatShortDay(c.registeredAt, timeZone, undefined, locale),
                  })}
                </Text>
              ))}
              <Group gap="xs" mt={4}>
                <Button size="xs" onClick={() => void accept(r)} loading={decide.busy}>
                  {t('held.accept')}
                </Button>
                <Button size="xs" variant="default" onClick={() => void refuse(r)} disabled={decide.busy}>
                  {t('held.refuse')}
                </Button>
              </Group>
            </Stack>
          </Paper>
        ))}
      </Stack>
    </Paper>
  );
}
