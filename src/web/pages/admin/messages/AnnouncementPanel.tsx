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
import { counted } from '../../../../domain/words.ts';
import { call } from '../../../api/client.ts';
import { useCommand } from '../../../api/useCommand.ts';
import { CommandError } from '../../../components/ApiErrorAlert.tsx';
import { useConfirm } from '../../../components/useConfirm.tsx';
import { announcementsQuery, audienceCountQuery, isComplete } from './announcementQueries.ts';

type Kind = Audience['kind'];

/** "all dancers", "the dancers of Gold Tango", "the dancers of team MIT". */
function audienceWords(a: Audience): string {
  if (a.kind === 'all') return 'all dancers';
  return a.kind === 'event' ? `the dancers of ${a.key ?? ''}` : `the dancers of team ${a.key ?? ''}`;
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
      title: 'Announcement sent',
      message: `On its way to ${counted(r.recipients, 'dancer')}.`,
    }),
    onSuccess: () => {
      setSubject('');
      setBody('');
    },
    failureTitle: () => 'The announcement was not sent',
  });

  const ready = isComplete(audience) && subject.trim() !== '' && body.trim() !== '' && (recipients ?? 0) > 0;
  const submit = async () => {
    if (!ready || recipients === undefined) return;
    const yes = await confirm({
      title: `Send ${counted(recipients, 'email')}?`,
      message: `“${subject.trim()}” goes to ${audienceWords(audience)}: ${counted(recipients, 'dancer')} (one email per address; those who unsubscribed are left out). It cannot be called back.`,
      confirmLabel: `Send ${counted(recipients, 'email')}`,
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
            To
          </Text>
          <SegmentedControl
            aria-labelledby="audience-label"
            value={kind}
            onChange={(v) => setKind(v as Kind)}
            data={[
              { value: 'all', label: 'All dancers' },
              { value: 'event', label: 'One event' },
              { value: 'team', label: 'One team' },
            ]}
            w="fit-content"
          />
        </Stack>
        {kind === 'event' && (
          <Select
            label="Event"
            placeholder={eventOptions.length ? 'Choose an event' : 'No events yet'}
            data={eventOptions}
            value={event}
            onChange={setEvent}
            searchable
          />
        )}
        {kind === 'team' && (
          <Select
            label="Team"
            description="Affiliations as the dancers registered them; different spellings of one team count as one"
            placeholder={teamOptions.length ? 'Choose a team' : 'No teams yet'}
            data={teamOptions}
            value={team}
            onChange={setTeam}
            searchable
          />
        )}
        <Text size="sm" aria-live="polite" data-testid="audience-count">
          {!isComplete(audience)
            ? `Choose ${kind === 'event' ? 'an event' : 'a team'} to see how many dancers it reaches.`
            : count.isError
              ? 'The number of dancers could not be counted.'
              : recipients === undefined
                ? 'Counting dancers…'
                : recipients === 0
                  ? 'No dancer would receive it (none registered, or all unsubscribed).'
                  : `Goes to ${counted(recipients, 'dancer')}.`}
        </Text>
        <TextInput
          label="Subject"
          required
          maxLength={ANNOUNCEMENT_SUBJECT_MAX}
          value={subject}
          onChange={(e) => setSubject(e.currentTarget.value)}
        />
        <Textarea
          label="Message"
          description="Plain text; a blank line starts a new paragraph. An unsubscribe link is added at the end."
          required
          autosize
          minRows={6}
          maxRows={16}
          value={body}
          onChange={(e) => setBody(e.currentTarget.value)}
        />
        <CommandError command={send} title="The announcement was not sent" />
        <Group justify="flex-end">
          <Button onClick={() => void submit()} disabled={!ready} loading={send.busy}>
            Send announcement
          </Button>
        </Group>
      </Stack>
      {confirmDialog}
    </Paper>
  );
}
