/** Answers of the API that web tests share: build them here, override what a test is about. */
import { DEFAULT_EVENT_SETTINGS } from '../../domain/eventSettings.ts';
import type { Competition, EventSettingsResponse } from '../../domain/schemas/competition.ts';
import type { Schedule, ScheduleItem } from '../../domain/schemas/events.ts';
import type { MarkView, RoundMarksView } from '../../domain/schemas/marks.ts';
import type { OwnRegistration } from '../../domain/schemas/registration.ts';

/** Events a couple can choose on /register and /updateEntries: two Latin levels and one Standard. */
export const registerEvents = [
  {
    key: 'bronze-latin',
    name: 'Bronze Latin (C/R/S)',
    style: 'Latin',
    level: 'Bronze',
    dances: ['ChaCha', 'Rumba', 'Samba'],
    entries: [],
    rounds: [],
  },
  {
    key: 'silver-latin',
    name: 'Silver Latin (C/S/R/J)',
    style: 'Latin',
    level: 'Silver',
    dances: ['ChaCha'],
    entries: [],
    rounds: [],
  },
  {
    key: 'bronze-standard',
    name: 'Bronze Standard (W/T/F)',
    style: 'Standard',
    level: 'Bronze',
    dances: ['Waltz'],
    entries: [],
    rounds: [],
  },
];

/** Event settings (spec §3) as stored before anyone changed them. */
export const settingsFixture: EventSettingsResponse = { ...DEFAULT_EVENT_SETTINGS, clock: '12h', version: 5 };

/** One round of the running order, not started, no times; its id is `{eventKey}-R{roundNumber}`. */
export function scheduleItem(over: Partial<ScheduleItem> = {}): ScheduleItem {
  const eventKey = over.eventKey ?? 'ev';
  const roundNumber = over.roundNumber ?? 1;
  return {
    roundId: `${eventKey}-R${roundNumber}`,
    eventKey,
    eventName: 'Bronze Standard (W)',
    style: 'Standard',
    level: 'Bronze',
    dances: ['Waltz'],
    kind: 'round',
    roundNumber,
    roundName: 'Final',
    scheduleIndex: 1,
    roundStartTime: null,
    floor: 'Main floor',
    waitMinutes: 0,
    roundState: 0,
    recallSize: 6,
    couples: 6,
    expectedCouples: 6,
    expectedFrom: 'couples',
    heats: 1,
    startedAt: null,
    endedAt: null,
    estimatedStart: null,
    estimatedEnd: null,
    minutesLate: null,
    version: 1,
    ...over,
  };
}

/** A round of the running order by position, as the live screens' tests list them; its level is the
 * event name's first word. */
export function scheduleRound(
  eventKey: string,
  eventName: string,
  roundNumber: number,
  roundName: string,
  scheduleIndex: number,
  roundState: number,
  extra: Partial<ScheduleItem> = {},
): ScheduleItem {
  return scheduleItem({
    eventKey,
    eventName,
    level: eventName.split(' ')[0]!,
    roundNumber,
    roundName,
    scheduleIndex,
    roundState,
    ...extra,
  });
}

/** GET …/schedule with these items on one floor, no times. */
export function scheduleFixture(items: ScheduleItem[], over: Partial<Schedule> = {}): Schedule {
  return {
    version: 'v1',
    timing: { firstStartTime: null, perDanceSeconds: 90, transitionSeconds: 60 },
    floors: [{ name: 'Main floor', pace: 1, minutesLate: null }],
    items,
    ...over,
  };
}

/** One judge's marks for a dance as GET …/marks shows them: submitted by a judge, locked, no receipt. */
export function markView(value: string[], over: Partial<MarkView> = {}): MarkView {
  return {
    value,
    version: 1,
    source: 'judge',
    countOverride: false,
    submittedAt: '2026-11-21T10:00:00Z',
    submittedBy: 'Judge',
    locked: true,
    receipt: null,
    ...over,
  };
}

/**
 * GET …/marks of a recall Semi-Final being marked (recall 2, 2 marks a dance) by judges A (id 1) and
 * B (id 2), every mark in: the couples, dances and marks are the test's.
 */
export function recallMarksView(
  round: Pick<RoundMarksView['round'], 'couples' | 'dances'>,
  marks: RoundMarksView['marks'],
): RoundMarksView {
  return {
    round: {
      roundNumber: 1,
      roundName: 'Semi-Final',
      roundState: 2,
      kind: 'recall',
      recallSize: 2,
      marksPerDance: 2,
      stars: [],
      type: 'regular',
      ...round,
    },
    judges: [
      { id: 1, name: 'Ann Judge', letter: 'A', label: 'A' },
      { id: 2, name: 'Ben Judge', letter: 'B', label: 'B' },
    ],
    marks,
    missing: [],
    complete: true,
  };
}

/** A competition as `GET /competitions/:key` answers it: registration open in its early tier. */
export function competition(overrides: Partial<Competition> = {}): Competition {
  return {
    key: 'demo',
    fullName: 'Valley Spring Swing 2026',
    primaryColor: '#0b7285',
    timeZone: 'America/New_York',
    clock: '12h',
    startDate: '2026-11-14',
    endDate: '2026-11-15',
    dateRegistrationEarly: '2026-10-31T03:59:00Z',
    dateRegistrationOpen: '2026-11-07T04:59:00Z',
    dateRegistrationClosed: '2026-11-12T04:59:00Z',
    paymentTierEarly: 25,
    paymentTierOpen: 35,
    paymentTierLate: 45,
    admissionFee: 0,
    refundDeadline: null,
    discounts: [],
    checkInPayment: 'none',
    currency: 'USD',
    language: 'en',
    registrationStatus: 'open',
    registration: { tier: 'EARLY', isOpen: true, fee: 25 },
    resultsPageShown: false,
    requireApproval: false,
    correctionsNeedUnlock: false,
    resultsEmails: false,
    minRestMinutes: 0,
    floors: ['Main floor'],
    eligibility: 'declared',
    socials: { website: 'https://valley.example', facebook: '', instagram: '@valley_ballroom' },
    pages: { details: '', rules: '', venue: '', contact: '', about: '' },
    organizers: [
      {
        id: 1,
        name: 'Olivia Organizer',
        role: 'Chair',
        email: 'olivia@valley.example',
        bio: '',
        photoURL: '',
      },
    ],
    officials: [],
    version: 1,
    ...overrides,
  };
}

/** A couple's own registration as /updateEntries opens it: Ann and Bo in Bronze Latin, nothing billed yet. */
export function ownRegistration(overrides: Partial<OwnRegistration> = {}): OwnRegistration {
  return {
    registrationId: 7,
    lead: { id: 1, name: 'Ann Lead', number: 120 },
    follow: { id: 2, name: 'Bo Follow' },
    affiliation: 'MIT',
    tier: 'EARLY',
    amountDue: 50,
    amountPaid: 0,
    currency: 'USD',
    invoice: null,
    teamPays: null,
    entries: [
      {
        id: 11,
        eventKey: 'bronze-latin',
        eventName: 'Bronze Latin (C/R/S)',
        style: 'Latin',
        level: 'Bronze',
        leadNumber: 120,
        scratched: false,
      },
    ],
    registrationOpen: true,
    version: 3,
    ...overrides,
  };
}
