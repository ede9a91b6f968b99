/**
 * Every API path the web calls, relative to /api/v1 (the client adds it), named as the screens use
 * them and built from the endpoint table (src/domain/schemas/endpoints.ts) by `pathOf`, which
 * URL-encodes keys, names and ids once: an event key with a space or slash still reaches its own route.
 */
import { endpoints } from '../../domain/schemas/endpoints.ts';
import { pathOf } from './client.ts';

/** A round of one event: the way every round-level path names it. */
export interface RoundRef {
  eventKey: string;
  roundNumber: number;
}

const e = endpoints;
const p = pathOf;
type Id = number | string;
const round = (key: string, r: RoundRef) => ({ key, eventKey: r.eventKey, n: r.roundNumber });

/** The endpoint of each action on a round (its path is the same for reading and writing). */
const ROUND_ACTIONS = {
  couples: e.getEventsRoundsCouples,
  marks: e.getEventsRoundsMarks,
  results: e.getEventsRoundsResults,
  approve: e.postEventsRoundsApprove,
  post: e.postEventsRoundsPost,
  unpost: e.postEventsRoundsUnpost,
  start: e.postEventsRoundsStart,
  skip: e.postEventsRoundsSkip,
  heats: e.postEventsRoundsHeats,
  redance: e.postEventsRoundsRedance,
} as const;

