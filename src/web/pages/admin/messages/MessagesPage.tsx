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
import { useT } from '../../../i18n/locale.ts';
import { messagesText } from './text.ts';

/**
 * Admin → Messages: a new announcement to dancers, the announcements sent, and every email of the
 * competition with whether it arrived. Each section is its own component.
 */
export function MessagesPage() {
  const t = useT(messagesText);
  usePageTitle(t('title'));
  const { competition, key } = useCompetition();
  const history = useQuery(announcementsQuery(key));
  const timeZone = competition?.timeZone ?? 'UTC';
  return (
    <Stack gap="lg">
      <PageHeader title={t('title')} description={t('description')} />
      <AdminSection id="new-announcement" title={t('new.title')} description={t('new.description')}>
        {key && <AnnouncementPanel competitionKey={key} choices={history.data} />}
      </AdminSection>
      <AdminSection id="announcements-sent" title={t('sent.title')}>
        {history.isError && <ApiErrorAlert error={history.error} title={t('sent.loadFailed')} />}
        {history.isPending && <Skeleton h={120} aria-label={t('sent.loading')} />}
        {history.data && (
          <AnnouncementHistory
            announcements={history.data.announcements}
            timeZone={timeZone}
            clock={competition?.clock ?? DEFAULT_CLOCK}
          />
        )}
      </AdminSection>
      <AdminSection id="every-message" title={t('every.title')}>
        {key && <MessageList competitionKey={key} timeZone={timeZone} />}
      </AdminSection>
    </Stack>
  );
}
