/**
 * Every operation of the API in one table: its method, its path (relative to /api/v1, Fastify's
 * `:param` syntax) and, as types only, its body, query and answer. The server registers each route
 * from its entry (src/server/http/route.ts checks the route's schemas agree with the types here); the
 * web calls it through `call(endpoint, params, body)` (src/web/api/client.ts), whose answer type comes
 * from here. The schemas are imported as types only: this file is in every public bundle, Zod is not.
 * Each operation is its own export, read through `import * as endpoints`: the bundler then keeps in a
 * chunk only the operations that chunk calls.
 */
import type { z } from 'zod';
import type * as announcements from './announcements.ts';
import type * as audit from './audit.ts';
import type * as common from './common.ts';
import type * as competition from './competition.ts';
import type * as events from './events.ts';
import type * as exchange from './exchange.ts';
import type * as floor from './floor.ts';
import type * as formats from './formats.ts';
import type * as images from './images.ts';
import type * as marks from './marks.ts';
import type * as officials from './officials.ts';
import type * as people from './people.ts';
import type * as registration from './registration.ts';
import type * as results from './results.ts';
import type * as rounds from './rounds.ts';

type Out<S extends z.ZodType> = z.output<S>;
type In<S extends z.ZodType> = z.input<S>;
/** The version the client last saw, for commands without a body (DELETE). */
type VersionQuery = { version?: number };
/** A body that carries only the version the client last saw. */
type VersionBody = { version?: number };

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One operation: `method` and `path` at run time; its answer, body and query as types. */
export interface Endpoint<
  M extends Method = Method,
  P extends string = string,
  A = unknown,
  B = unknown,
  Q = unknown,
> {
  readonly method: M;
  readonly path: P;
  /** Types only (never set): the answer, the body and the query string. */
  readonly types?: { answer: A; body: B; query: Q };
}

export type AnswerOf<E> = E extends Endpoint<Method, string, infer A> ? A : never;
export type BodyOf<E> = E extends Endpoint<Method, string, unknown, infer B> ? B : never;
export type QueryOf<E> = E extends Endpoint<Method, string, unknown, unknown, infer Q> ? Q : never;

