import { Skeleton, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { DEFAULT_CLOCK } from '../../../../domain/time.ts';
import { useCompetition } from '../../../api/queries/competition.ts';
import { ApiErrorAlert } from '../../../components/ApiErrorAlert.tsx';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { AdminSection, PageHeader } from '../PageHeader.tsx';
import { AnnouncementHistory } from './AnnouncementHistory.tsx';
import { AnnouncementPanel } from './AnnouncementPanel.tsx';
import { announcementsQuery } from './announcementQueries.ts';
import { MessageList } from './MessageList.tsx';

/**
 * Admin → Messages: a new announcement to dancers, the announcements sent, and every email of the
 * competition with whether it arrived. Each section is its own component.
 */
export function MessagesPage() {
  usePageTitle('Messages');
  const { competition, key } = useCompetition();
  const history = useQuery(announcementsQuery(key));
  const timeZone = competition?.timeZone ?? 'UTC';
  return (
    <Stack gap="lg">
      <PageHeader
        title="Messages"
        description="Emails to the competition's dancers — confirmations, entry links, announcements — and whether each arrived. A message the mail server refused shows its answer."
      />
      <AdminSection
        id="new-announcement"
        title="New announcement"
        description="Tell all dancers, one event’s or one team’s: the schedule is out, the venue has changed."
      >
        {key && <AnnouncementPanel competitionKey={key} choices={history.data} />}
      </AdminSection>
      <AdminSection id="announcements-sent" title="Announcements sent">
        {history.isError && <ApiErrorAlert error={history.error} title="The announcements could not load" />}
        {history.isPending && <Skeleton h={120} aria-label="Loading the announcements" />}
        {history.data && (
          <AnnouncementHistory
            announcements={history.data.announcements}
            timeZone={timeZone}
            clock={competition?.clock ?? DEFAULT_CLOCK}
          />
        )}
      </AdminSection>
      <AdminSection id="every-message" title="Every message">
        {key && <MessageList competitionKey={key} timeZone={timeZone} />}
      </AdminSection>
    </Stack>
  );
}
