import { Stack } from '@mantine/core';
import { useCompetition } from '../../../api/queries/competition.ts';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { PageHeader } from '../PageHeader.tsx';
import { MessageList } from './MessageList.tsx';

/**
 * Admin → Messages: the emails sent to this competition's dancers. A shell: each part of the screen is
 * its own component (the list of messages here), so panels can sit beside it.
 */
export function MessagesPage() {
  usePageTitle('Messages');
  const { key, competition } = useCompetition();
  return (
    <Stack gap="lg">
      <PageHeader
        title="Messages"
        description="Every email sent to this competition's dancers — confirmations, entry links, announcements — and whether it arrived. A message the mail server refused shows its answer."
      />
      {key && <MessageList competitionKey={key} timeZone={competition?.timeZone ?? 'UTC'} />}
    </Stack>
  );
}
