/**
 * The API's writes (POST, PUT, PATCH, DELETE) of the endpoint table (endpoints.ts); the reads are in
 * endpointReads.ts.
 */
import type * as common from './common.ts';
import type * as competition from './competition.ts';
import type * as events from './events.ts';
import type * as floor from './floor.ts';
import type * as formats from './formats.ts';
import type * as images from './images.ts';
import type * as mailings from './mailings.ts';
import type * as mirror from './mirror.ts';
import type * as money from './money.ts';
import type * as marks from './marks.ts';
import type * as officials from './officials.ts';
import type * as outbox from './outbox.ts';
import type * as people from './people.ts';
import type * as registration from './registration.ts';
import type * as rounds from './rounds.ts';
import { endpoint, type In, type Out, type VersionBody, type VersionQuery } from './endpoint.ts';

export const postAuthLogin = endpoint<
  Out<typeof competition.loginResponse>,
  In<typeof competition.loginBody>
>()('POST', '/auth/login');

export const postAuthLogout = endpoint<undefined, In<typeof common.noFields>>()('POST', '/auth/logout');

export const postOfficialsSession = endpoint<
  Out<typeof competition.officialSessionResponse>,
  { code: string }
>()('POST', '/competitions/:key/officials/:officialId/session');

export const postImages = endpoint<Out<typeof images.imageUploaded>, Blob>()(
  'POST',
  '/competitions/:key/images',
);

export const patchCompetitorsOne = endpoint<
  Out<typeof registration.adminCompetitor>,
  In<typeof registration.competitorPatch>
>()('PATCH', '/competitions/:key/competitors/:id');

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

export const postRegistrationsRecover = endpoint<
  Out<typeof registration.registrationRecovered>,
  In<typeof registration.registrationRecover>
>()('POST', '/competitions/:key/registrations/recover');

export const postRegistrationsOpen = endpoint<
  Out<typeof registration.registrationOpened>,
  In<typeof registration.registrationOpen>
>()('POST', '/competitions/:key/registrations/open');

export const postRegistrationsOwn = endpoint<
  Out<typeof registration.ownRegistration>,
  In<typeof registration.grantedLookup>
>()('POST', '/competitions/:key/registrations/own');

export const postRegistrationsOwnEntries = endpoint<
  Out<typeof registration.ownRegistration>,
  In<typeof registration.grantedEntriesChange>
>()('POST', '/competitions/:key/registrations/own/entries');

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

export const postCompetitions = endpoint<
  Out<typeof competition.competitionCreated>,
  In<typeof competition.competitionCreate>
>()('POST', '/competitions');

export const putSite = endpoint<Out<typeof competition.siteResponse>, In<typeof competition.siteChoice>>()(
  'PUT',
  '/site',
);

export const postArchive = endpoint<
  Out<typeof competition.adminCompetition>,
  In<typeof competition.archiveBody>
>()('POST', '/competitions/:key/archive');

/** At the venue: take a competition over from the public site (docs/mirror.md). */
export const postCompetitionsTakeOver = endpoint<
  Out<typeof competition.competitionResponse>,
  In<typeof mirror.takeOverBody>
>()('POST', '/competitions/take-over');

/** A competition handed over, taken back without its hand-back (a failed import, a venue lost). */
export const postCompetitionsTakeBack = endpoint<
  Out<typeof competition.competitionResponse>,
  In<typeof mirror.takeBackBody>
>()('POST', '/competitions/:key/take-back');

/** At the venue: hand a competition taken over back to the public site. */
export const postCompetitionsHandBack = endpoint<
  Out<typeof mirror.handBackAnswer>,
  In<typeof common.noFields>
>()('POST', '/competitions/:key/hand-back');

export const patchCompetitionsOne = endpoint<
  Out<typeof competition.competitionResponse>,
  In<typeof competition.competitionPatch>
>()('PATCH', '/competitions/:key');

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

export const postCompetitionsImport = endpoint<
  Out<typeof competition.competitionResponse>,
  unknown,
  { key?: string }
>()('POST', '/competitions/import');

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

export const postScheduleSuggest = endpoint<
  Out<typeof events.scheduleSuggestion>,
  In<typeof events.scheduleSuggestRequest> | undefined
>()('POST', '/competitions/:key/schedule/suggest');

export const putSchedule = endpoint<Out<typeof events.schedule>, In<typeof events.scheduleReorder>>()(
  'PUT',
  '/competitions/:key/schedule',
);

export const postEventsRoundsHeats = endpoint<Out<typeof floor.heatsAnswer>, In<typeof floor.heatsBody>>()(
  'POST',
  '/competitions/:key/events/:eventKey/rounds/:n/heats',
);

export const putEventsRoundsAjsPanel = endpoint<
  Out<typeof marks.ajsPanelSaved>,
  In<typeof marks.ajsPanelBody>
>()('PUT', '/competitions/:key/events/:eventKey/rounds/:n/ajs-panel');

export const postEventsRoundsAjsPanelDraw = endpoint<
  Out<typeof marks.ajsPanelSaved>,
  In<typeof marks.ajsPanelDrawBody>
>()('POST', '/competitions/:key/events/:eventKey/rounds/:n/ajs-panel/draw');

