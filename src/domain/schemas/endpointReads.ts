/**
 * The API's reads (every GET) of the endpoint table (endpoints.ts); the writes are in endpointWrites.ts.
 * Kept apart because a module goes whole into one bundle chunk: the public pages, which only read,
 * then carry no write's path.
 */
import type * as announcements from './announcements.ts';
import type * as audit from './audit.ts';
import type * as common from './common.ts';
import type * as competition from './competition.ts';
import type * as events from './events.ts';
import type * as exchange from './exchange.ts';
import type * as floor from './floor.ts';
import type * as judgingReport from './judgingReport.ts';
import type * as mailings from './mailings.ts';
import type * as money from './money.ts';
import type * as mirror from './mirror.ts';
import type * as marks from './marks.ts';
import type * as officials from './officials.ts';
import type * as outbox from './outbox.ts';
import type * as people from './people.ts';
import type * as registration from './registration.ts';
import type * as results from './results.ts';
import { endpoint, type In, type Out } from './endpoint.ts';

export const getAuthMe = endpoint<Out<typeof competition.whoAmIResponse>>()('GET', '/auth/me');

export const getImagesOne = endpoint<Blob>()('GET', '/competitions/:key/images/:file');

export const getCompetitors = endpoint<
  Out<typeof registration.publicCompetitor>[],
  never,
  { limit?: number; offset?: number }
>()('GET', '/competitions/:key/competitors');

export const getCompetitorsOne = endpoint<Out<typeof registration.publicCompetitor>>()(
  'GET',
  '/competitions/:key/competitors/:id',
);

export const getAdmins = endpoint<Out<typeof competition.adminAccount>[]>()(
  'GET',
  '/competitions/:key/admins',
);

export const getRegistrations = endpoint<Out<typeof registration.adminRegistrations>>()(
  'GET',
  '/competitions/:key/registrations',
);

export const getAuditVerify = endpoint<Out<typeof audit.auditVerdict>>()(
  'GET',
  '/competitions/:key/audit/verify',
);

export const getSiteAuditVerify = endpoint<Out<typeof audit.auditVerdict>>()('GET', '/site/audit/verify');

export const getSite = endpoint<Out<typeof competition.siteResponse>>()('GET', '/site');

export const getCompetitions = endpoint<Out<typeof competition.competitionSummary>[]>()(
  'GET',
  '/competitions',
);

export const getAdminCompetitions = endpoint<Out<typeof competition.adminCompetitionList>>()(
  'GET',
  '/admin/competitions',
);

export const getCompetitionsOne = endpoint<Out<typeof competition.competitionResponse>>()(
  'GET',
  '/competitions/:key',
);

export const getEvents = endpoint<Out<typeof events.eventsView>>()('GET', '/competitions/:key/events');

export const getExport = endpoint<Out<typeof exchange.competitionExport>>()(
  'GET',
  '/competitions/:key/export',
);

export const getSettingsEvents = endpoint<Out<typeof competition.eventSettingsResponse>>()(
  'GET',
  '/competitions/:key/settings/events',
);

export const getEntriesCsv = endpoint<Out<typeof common.csvFile>>()('GET', '/competitions/:key/entries.csv');

export const getEventsEntries = endpoint<Out<typeof events.eventEntryView>[]>()(
  'GET',
  '/competitions/:key/events/:eventKey/entries',
);

export const getSchedule = endpoint<Out<typeof events.schedule>>()('GET', '/competitions/:key/schedule');

export const getScheduleConflicts = endpoint<Out<typeof events.scheduleConflicts>>()(
  'GET',
  '/competitions/:key/schedule/conflicts',
);

export const getEventsRoundsCouples = endpoint<Out<typeof floor.roundCouples>>()(
  'GET',
  '/competitions/:key/events/:eventKey/rounds/:n/couples',
);

export const getFloor = endpoint<Out<typeof floor.floorView>, never, { next?: number }>()(
  'GET',
  '/competitions/:key/floor',
);

export const getEventsRoundsMarksHistory = endpoint<Out<typeof marks.markHistoryView>>()(
  'GET',
  '/competitions/:key/events/:eventKey/rounds/:n/marks/history',
);

export const getEventsRoundsAjsPanel = endpoint<Out<typeof marks.roundAjsPanelView>>()(
  'GET',
  '/competitions/:key/events/:eventKey/rounds/:n/ajs-panel',
);

export const getEventsRoundsMarks = endpoint<Out<typeof marks.roundMarksView>>()(
  'GET',
  '/competitions/:key/events/:eventKey/rounds/:n/marks',
);

export const getJudgesRounds = endpoint<Out<typeof marks.judgeRounds>>()(
  'GET',
  '/competitions/:key/judges/:officialId/rounds',
);

export const getResults = endpoint<Out<typeof results.resultsSummary>>()('GET', '/competitions/:key/results');

export const getResultsOne = endpoint<Out<typeof results.eventResults>>()(
  'GET',
  '/competitions/:key/results/:eventKey',
);

export const getCompetitorsResults = endpoint<Out<typeof results.competitorResult>[]>()(
  'GET',
  '/competitions/:key/competitors/:id/results',
);

export const getEventsResultsCsv = endpoint<Out<typeof common.csvFile>>()(
  'GET',
  '/competitions/:key/events/:eventKey/results.csv',
);