export const paths = {
  site: () => p(e.getSite, {}),
  siteAuditVerify: () => p(e.getSiteAuditVerify, {}),
  login: () => p(e.postAuthLogin, {}),
  logout: () => p(e.postAuthLogout, {}),
  me: () => p(e.getAuthMe, {}),

  /** The competitions not archived (public); the admin area's list; archiving; restoring. */
  competitions: () => p(e.getCompetitions, {}),
  adminCompetitions: () => p(e.getAdminCompetitions, {}),
  archive: (key: string) => p(e.postArchive, { key }),
  restore: (key: string) => p(e.postCompetitionsImport, { key }),

  /** People across competitions: not under a competition. */
  person: (personId: Id) => p(e.getPeopleOne, { personId }),
  personPoints: (personId: Id) => p(e.getPeoplePoints, { personId }),
  personAdmin: (personId: Id) => p(e.getPeopleAdmin, { personId }),
  personSplit: (personId: number) => p(e.postPeopleSplit, { personId }),
  personStanding: () => p(e.postPeopleStanding, {}),
  peopleDuplicates: () => p(e.getPeopleDuplicates, {}),
  peopleMerge: () => p(e.postPeopleMerge, {}),
  peopleDistinct: () => p(e.postPeopleDistinct, {}),
  peopleResultsImport: () => p(e.postPeopleResultsImport, {}),

  competition: (key: string) => p(e.getCompetitionsOne, { key }),
  images: (key: string) => p(e.postImages, { key }),
  exportJson: (key: string) => p(e.getExport, { key }),
  auditVerify: (key: string) => p(e.getAuditVerify, { key }),
  dashboard: (key: string) => p(e.getDashboard, { key }),
  eventSettings: (key: string) => p(e.getSettingsEvents, { key }),
  admins: (key: string) => p(e.getAdmins, { key }),
  admin: (key: string, userId: number) => p(e.deleteAdminsOne, { key, userId }),
  announcements: (key: string) => p(e.getAnnouncements, { key }),
  schedule: (key: string) => p(e.getSchedule, { key }),
  /** Dancers in two rounds at once or with too little rest (staff). */
  scheduleConflicts: (key: string) => p(e.getScheduleConflicts, { key }),
  /** What is on the floor and every round still to start, or only the first `next` of those. */
  floor: (key: string, next?: number) => p(e.getFloor, { key, next }),
  panels: (key: string) => p(e.getPanels, { key }),
  printPanels: (key: string) => p(e.getPrintPanels, { key }),

  officials: (key: string) => p(e.getOfficials, { key }),
  official: (key: string, officialId: Id) => p(e.patchOfficialsOne, { key, officialId }),
  officialCode: (key: string, officialId: number) => p(e.postOfficialsCode, { key, officialId }),
  officialCodes: (key: string) => p(e.postOfficialsCodes, { key }),
  officialSession: (key: string, officialId: Id) => p(e.postOfficialsSession, { key, officialId }),
  judgeRounds: (key: string, officialId: Id) => p(e.getJudgesRounds, { key, officialId }),

  competitors: (key: string) => p(e.getCompetitors, { key }),
  competitor: (key: string, id: Id) => p(e.getCompetitorsOne, { key, id }),
  competitorResults: (key: string, id: string) => p(e.getCompetitorsResults, { key, id }),

  registrations: (key: string) => p(e.getRegistrations, { key }),
  registration: (key: string, id: number) => p(e.patchRegistrationsOne, { key, id }),
  registrationEntries: (key: string, id: number) => p(e.postRegistrationsOneEntries, { key, id }),
  registrationsImport: (key: string) => p(e.postRegistrationsImport, { key }),
  registrationReview: (key: string, reviewId: number, decision: 'accept' | 'refuse') =>
    p(decision === 'accept' ? e.postRegistrationsReviewsAccept : e.postRegistrationsReviewsRefuse, {
      key,
      reviewId,
    }),
  registrationLookup: (key: string) => p(e.postRegistrationsLookup, { key }),
  ownEntries: (key: string) => p(e.postRegistrationsEntries, { key }),
  /** An entry by its id, across events (the organizer's registrations table). */
  entry: (key: string, entryId: number) => p(e.patchEntriesOne, { key, entryId }),
  adhocEntry: (key: string) => p(e.postEntriesAdhoc, { key }),

  results: (key: string) => p(e.getResults, { key }),
  eventResults: (key: string, eventKey: string) => p(e.getResultsOne, { key, eventKey }),

  events: (key: string) => p(e.getEvents, { key }),
  eventsGrid: (key: string) => p(e.postEventsGrid, { key }),
  event: (key: string, eventKey: string, opts: { version?: number; confirm?: boolean } = {}) =>
    p(e.deleteEventsOne, {
      key,
      eventKey,
      version: opts.version,
      confirm: opts.confirm ? 'true' : undefined,
    }),
  eventPanel: (key: string, eventKey: string) => p(e.putEventsPanel, { key, eventKey }),
  /** An entry of one event (the deck captain's check-in and scratch). */
  eventEntry: (key: string, eventKey: string, entryId: number, action: 'check-in' | 'scratch') =>
    p(action === 'check-in' ? e.postEventsEntriesCheckIn : e.postEventsEntriesScratch, {
      key,
      eventKey,
      entryId,
    }),
  /** Championship formats on an entry: star couple, the chairman's withdrawal and reinstatement. */
  entryFormat: (
    key: string,
    eventKey: string,
    entryId: number,
    action: 'star' | 'withdrawal' | 'reinstate',
  ) =>
    p(
      {
        star: e.putEventsEntriesStar,
        withdrawal: e.postEventsEntriesWithdrawal,
        reinstate: e.postEventsEntriesReinstate,
      }[action],
      { key, eventKey, entryId },
    ),
  rounds: (key: string, eventKey: string, opts: { version?: number } = {}) =>
    p(e.deleteEventsRounds, { key, eventKey, ...opts }),
  generateRounds: (key: string, eventKey: string) => p(e.postEventsRoundsGenerate, { key, eventKey }),
  round: (key: string, r: RoundRef, opts: { version?: number } = {}) =>
    p(e.deleteEventsRoundsOne, { ...round(key, r), ...opts }),
  roundAction: (key: string, r: RoundRef, action: keyof typeof ROUND_ACTIONS) =>
    p(ROUND_ACTIONS[action], round(key, r)),
  /** One judge's marks of one dance of a round (PUT by the judge, or by the scrutineer from paper). */
  roundMarks: (
    key: string,
    r: RoundRef,
    officialId: Id,
    opts: { source?: 'paper'; override?: boolean } = {},
  ) =>
    p(e.putEventsRoundsMarksOne, {
      ...round(key, r),
      officialId,
      source: opts.source,
      override: opts.override ? 'true' : undefined,
    }),
  /** The chairman unlocks a judge's submitted dances (POST {dances, reason}). */
  unlockMarks: (key: string, r: RoundRef, officialId: Id) =>
    p(e.postEventsRoundsMarksUnlock, { ...round(key, r), officialId }),
  /** Every stored version of the round's marks with its receipt (staff). */
  markHistory: (key: string, r: RoundRef) => p(e.getEventsRoundsMarksHistory, round(key, r)),

  competitionCsv: (key: string) => p(e.getResultsCsv, { key }),
  eventCsv: (key: string, eventKey: string) => p(e.getEventsResultsCsv, { key, eventKey }),
  /** The organizer's downloads: entries, registrations, fees. */
  csv: (key: string, table: 'entries' | 'registrations' | 'fees') =>
    p({ entries: e.getEntriesCsv, registrations: e.getRegistrationsCsv, fees: e.getFeesCsv }[table], { key }),
  stream: (key: string) => p(e.getStream, { key }),
} as const;

/** The full URL (with /api/v1) of a path the browser follows itself: downloads and the stream. */
export const apiHref = (path: string) => `/api/v1${path}`;
