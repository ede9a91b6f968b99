import { Button } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import * as endpoints from '../../../../domain/schemas/endpoints.ts';
import { counted } from '../../../../domain/words.ts';
import { formatTime, type ClockFormat } from '../../../../domain/time.ts';
import { call } from '../../../api/client.ts';
import { competitionRead } from '../../../api/queries/keys.ts';
import { useCommand } from '../../../api/useCommand.ts';
import { CommandError } from '../../../components/ApiErrorAlert.tsx';
import { formatShortDay } from '../../../components/format.ts';
import { currentLocale } from '../../../i18n/locale.ts';
import { useConfirm } from '../../../components/useConfirm.tsx';

/** When "Your day" was last sent, and how many dancers it would reach now. */
export const publishStateQuery = (key: string | undefined) =>
  competitionRead(key, { topic: 'schedule', rest: ['publish'] }, (k) =>
    call(endpoints.getSchedulePublish, { key: k }),
  );

/**
 * "Publish the schedule to dancers" on the schedule screen: each dancer gets their rounds with floors
 * and estimated times by email. It asks first with the number of emails, and when the schedule was
 * already published says when, so a second send is a choice.
 */
export function PublishSchedule({
  competitionKey,
  timeZone,
  clock,
  noTimes,
}: {
  competitionKey: string;
  timeZone: string;
  clock: ClockFormat;
  /** No round has an estimated time yet (no first start time): the emails would say "TBA". */
  noTimes: boolean;
}) {
  const state = useQuery(publishStateQuery(competitionKey));
  const [confirm, confirmDialog] = useConfirm();
  const publish = useCommand({
    run: () => call(endpoints.postSchedulePublish, { key: competitionKey }, {}),
    refresh: [publishStateQuery(competitionKey).queryKey],
    success: (r) => ({
      title: 'Schedule published',
      message: `“Your day” is on its way to ${counted(r.recipients, 'dancer')}.`,
    }),
    failureTitle: () => 'The schedule was not published',
  });
  const recipients = state.data?.recipients ?? 0;
  const publishedAt = state.data?.publishedAt ?? null;

  const ask = async () => {
    const emails = counted(recipients, 'email');
    const when = publishedAt
      ? `${formatShortDay(publishedAt, timeZone, undefined, currentLocale())} at ${formatTime(publishedAt, timeZone, clock)}`
      : null;
    const yes = await confirm({
      title: when ? `Send ${emails} again?` : `Send ${emails}?`,
      message:
        (when
          ? `The schedule was already published on ${when}. Sending again gives each of the ${counted(recipients, 'dancer')} a second email with their rounds and the times as they are now.`
          : `Each of the ${counted(recipients, 'dancer')} gets their rounds with floors and estimated times, and a link to the live schedule.`) +
        (noTimes
          ? ' No round has an estimated time yet (set the first start time in settings): every time would read TBA.'
          : ''),
      confirmLabel: when ? `Send again (${emails})` : `Send ${emails}`,
    });
    if (yes) await publish.run();
  };

  return (
    <>
      <Button
        variant="default"
        onClick={() => void ask()}
        loading={publish.busy}
        disabled={!state.data || recipients === 0}
        title={
          state.data && recipients === 0 ? 'No dancer with an email is entered in an event yet' : undefined
        }
      >
        Publish the schedule to dancers
      </Button>
      {publish.error !== null && <CommandError command={publish} title="The schedule was not published" />}
      {confirmDialog}
    </>
  );
}