/** The `:name` pieces of a path. */
export type PathParamNames<P extends string> = P extends `${string}:${infer N}/${infer Rest}`
  ? N | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer N}`
    ? N
    : never;

const endpoint =
  <A, B = never, Q = never>() =>
  <M extends Method, P extends string>(method: M, path: P): Endpoint<M, P, A, B, Q> => ({ method, path });

export const postAuthLogin = endpoint<
  Out<typeof competition.loginResponse>,
  In<typeof competition.loginBody>
>()('POST', '/auth/login');
export const postAuthLogout = endpoint<undefined, In<typeof common.noFields>>()('POST', '/auth/logout');
export const getAuthMe = endpoint<Out<typeof competition.whoAmIResponse>>()('GET', '/auth/me');
export const postOfficialsSession = endpoint<
  Out<typeof competition.officialSessionResponse>,
  { code: string }
>()('POST', '/competitions/:key/officials/:officialId/session');
export const postImages = endpoint<Out<typeof images.imageUploaded>, Blob>()(
  'POST',
  '/competitions/:key/images',
);
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
export const patchCompetitorsOne = endpoint<
  Out<typeof registration.adminCompetitor>,
  In<typeof registration.competitorPatch>
>()('PATCH', '/competitions/:key/competitors/:id');
export const getAdmins = endpoint<Out<typeof competition.adminAccount>[]>()(
  'GET',
  '/competitions/:key/admins',
);
export const postAdmins = endpoint<
  Out<typeof competition.adminAccount>,
  In<typeof competition.adminCreate>
>()('POST', '/competitions/:key/admins');
export const deleteAdminsOne = endpoint<undefined, In<typeof common.noFields>>()(
  'DELETE',
  '/competitions/:key/admins/:userId',
);
export const postRegistrations = endpoint<
  Out<typeof registration.registrationCreated> | Out<typeof registration.registrationHeld>,
  In<typeof registration.registrationCreate>
>()('POST', '/competitions/:key/registrations');
export const postRegistrationsLookup = endpoint<
  Out<typeof registration.ownRegistration>,
  In<typeof registration.registrationLookup>
>()('POST', '/competitions/:key/registrations/lookup');
export const postRegistrationsEntries = endpoint<
  Out<typeof registration.ownRegistration>,
  In<typeof registration.selfEntriesChange>
>()('POST', '/competitions/:key/registrations/entries');
export const getRegistrations = endpoint<Out<typeof registration.adminRegistrations>>()(
  'GET',
  '/competitions/:key/registrations',
);
export const postRegistrationsReviewsAccept = endpoint<
  Out<typeof registration.registrationCreated>,
  In<typeof registration.reviewDecision>
>()('POST', '/competitions/:key/registrations/reviews/:reviewId/accept');
export const postRegistrationsReviewsRefuse = endpoint<
  Out<typeof common.messageResponse>,
  In<typeof registration.reviewDecision>
>()('POST', '/competitions/:key/registrations/reviews/:reviewId/refuse');
export const postRegistrationsImport = endpoint<
  Out<typeof registration.importResult>,
  In<typeof registration.registrationImport>
>()('POST', '/competitions/:key/registrations/import');
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
export const postCompetitions = endpoint<
  Out<typeof competition.competitionCreated>,
  In<typeof competition.competitionCreate>
>()('POST', '/competitions');
export const putSite = endpoint<Out<typeof competition.siteResponse>, In<typeof competition.siteChoice>>()(
  'PUT',
  '/site',
);
export const getAdminCompetitions = endpoint<Out<typeof competition.adminCompetitionList>>()(
  'GET',
  '/admin/competitions',
);
export const postArchive = endpoint<
  Out<typeof competition.adminCompetition>,
  In<typeof competition.archiveBody>
>()('POST', '/competitions/:key/archive');
export const getCompetitionsOne = endpoint<Out<typeof competition.competitionResponse>>()(
  'GET',
  '/competitions/:key',
);
export const patchCompetitionsOne = endpoint<
  Out<typeof competition.competitionResponse>,
  In<typeof competition.competitionPatch>
>()('PATCH', '/competitions/:key');
export const getEvents = endpoint<Out<typeof events.eventsView>>()('GET', '/competitions/:key/events');
export const postEvents = endpoint<Out<typeof events.eventView>, In<typeof events.eventCreate>>()(
  'POST',
  '/competitions/:key/events',
);
export const postEventsGrid = endpoint<
  Out<typeof events.eventGridCreated>,
  In<typeof events.eventGridCreate>
>()('POST', '/competitions/:key/events/grid');
export const patchEventsOne = endpoint<Out<typeof events.eventView>, In<typeof events.eventPatch>>()(
  'PATCH',
  '/competitions/:key/events/:eventKey',
);
export const deleteEventsOne = endpoint<
  Out<typeof events.eventDeleted>,
  In<typeof common.noFields>,
  In<typeof events.eventDeleteQuery> & VersionQuery
>()('DELETE', '/competitions/:key/events/:eventKey');
export const getExport = endpoint<Out<typeof exchange.competitionExport>>()(
  'GET',
  '/competitions/:key/export',
);
export const postCompetitionsImport = endpoint<
  Out<typeof competition.competitionResponse>,
  unknown,
  { key?: string }
>()('POST', '/competitions/import');
export const getSettingsEvents = endpoint<Out<typeof competition.eventSettingsResponse>>()(
  'GET',
  '/competitions/:key/settings/events',
);
export const putSettingsEvents = endpoint<
  Out<typeof competition.eventSettingsResponse>,
  In<typeof competition.eventSettingsPut>
>()('PUT', '/competitions/:key/settings/events');
export const postEntriesAdhoc = endpoint<
  Out<typeof registration.adhocEntryCreated>,
  In<typeof registration.adhocEntryCreate>
>()('POST', '/competitions/:key/entries/adhoc');
export const patchEntriesOne = endpoint<
  Out<typeof registration.entryUpdated>,
  In<typeof registration.entryPatch>
>()('PATCH', '/competitions/:key/entries/:entryId');
export const patchEventsEntriesOne = endpoint<
  Out<typeof registration.entryUpdated>,
  In<typeof registration.entryPatch>
>()('PATCH', '/competitions/:key/events/:eventKey/entries/:entryId');
export const deleteEntriesOne = endpoint<undefined, In<typeof common.noFields>>()(
  'DELETE',
  '/competitions/:key/entries/:entryId',
);
export const deleteEventsEntriesOne = endpoint<undefined, In<typeof common.noFields>>()(
  'DELETE',
  '/competitions/:key/events/:eventKey/entries/:entryId',
);
export const getEntriesCsv = endpoint<Out<typeof common.csvFile>>()('GET', '/competitions/:key/entries.csv');
export const getEventsEntries = endpoint<Out<typeof events.eventEntryView>[]>()(
  'GET',
  '/competitions/:key/events/:eventKey/entries',
);
export const postEventsEntries = endpoint<
  Out<typeof events.eventEntryCreated>,
  In<typeof registration.eventEntryCreate>
>()('POST', '/competitions/:key/events/:eventKey/entries');
export const postEventsEntriesCheckIn = endpoint<
  Out<typeof registration.entryCheckedIn>,
  In<typeof registration.checkIn>
>()('POST', '/competitions/:key/events/:eventKey/entries/:entryId/check-in');
export const postEventsEntriesScratch = endpoint<
  Out<typeof registration.entryScratched>,
  In<typeof floor.scratchBody>
>()('POST', '/competitions/:key/events/:eventKey/entries/:entryId/scratch');
export const getSchedule = endpoint<Out<typeof events.schedule>>()('GET', '/competitions/:key/schedule');
export const getScheduleConflicts = endpoint<Out<typeof events.scheduleConflicts>>()(
  'GET',
  '/competitions/:key/schedule/conflicts',
);
export const postScheduleSuggest = endpoint<
  Out<typeof events.scheduleSuggestion>,
  In<typeof events.scheduleSuggestRequest> | undefined
>()('POST', '/competitions/:key/schedule/suggest');
export const putSchedule = endpoint<Out<typeof events.schedule>, In<typeof events.scheduleReorder>>()(
  'PUT',
  '/competitions/:key/schedule',
);
export const getEventsRoundsCouples = endpoint<Out<typeof floor.roundCouples>>()(
  'GET',
  '/competitions/:key/events/:eventKey/rounds/:n/couples',
);
export const getFloor = endpoint<Out<typeof floor.floorView>, never, { next?: number }>()(
  'GET',
  '/competitions/:key/floor',
);
export const postEventsRoundsHeats = endpoint<Out<typeof floor.heatsAnswer>, In<typeof floor.heatsBody>>()(
  'POST',
  '/competitions/:key/events/:eventKey/rounds/:n/heats',
);
export const putEventsRoundsMarksOne = endpoint<
  Out<typeof marks.marksSaved>,
  In<typeof marks.marksBody>,
  In<typeof marks.marksQuery>
>()('PUT', '/competitions/:key/events/:eventKey/rounds/:n/marks/:officialId');
export const postEventsRoundsMarksUnlock = endpoint<
  Out<typeof marks.marksUnlocked>,
  In<typeof marks.unlockBody>
>()('POST', '/competitions/:key/events/:eventKey/rounds/:n/marks/:officialId/unlock');
export const getEventsRoundsMarksHistory = endpoint<Out<typeof marks.markHistoryView>>()(
  'GET',
  '/competitions/:key/events/:eventKey/rounds/:n/marks/history',
);
export const getEventsRoundsMarks = endpoint<Out<typeof marks.roundMarksView>>()(
  'GET',
  '/competitions/:key/events/:eventKey/rounds/:n/marks',
);
export const getJudgesRounds = endpoint<Out<typeof marks.judgeRounds>>()(
  'GET',
  '/competitions/:key/judges/:officialId/rounds',
);
export const postEventsRoundsStart = endpoint<Out<typeof marks.roundStarted>, VersionBody | undefined>()(
  'POST',
  '/competitions/:key/events/:eventKey/rounds/:n/start',
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
export const postEventsRoundsGenerate = endpoint<
  Out<typeof rounds.eventRoundsEdited>,
  In<typeof events.roundGenerate> | undefined
>()('POST', '/competitions/:key/events/:eventKey/rounds/generate');
export const deleteEventsRounds = endpoint<
  Out<typeof rounds.eventRoundsEdited>,
  In<typeof common.noFields>,
  VersionQuery
>()('DELETE', '/competitions/:key/events/:eventKey/rounds');
export const postEventsRounds = endpoint<
  Out<typeof rounds.eventRoundsEdited>,
  In<typeof events.roundAdd> & VersionBody
>()('POST', '/competitions/:key/events/:eventKey/rounds');
export const postEventsRoundsSkip = endpoint<Out<typeof rounds.eventRoundsEdited>, VersionBody | undefined>()(
  'POST',
  '/competitions/:key/events/:eventKey/rounds/:n/skip',
);
export const postEventsRoundsRedance = endpoint<
  Out<typeof rounds.eventRoundsEdited>,
  In<typeof formats.redanceBody>
>()('POST', '/competitions/:key/events/:eventKey/rounds/:n/redance');
export const deleteEventsRoundsOne = endpoint<
  Out<typeof rounds.eventRoundsEdited>,
  In<typeof common.noFields>,
  VersionQuery
>()('DELETE', '/competitions/:key/events/:eventKey/rounds/:n');
export const patchEventsRoundsOne = endpoint<
  Out<typeof rounds.eventRoundsEdited>,
  In<typeof events.roundPatch>
>()('PATCH', '/competitions/:key/events/:eventKey/rounds/:n');
export const putEventsEntriesStar = endpoint<Out<typeof formats.starSet>, In<typeof formats.starBody>>()(
  'PUT',
  '/competitions/:key/events/:eventKey/entries/:entryId/star',
);
export const postEventsEntriesWithdrawal = endpoint<
  Out<typeof formats.withdrawalDone>,
  In<typeof formats.withdrawalBody>
>()('POST', '/competitions/:key/events/:eventKey/entries/:entryId/withdrawal');
export const postEventsEntriesReinstate = endpoint<
  Out<typeof formats.withdrawalDone>,
  In<typeof formats.reinstateBody>
>()('POST', '/competitions/:key/events/:eventKey/entries/:entryId/reinstate');
export const postEventsRoundsResults = endpoint<
  Out<typeof marks.resultsView>,
  In<typeof marks.resultsBody> | undefined
>()('POST', '/competitions/:key/events/:eventKey/rounds/:n/results');
export const postEventsRoundsPost = endpoint<
  Out<typeof common.messageResponse>,
  In<typeof common.noFields>
>()('POST', '/competitions/:key/events/:eventKey/rounds/:n/post');
export const postEventsRoundsApprove = endpoint<
  Out<typeof marks.resultsView>,
  In<typeof marks.approveBody> | undefined
>()('POST', '/competitions/:key/events/:eventKey/rounds/:n/approve');
export const postEventsRoundsUnpost = endpoint<
  Out<typeof common.messageResponse>,
  In<typeof marks.unpostBody>
>()('POST', '/competitions/:key/events/:eventKey/rounds/:n/unpost');
export const getEventsRoundsResults = endpoint<Out<typeof marks.resultsView> | null>()(
  'GET',
  '/competitions/:key/events/:eventKey/rounds/:n/results',
);
export const getEventsResults = endpoint<Out<typeof marks.eventFinalResults>>()(
  'GET',
  '/competitions/:key/events/:eventKey/results',
);
export const getAnnouncements = endpoint<Out<typeof announcements.announcements>>()(
  'GET',
  '/competitions/:key/announcements',
);
export const getOfficials = endpoint<Out<typeof officials.official>[]>()(
  'GET',
  '/competitions/:key/officials',
);
export const postOfficials = endpoint<
  Out<typeof officials.officialAdded>,
  In<typeof officials.officialCreate>
>()('POST', '/competitions/:key/officials');
export const patchOfficialsOne = endpoint<
  Out<typeof officials.official>,
  In<typeof officials.officialPatch>
>()('PATCH', '/competitions/:key/officials/:officialId');
export const deleteOfficialsOne = endpoint<Out<typeof common.messageResponse>, In<typeof common.noFields>>()(
  'DELETE',
  '/competitions/:key/officials/:officialId',
);
export const postOfficialsCode = endpoint<
  Out<typeof officials.officialWithNewCode>,
  In<typeof common.noFields>
>()('POST', '/competitions/:key/officials/:officialId/code');
export const postOfficialsCodes = endpoint<
  Out<typeof officials.officialsWithNewCodes>,
  In<typeof common.noFields>
>()('POST', '/competitions/:key/officials/codes');
export const getPanels = endpoint<Out<typeof officials.eventPanel>[]>()('GET', '/competitions/:key/panels');
export const putEventsPanel = endpoint<Out<typeof officials.eventPanel>, In<typeof events.panelPut>>()(
  'PUT',
  '/competitions/:key/events/:eventKey/panel',
);
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
export const postPeopleStanding = endpoint<
  Out<typeof people.standingAnswer>,
  In<typeof people.standingLookup>
>()('POST', '/people/standing');
export const getPeopleAdmin = endpoint<Out<typeof people.personAdmin>>()('GET', '/people/:personId/admin');
export const getPeopleDuplicates = endpoint<Out<typeof people.duplicates>>()('GET', '/people/duplicates');
export const postPeopleMerge = endpoint<Out<typeof people.personChange>, In<typeof people.personMerge>>()(
  'POST',
  '/people/merge',
);
export const postPeopleDistinct = endpoint<
  Out<typeof people.personDistinctAnswer>,
  In<typeof people.personDistinct>
>()('POST', '/people/distinct');
export const postPeopleSplit = endpoint<Out<typeof people.personChange>, In<typeof people.personSplit>>()(
  'POST',
  '/people/:personId/split',
);
export const postPeopleResultsImport = endpoint<
  Out<typeof people.resultsImportAnswer>,
  In<typeof people.resultsImport>
>()('POST', '/people/results/import');
export const patchRegistrationsOne = endpoint<
  Out<typeof registration.adminRegistration>,
  In<typeof registration.registrationPatch>
>()('PATCH', '/competitions/:key/registrations/:id');
export const postRegistrationsOneEntries = endpoint<
  Out<typeof registration.adminRegistration>,
  In<typeof registration.entriesChange>
>()('POST', '/competitions/:key/registrations/:id/entries');
export const getRegistrationsCsv = endpoint<Out<typeof common.csvFile>>()(
  'GET',
  '/competitions/:key/registrations.csv',
);
export const getFeesCsv = endpoint<Out<typeof common.csvFile>>()('GET', '/competitions/:key/fees.csv');
export const getStream = endpoint<string>()('GET', '/competitions/:key/stream');
