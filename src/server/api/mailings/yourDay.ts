/**
 * "Your day": the organizer publishes the schedule and each dancer (one message per address) gets
 * their rounds with floors and the estimated times the schedule screen shows, linking to the live
 * schedule and their own page. Sending again is the organizer's choice: the screen says when it was
 * last sent before asking.
 */
import type { CommandContext } from '../../http/command.ts';
import type { Db } from '../../http/db.ts';
import { HttpError } from '../../errors.ts';
import { nowIso } from '../../db/index.ts';
import { enqueueMessage } from '../../mail/outbox.ts';
import { readSchedule } from '../schedule/queries.ts';
import { entriesWithDancers } from '../joins.ts';
import { formatTime, type ClockFormat } from '../../../domain/time.ts';
import { RoundState } from '../../../domain/rounds/index.ts';
import { addressKey, isMailable } from '../../../domain/messages/audience.ts';
import { composeYourDay, roundsOfDancer, type DancerEntry } from '../../../domain/messages/yourDay.ts';
import { fromJson } from '../../http/json.ts';
import type { SchedulePublished, SchedulePublishState } from '../../../domain/schemas/mailings.ts';
import { loadCatalog, translator } from '../../../domain/i18n/catalog.ts';
import { INTL_TAGS, type Locale } from '../../../domain/i18n/locales.ts';
import { roundLabel, sportText } from '../../../domain/i18n/sport.ts';
import { messagesT } from '../../../domain/messages/text.ts';
import { localesByAddress } from '../../mail/language.ts';

/** A round's estimated start as a reader of `locale` writes a time ("Sa. 10:15"); "TBA" in their words. */
function timeIn(
  locale: Locale,
  iso: string | null,
  timeZone: string,
  clock: ClockFormat,
  withDay: boolean,
): string {
  const at = iso ? Date.parse(iso) : NaN;
  if (Number.isNaN(at)) return messagesT(locale)('yourDay.tba');
  const options: Intl.DateTimeFormatOptions = {
    hour: 'numeric',
    minute: '2-digit',
    hourCycle: clock === '12h' ? 'h12' : 'h23',
    ...(withDay ? { weekday: 'short' as const } : {}),
  };
  try {
    return new Intl.DateTimeFormat(INTL_TAGS[locale], { ...options, timeZone }).format(at);
  } catch {
    return new Intl.DateTimeFormat(INTL_TAGS[locale], { ...options, timeZone: 'UTC' }).format(at);
  }
}

interface DancerDay {
  competitorId: number;
  name: string;
  email: string;
  entries: DancerEntry[];
}

/** Every dancer still entered in some event, by address (one message each), in entry order. */
async function dancersByAddress(db: Db, competitionId: number): Promise<DancerDay[]> {
  const rows = await entriesWithDancers(db)
    .select(['events.key as event_key', 'entries.lead_name', 'entries.follow_name', 'entries.joins_round'])
    .select(['lead.id as lead_id', 'lead.email as lead_email'])
    .select(['follow.id as follow_id', 'follow.email as follow_email'])
    .where('entries.competition_id', '=', competitionId)
    .where('entries.scratched', '=', 0)
    .where('entries.withdrawal', 'is', null)
    .orderBy('entries.id')
    .execute();
  const byAddress = new Map<string, DancerDay>();
  const add = (id: number | null, name: string, email: string | null, entry: DancerEntry) => {
    if (id === null || !email || !isMailable(email)) return;
    const key = addressKey(email);
    const day = byAddress.get(key) ?? { competitorId: id, name, email: email.trim(), entries: [] };
    day.entries.push(entry);
    byAddress.set(key, day);
  };
  for (const r of rows) {
    const joinsRound = r.joins_round;
    add(r.lead_id, r.lead_name, r.lead_email, {
      eventKey: r.event_key,
      partnerName: r.follow_name,
      joinsRound,
    });
    add(r.follow_id, r.follow_name, r.follow_email, {
      eventKey: r.event_key,
      partnerName: r.lead_name,
      joinsRound,
    });
  }
  return [...byAddress.values()];
}

/** When "Your day" was last sent, and to how many dancers it would go now. */
export async function schedulePublishState(
  db: Db,
  competition: { id: number; schedule_published_at: string | null },
): Promise<SchedulePublishState> {
  return {
    publishedAt: competition.schedule_published_at,
    recipients: (await dancersByAddress(db, competition.id)).length,
  };
}

export async function publishSchedule(cmd: CommandContext, origin: string): Promise<SchedulePublished> {
  const { trx, competition } = cmd;
  const [dancers, schedule] = await Promise.all([
    dancersByAddress(trx, competition.id),
    readSchedule(trx, competition.id),
  ]);
  if (dancers.length === 0)
    throw new HttpError(400, 'no_recipients', 'No dancer with an email address is entered in any event yet.');
  const runningOrder = schedule.items
    .filter((i) => i.kind === 'round')
    .map((i) => ({ ...i, skipped: i.roundState === RoundState.Skipped }));
  const multiDay = competition.start_date !== competition.end_date;
  // The schedule screen's own wording of a time: the same zone, clock and day marker.
  const time = (locale: Locale) => (iso: string | null) =>
    locale === 'en'
      ? formatTime(iso, competition.time_zone, competition.clock, multiDay)
      : timeIn(locale, iso, competition.time_zone, competition.clock, multiDay);
  const floors = fromJson<string[]>(competition.floors, []);
  const key = encodeURIComponent(competition.key);
  const localeOf = await localesByAddress(trx, competition);
  for (const d of dancers) {
    const locale = localeOf(d.email);
    await loadCatalog(sportText, locale);
    const sport = translator(sportText, locale);
    const rounds = roundsOfDancer(runningOrder, d.entries, time(locale)).map((r) =>
      locale === 'en' ? r : { ...r, roundName: roundLabel(sport, r.roundName) },
    );
    const message = composeYourDay({
      competitionName: competition.full_name,
      dancerName: d.name,
      rounds,
      severalFloors: floors.length > 1,
      liveUrl: `${origin}/c/${key}/live`,
      dancerUrl: `${origin}/c/${key}/competitors/${d.competitorId}`,
      locale,
    });
    await enqueueMessage(trx, {
      competitionId: competition.id,
      kind: 'your_day',
      to: { address: d.email, name: d.name },
      ...message,
    });
  }
  const at = nowIso();
  await trx
    .updateTable('competitions')
    .set({ schedule_published_at: at })
    .where('id', '=', competition.id)
    .execute();
  await cmd.audit({
    action: 'schedule.publish',
    entity: 'competition',
    entityId: competition.id,
    before: { schedule_published_at: competition.schedule_published_at },
    after: { schedule_published_at: at, recipients: dancers.length, scheduleVersion: schedule.version },
  });
  return { recipients: dancers.length, publishedAt: at };
}
