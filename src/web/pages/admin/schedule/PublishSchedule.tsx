import { Button } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import * as endpoints from '../../../../domain/schemas/endpoints.ts';
import { formatTime, type ClockFormat } from '../../../../domain/time.ts';
import { call } from '../../../api/client.ts';
import { competitionRead } from '../../../api/queries/keys.ts';
import { useCommand } from '../../../api/useCommand.ts';
import { CommandError } from '../../../components/ApiErrorAlert.tsx';
import { dateFormat, formatShortDay, safeZone } from '../../../components/format.ts';
import { useConfirm } from '../../../components/useConfirm.tsx';
import { useLocale, useT } from '../../../i18n/locale.ts';
import { scheduleText } from './text.ts';

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
  const t = useT(scheduleText);
  const locale = useLocale();
  const state = useQuery(publishStateQuery(competitionKey));
  const [confirm, confirmDialog] = useConfirm();
  const publish = useCommand({
    run: () => call(endpoints.postSchedulePublish, { key: competitionKey }, {}),
    refresh: [publishStateQuery(competitionKey).queryKey],
    success: (r) => ({
      title: t('publish.done'),
      message: t('publish.doneText', { count: r.recipients }),
    }),
    failureTitle: () => t('publish.failed'),
  });
  const recipients = state.data?.recipients ?? 0;
  const publishedAt = state.data?.publishedAt ?? null;

  const ask = async () => {
    const count = recipients;
    // English keeps its "30 Oct"; the other languages write the day their way ("30. Okt.").
    const day = (iso: string) =>
      locale === 'en'
        ? formatShortDay(iso, timeZone)
        : dateFormat({ day: 'numeric', month: 'short', timeZone: safeZone(timeZone) }, locale).format(
            new Date(iso),
          );
    const when = publishedAt
      ? t('publish.when', {
          day: day(publishedAt),
          time: formatTime(publishedAt, timeZone, clock, false, locale),
        })
      : null;
    const yes = await confirm({
      title: when ? t('publish.askAgain', { count }) : t('publish.ask', { count }),
      message:
        (when ? t('publish.again', { when, count }) : t('publish.first', { count })) +
        (noTimes ? t('publish.noTimes') : ''),
      confirmLabel: when ? t('publish.sendAgain', { count }) : t('publish.send', { count }),
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
        title={state.data && recipients === 0 ? t('publish.nobody') : undefined}
      >
        {t('publish.button')}
      </Button>
      {publish.error !== null && <CommandError command={publish} title={t('publish.failed')} />}
      {confirmDialog}
    </>
  );
}