export const putEventsRoundsMarksOne = endpoint<
  Out<typeof marks.marksSaved>,
  In<typeof marks.marksBody>,
  In<typeof marks.marksQuery>
>()('PUT', '/competitions/:key/events/:eventKey/rounds/:n/marks/:officialId');

export const postEventsRoundsMarksUnlock = endpoint<
  Out<typeof marks.marksUnlocked>,
  In<typeof marks.unlockBody>
>()('POST', '/competitions/:key/events/:eventKey/rounds/:n/marks/:officialId/unlock');

export const postEventsRoundsStart = endpoint<Out<typeof marks.roundStarted>, VersionBody | undefined>()(
  'POST',
  '/competitions/:key/events/:eventKey/rounds/:n/start',
);

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

export const postEventsRoundsPost = endpoint<Out<typeof marks.roundPosted>, In<typeof common.noFields>>()(
  'POST',
  '/competitions/:key/events/:eventKey/rounds/:n/post',
);

export const postEventsRoundsApprove = endpoint<
  Out<typeof marks.resultsView>,
  In<typeof marks.approveBody> | undefined
>()('POST', '/competitions/:key/events/:eventKey/rounds/:n/approve');

export const postEventsRoundsUnpost = endpoint<
  Out<typeof common.messageResponse>,
  In<typeof marks.unpostBody>
>()('POST', '/competitions/:key/events/:eventKey/rounds/:n/unpost');

export const postOfficials = endpoint<
  Out<typeof officials.officialAdded>,
  In<typeof officials.officialCreate>
>()('POST', '/competitions/:key/officials');

export const patchOfficialsOne = endpoint<
  Out<typeof officials.official>,
  In<typeof officials.officialPatch>
>()('PATCH', '/competitions/:key/officials/:officialId');

export const deleteOfficialsOne = endpoint<
  Out<typeof officials.officialDeleted>,
  In<typeof common.noFields>
>()('DELETE', '/competitions/:key/officials/:officialId');

export const postOfficialsCode = endpoint<
  Out<typeof officials.officialWithNewCode>,
  In<typeof common.noFields>
>()('POST', '/competitions/:key/officials/:officialId/code');

export const postOfficialsCodes = endpoint<
  Out<typeof officials.officialsWithNewCodes>,
  In<typeof common.noFields>
>()('POST', '/competitions/:key/officials/codes');

export const putEventsPanel = endpoint<Out<typeof officials.eventPanel>, In<typeof events.panelPut>>()(
  'PUT',
  '/competitions/:key/events/:eventKey/panel',
);

export const postPeopleStanding = endpoint<
  Out<typeof people.standingAnswer>,
  In<typeof people.standingLookup>
>()('POST', '/people/standing');

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

/** An announcement to all dancers, one event's or one team's. */
export const postMessages = endpoint<
  Out<typeof mailings.announcementSent>,
  In<typeof mailings.announcementCreate>
>()('POST', '/competitions/:key/messages');

/** One-click unsubscribe from announcements (RFC 8058): the link's token in `t`. */
export const postUnsubscribe = endpoint<
  Out<typeof mailings.unsubscribeState>,
  unknown,
  In<typeof mailings.unsubscribeQuery>
>()('POST', '/competitions/:key/unsubscribe');

/** "Your day": each dancer's rounds, floors and estimated times by email. */
export const postSchedulePublish = endpoint<
  Out<typeof mailings.schedulePublished>,
  In<typeof common.noFields>
>()('POST', '/competitions/:key/schedule/publish');
export const postMessagesRetry = endpoint<Out<typeof outbox.outboxMessage>, In<typeof common.noFields>>()(
  'POST',
  '/competitions/:key/messages/:messageId/retry',
);
export const postMessagesSendUnsent = endpoint<Out<typeof outbox.unsentResent>, In<typeof common.noFields>>()(
  'POST',
  '/competitions/:key/messages/send-unsent',
);

/** The desk records money taken, or a refund (amountCents < 0) (organizers). */
export const postPayments = endpoint<Out<typeof money.paymentRecorded>, In<typeof money.paymentCreate>>()(
  'POST',
  '/competitions/:key/payments',
);
/** A payment recorded by mistake is corrected by a row of the opposite amount (organizers). */
export const postPaymentsReverse = endpoint<
  Out<typeof money.paymentRecorded>,
  In<typeof money.paymentReverse>
>()('POST', '/competitions/:key/payments/:paymentId/reverse');
/** Whether a team pays for its couples (organizers). */
export const putTeams = endpoint<Out<typeof money.teamAccount>, In<typeof money.teamPut>>()(
  'PUT',
  '/competitions/:key/teams',
);
/** A new private link to the team's invoice for its captain; the old one stops working (organizers). */
export const postTeamsLink = endpoint<Out<typeof money.teamAccount>, In<typeof money.teamLinkBody>>()(
  'POST',
  '/competitions/:key/teams/link',
);
/** The captain's link stops working (organizers). */
export const postTeamsLinkRevoke = endpoint<Out<typeof money.teamAccount>, In<typeof money.teamLinkBody>>()(
  'POST',
  '/competitions/:key/teams/link/revoke',
);
