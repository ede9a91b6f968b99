/**
 * Every API path the web calls, relative to /api/v1 (the client adds it). Keys, names and ids are
 * URL-encoded here, once, so no screen builds a path by hand: an event key with a space or slash
 * still reaches its own route.
 */

/** A round of one event: the way every round-level path names it. */
export interface RoundRef {
  eventKey: string;
  roundNumber: number;
}

const enc = (segment: string | number) => encodeURIComponent(String(segment));

/** `?a=1&b=2` of the defined values, or '' when there are none. */
function query(params: Record<string, string | number | boolean | undefined>): string {
  const pairs = Object.entries(params).filter(([, v]) => v !== undefined && v !== false);
  return pairs.length ? `?${pairs.map(([k, v]) => `${enc(k)}=${enc(v as string | number)}`).join('&')}` : '';
}

export const paths = {
  site: () => '/site',
  siteAuditVerify: () => '/site/audit/verify',
  login: () => '/auth/login',
  logout: () => '/auth/logout',
  me: () => '/auth/me',

  /** The competitions not archived (public); the admin area's list; archiving; restoring. */
  competitions: () => '/competitions',
  adminCompetitions: () => '/admin/competitions',
  archive: (key: string) => `${paths.competition(key)}/archive`,
  restore: (key: string) => `/competitions/import${query({ key })}`,

  /** People across competitions: not under a competition. */
  person: (personId: number | string) => `/people/${enc(personId)}`,
  personPoints: (personId: number | string) => `${paths.person(personId)}/points`,
  personAdmin: (personId: number | string) => `${paths.person(personId)}/admin`,
  personSplit: (personId: number) => `${paths.person(personId)}/split`,
  personStanding: () => '/people/standing',
  peopleDuplicates: () => '/people/duplicates',
  peopleMerge: () => '/people/merge',
  peopleDistinct: () => '/people/distinct',
  peopleResultsImport: () => '/people/results/import',

  competition: (key: string) => `/competitions/${enc(key)}`,
  images: (key: string) => `${paths.competition(key)}/images`,
  exportJson: (key: string) => `${paths.competition(key)}/export`,
  auditVerify: (key: string) => `${paths.competition(key)}/audit/verify`,
  dashboard: (key: string) => `${paths.competition(key)}/dashboard`,
  eventSettings: (key: string) => `${paths.competition(key)}/settings/events`,
  admins: (key: string) => `${paths.competition(key)}/admins`,
  admin: (key: string, adminId: number) => `${paths.admins(key)}/${enc(adminId)}`,
  announcements: (key: string) => `${paths.competition(key)}/announcements`,
  schedule: (key: string) => `${paths.competition(key)}/schedule`,
  /** Dancers in two rounds at once or with too little rest (staff). */
  scheduleConflicts: (key: string) => `${paths.competition(key)}/schedule/conflicts`,
  /** What is on the floor and every round still to start, or only the first `next` of those. */
  floor: (key: string, next?: number) => `${paths.competition(key)}/floor${query({ next })}`,
  panels: (key: string) => `${paths.competition(key)}/panels`,
  printPanels: (key: string) => `${paths.competition(key)}/print/panels`,

  officials: (key: string) => `${paths.competition(key)}/officials`,
  official: (key: string, officialId: number | string) => `${paths.officials(key)}/${enc(officialId)}`,
  officialCode: (key: string, officialId: number) => `${paths.official(key, officialId)}/code`,
  officialCodes: (key: string) => `${paths.officials(key)}/codes`,
  officialSession: (key: string, officialId: number | string) => `${paths.official(key, officialId)}/session`,
  judgeRounds: (key: string, judgeId: number | string) =>
    `${paths.competition(key)}/judges/${enc(judgeId)}/rounds`,

  competitors: (key: string) => `${paths.competition(key)}/competitors`,
  competitor: (key: string, competitorId: number | string) =>
    `${paths.competitors(key)}/${enc(competitorId)}`,
  competitorResults: (key: string, competitorId: string) => `${paths.competitor(key, competitorId)}/results`,

  registrations: (key: string) => `${paths.competition(key)}/registrations`,
  registration: (key: string, registrationId: number) => `${paths.registrations(key)}/${enc(registrationId)}`,
  registrationEntries: (key: string, registrationId: number) =>
    `${paths.registration(key, registrationId)}/entries`,
  registrationsImport: (key: string) => `${paths.registrations(key)}/import`,
  registrationReview: (key: string, reviewId: number, decision: 'accept' | 'refuse') =>
    `${paths.registrations(key)}/reviews/${enc(reviewId)}/${decision}`,
  registrationLookup: (key: string) => `${paths.registrations(key)}/lookup`,
  ownEntries: (key: string) => `${paths.registrations(key)}/entries`,
  /** An entry by its id, across events (the organizer's registrations table). */
  entry: (key: string, entryId: number) => `${paths.competition(key)}/entries/${enc(entryId)}`,
  adhocEntry: (key: string) => `${paths.competition(key)}/entries/adhoc`,

  results: (key: string) => `${paths.competition(key)}/results`,
  eventResults: (key: string, eventKey: string) => `${paths.results(key)}/${enc(eventKey)}`,

  events: (key: string) => `${paths.competition(key)}/events`,
  eventsGrid: (key: string) => `${paths.events(key)}/grid`,
  event: (key: string, eventKey: string, opts: { version?: number; confirm?: boolean } = {}) =>
    `${paths.events(key)}/${enc(eventKey)}${query(opts)}`,
  eventPanel: (key: string, eventKey: string) => `${paths.event(key, eventKey)}/panel`,
  /** An entry of one event (the deck captain's check-in and scratch). */
  eventEntry: (key: string, eventKey: string, entryId: number, action: 'check-in' | 'scratch') =>
    `${paths.event(key, eventKey)}/entries/${enc(entryId)}/${action}`,
  /** Championship formats on an entry: star couple, the chairman's withdrawal and reinstatement. */
  entryFormat: (
    key: string,
    eventKey: string,
    entryId: number,
    action: 'star' | 'withdrawal' | 'reinstate',
  ) => `${paths.event(key, eventKey)}/entries/${enc(entryId)}/${action}`,
  rounds: (key: string, eventKey: string, opts: { version?: number } = {}) =>
    `${paths.event(key, eventKey)}/rounds${query(opts)}`,
  generateRounds: (key: string, eventKey: string) => `${paths.rounds(key, eventKey)}/generate`,
  round: (key: string, r: RoundRef, opts: { version?: number } = {}) =>
    `${paths.rounds(key, r.eventKey)}/${enc(r.roundNumber)}${query(opts)}`,
  roundAction: (
    key: string,
    r: RoundRef,
    action:
      | 'couples'
      | 'marks'
      | 'results'
      | 'approve'
      | 'post'
      | 'unpost'
      | 'start'
      | 'skip'
      | 'heats'
      | 'redance',
  ) => `${paths.round(key, r)}/${action}`,
  /** One judge's marks of one dance of a round (PUT by the judge, or by the scrutineer from paper). */
  roundMarks: (
    key: string,
    r: RoundRef,
    judgeId: number | string,
    opts: { source?: 'paper'; override?: boolean } = {},
  ) => `${paths.round(key, r)}/marks/${enc(judgeId)}${query(opts)}`,
  /** The chairman unlocks a judge's submitted dances (POST {dances, reason}). */
  unlockMarks: (key: string, r: RoundRef, judgeId: number | string) =>
    `${paths.round(key, r)}/marks/${enc(judgeId)}/unlock`,
  /** Every stored version of the round's marks with its receipt (staff). */
  markHistory: (key: string, r: RoundRef) => `${paths.round(key, r)}/marks/history`,

  competitionCsv: (key: string) => `${paths.competition(key)}/results.csv`,
  eventCsv: (key: string, eventKey: string) => `${paths.event(key, eventKey)}/results.csv`,
  /** The organizer's downloads: entries, registrations, fees. */
  csv: (key: string, table: 'entries' | 'registrations' | 'fees') => `${paths.competition(key)}/${table}.csv`,
  stream: (key: string) => `${paths.competition(key)}/stream`,
} as const;

/** The full URL (with /api/v1) of a path the browser follows itself: downloads and the stream. */
export const apiHref = (path: string) => `/api/v1${path}`;
