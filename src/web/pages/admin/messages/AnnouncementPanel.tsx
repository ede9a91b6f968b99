import {
  Button,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import * as endpoints from '../../../../domain/schemas/endpoints.ts';
import type { AnnouncementHistory, Audience } from '../../../../domain/schemas/mailings.ts';
import { ANNOUNCEMENT_SUBJECT_MAX } from '../../../../domain/messages/audience.ts';
import { call } from '../../../api/client.ts';
import { useCommand } from '../../../api/useCommand.ts';
import { CommandError } from '../../../components/ApiErrorAlert.tsx';
import { useConfirm } from '../../../components/useConfirm.tsx';
import { announcementsQuery, audienceCountQuery, isComplete } from './announcementQueries.ts';
import type { Translate } from '../../../../domain/i18n/catalog.ts';
import { useT } from '../../../i18n/locale.ts';
import { messagesText } from './text.ts';

type Kind = Audience['kind'];

/** "all dancers", "the dancers of Gold Tango", "the dancers of team MIT". */
function audienceWords(
  t: Translate<'audience.all' | 'audience.event' | 'audience.team'>,
  a: Audience,
): string {
  if (a.kind === 'all') return t('audience.all');
  return a.kind === 'event'
    ? t('audience.event', { name: a.key ?? '' })
    : t('audience.team', { name: a.key ?? '' });
}

/**
 * Admin → Messages → New announcement: the audience (all dancers, one event's or one team's), the
 * subject and the text, the number of dancers it will reach counted by the server as the audience
 * changes, and Send after a confirmation naming that number.
 */
export function AnnouncementPanel({
  competitionKey,
  choices,
}: {
  competitionKey: string;
  choices: Pick<AnnouncementHistory, 'events' | 'teams'> | undefined;
}) {
  const t = useT(messagesText);
  const [kind, setKind] = useState<Kind>('all');
  const [event, setEvent] = useState<string | null>(null);
  const [team, setTeam] = useState<string | null>(null);
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [confirm, confirmDialog] = useConfirm();
  const audience: Audience =
    kind === 'all'
      ? { kind }
      : { kind, ...((kind === 'event' ? event : team) ? { key: (kind === 'event' ? event : team)! } : {}) };
  const count = useQuery(audienceCountQuery(competitionKey, audience));
  const recipients = count.data?.recipients;

  const send = useCommand({
    run: (a: { audience: Audience; subject: string; body: string }) =>
      call(endpoints.postMessages, { key: competitionKey }, a),
    refresh: [announcementsQuery(competitionKey).queryKey],
    success: (r) => ({
      title: t('panel.sent.title'),
      message: t('panel.sent.message', { count: r.recipients }),
    }),
    onSuccess: () => {
      setSubject('');
      setBody('');
    },
    failureTitle: () => t('panel.failed'),
  });

  const ready = isComplete(audience) && subject.trim() !== '' && body.trim() !== '' && (recipients ?? 0) > 0;
  const submit = async () => {
    if (!ready || recipients === undefined) return;
    const yes = await confirm({
      title: t('panel.confirm.title', { count: recipients }),
      message: t('panel.confirm.message', {
        subject: subject.trim(),
        audience: audienceWords(t, audience),
        count: recipients,
      }),
      confirmLabel: t('panel.confirm.button', { count: recipients }),
    });
    if (yes) await send.run({ audience, subject, body });
  };

  const eventOptions = (choices?.events ?? []).map((e) => ({ value: e.name, label: e.name }));
  const teamOptions = choices?.teams ?? [];
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Stack gap={4}>
          <Text fw={500} size="sm" id="audience-label">
            {t('panel.to')}
          </Text>
          <SegmentedControl
            aria-labelledby="audience-label"
            value={kind}
            onChange={(v) => setKind(v as Kind)}
            data={[
              { value: 'all', label: t('panel.kind.all') },
              { value: 'event', label: t('panel.kind.event') },
              { value: 'team', label: t('panel.kind.team') },
            ]}
            w="fit-content"
          />
        </Stack>
        {kind === 'event' && (
          <Select
            label={t('panel.event')}
            placeholder={eventOptions.length ? t('panel.event.choose') : t('panel.event.none')}
            data={eventOptions}
            value={event}
            onChange={setEvent}
            searchable
          />
        )}
        {kind === 'team' && (
          <Select
            label={t('panel.team')}
            description={t('panel.team.description')}
            placeholder={teamOptions.length ? t('panel.team.choose') : t('panel.team.none')}
            data={teamOptions}
            value={team}
            onChange={setTeam}
            searchable
          />
        )}
        <Text size="sm" aria-live="polite" data-testid="audience-count">
          {!isComplete(audience)
            ? kind === 'event'
              ? t('panel.count.chooseEvent')
              : t('panel.count.chooseTeam')
            : count.isError
              ? t('panel.count.failed')
              : recipients === undefined
                ? t('panel.count.counting')
                : recipients === 0
                  ? t('panel.count.none')
                  : t('panel.count.goes', { count: recipients })}
        </Text>
        <TextInput
          label={t('panel.subject')}
          required
          maxLength={ANNOUNCEMENT_SUBJECT_MAX}
          value={subject}
          onChange={(e) => setSubject(e.currentTarget.value)}
        />
        <Textarea
          label={t('panel.message')}
          description={t('panel.message.description')}
          required
          autosize
          minRows={6}
          maxRows={16}
          value={body}
          onChange={(e) => setBody(e.currentTarget.value)}
        />
        <CommandError command={send} title={t('panel.failed')} />
        <Group justify="flex-end">
          <Button onClick={() => void submit()} disabled={!ready} loading={send.busy}>
            {t('panel.send')}
          </Button>
        </Group>
      </Stack>
      {confirmDialog}
    </Paper>
  );
}