export const getResultsCsv = endpoint<Out<typeof common.csvFile>>()('GET', '/competitions/:key/results.csv');

/** The chairman's report on the judging: per judge and posted round, how far from the result. */
export const getJudgingReport = endpoint<
  Out<typeof judgingReport.judgingReport>,
  never,
  { event?: string }
>()('GET', '/competitions/:key/judging-report');

export const getJudgingReportCsv = endpoint<Out<typeof common.csvFile>, never, { event?: string }>()(
  'GET',
  '/competitions/:key/judging-report.csv',
);

export const getEventsRoundsResults = endpoint<Out<typeof marks.resultsView> | null>()(
  'GET',
  '/competitions/:key/events/:eventKey/rounds/:n/results',
);

export const getEventsResults = endpoint<Out<typeof marks.eventFinalResults>>()(
  'GET',
  '/competitions/:key/events/:eventKey/results',
);

export const getMirror = endpoint<Out<typeof mirror.mirrorStatus>>()('GET', '/competitions/:key/mirror');

export const getAnnouncements = endpoint<Out<typeof announcements.announcements>>()(
  'GET',
  '/competitions/:key/announcements',
);

export const getOfficials = endpoint<Out<typeof officials.official>[]>()(
  'GET',
  '/competitions/:key/officials',
);

export const getPanels = endpoint<Out<typeof officials.eventPanel>[]>()('GET', '/competitions/:key/panels');

export const getDashboard = endpoint<Out<typeof competition.dashboard>>()(
  'GET',
  '/competitions/:key/dashboard',
);

export const getPrintPanels = endpoint<Out<typeof events.printPanel>[]>()(
  'GET',
  '/competitions/:key/print/panels',
);

export const getPeopleOne = endpoint<Out<typeof people.personPublic>>()('GET', '/people/:personId');

export const getPeoplePoints = endpoint<Out<typeof people.personPoints>>()('GET', '/people/:personId/points');

export const getPeopleAdmin = endpoint<Out<typeof people.personAdmin>>()('GET', '/people/:personId/admin');

export const getPeopleDuplicates = endpoint<Out<typeof people.duplicates>>()('GET', '/people/duplicates');

export const getRegistrationsCsv = endpoint<Out<typeof common.csvFile>>()(
  'GET',
  '/competitions/:key/registrations.csv',
);

export const getFeesCsv = endpoint<Out<typeof common.csvFile>>()('GET', '/competitions/:key/fees.csv');

export const getStream = endpoint<string>()('GET', '/competitions/:key/stream');

/** Sent announcements with delivered / failed / pending counts, and the audiences to choose from. */
export const getMessagesAnnouncements = endpoint<Out<typeof mailings.announcementHistory>>()(
  'GET',
  '/competitions/:key/messages/announcements',
);

/** How many dancers an announcement to this audience would reach; writes nothing. */
export const postMessagesPreview = endpoint<
  Out<typeof mailings.audienceCount>,
  In<typeof mailings.announcementPreviewRequest>
>()('POST', '/competitions/:key/messages/preview');

/** What an unsubscribe link's page shows before the person confirms. */
export const getUnsubscribe = endpoint<
  Out<typeof mailings.unsubscribeState>,
  never,
  In<typeof mailings.unsubscribeQuery>
>()('GET', '/competitions/:key/unsubscribe');

/** When "Your day" was last sent and to how many dancers it would go. */
export const getSchedulePublish = endpoint<Out<typeof mailings.schedulePublishState>>()(
  'GET',
  '/competitions/:key/schedule/publish',
);
export const getMessages = endpoint<
  Out<typeof outbox.outboxList>,
  never,
  {
    status?: Out<typeof outbox.outboxMessage>['status'];
    kind?: Out<typeof outbox.outboxMessage>['kind'];
    limit?: number;
    before?: number;
  }
>()('GET', '/competitions/:key/messages');

/** Every account (invoice) of the competition, by number (organizers). */
export const getInvoices = endpoint<Out<typeof money.invoiceList>>()('GET', '/competitions/:key/invoices');
/** One invoice with what a printed copy needs (organizers). */
export const getInvoice = endpoint<Out<typeof money.invoiceDocument>>()(
  'GET',
  '/competitions/:key/invoices/:invoiceId',
);
/** The team's invoice its captain's private link opens. */
export const getTeamInvoice = endpoint<Out<typeof money.invoiceDocument>>()(
  'GET',
  '/competitions/:key/team-invoices/:token',
);
/** The teams' billing: who pays, the captain's link, the team's account (organizers). */
export const getTeams = endpoint<Out<typeof money.teamList>>()('GET', '/competitions/:key/teams');
/** Owed, paid, outstanding, in all and by team: the sums of the ledger (organizers). */
export const getMoney = endpoint<Out<typeof money.moneyTotals>>()('GET', '/competitions/:key/money');
/** Every line and payment for the treasurer (organizers). */
export const getLedgerCsv = endpoint<Out<typeof common.csvFile>>()('GET', '/competitions/:key/ledger.csv');
/** What each entry's couple still owes, for the check-in screen (deck captain, organizers). */
export const getCheckInBalances = endpoint<Out<typeof money.checkInBalances>>()(
  'GET',
  '/competitions/:key/check-in/balances',
);
