/**
 * The response shapes the web reads, in one place. Most come from the shared Zod schemas of
 * src/domain/schemas; the ones declared here are the server's answers that have no shared schema yet.
 * The web never imports from src/server/: when a schema lands, its type replaces the declaration here
 * and no screen changes.
 */
import type { RoundCouples } from '../../domain/schemas/floor.ts';
import type { FinalResultsView, RecallResultsView } from '../../domain/schemas/marks.ts';
import type { MarkView, RoundMarksView } from '../../domain/schemas/marks.ts';
import type { SessionUser } from '../../domain/schemas/competition.ts';
import type { MultiDanceResult } from '../../domain/scoring/types.ts';

/** GET /site: which competition `/` serves. */
export interface SiteInfo {
  competition: string;
}

/** GET /auth/me: an admin account, or an official signed in with their access code. */
export interface Me {
  user?: SessionUser;
  official?: { id: number; name: string; role: string; competition: string | null };
}

// ---- Events (GET /competitions/{key}/events) ----
// TODO(contract): replace by z.infer of src/domain/schemas/ (the server's events/view.ts shapes).

export interface EntryView {
  id: number;
  entryId: number;
  leadId: number | null;
  followId: number | null;
  leadName: string;
  followName: string;
  affiliation: string;
  leadNumber: number;
  registeredTime: string;
  checkedIn: boolean;
  scratched: boolean;
}

export interface RoundView {
  roundNumber: number;
  roundName: string;
  roundId: string;
  eventName: string;
  scheduleIndex: number;
  roundStartTime: string | null;
  recallSize: number;
  roundState: number;
  entries: { entryId: number; leadNumber: number; heat: number }[];
  version: number;
}

export interface EventView {
  key: string;
  name: string;
  style: string;
  level: string;
  dances: string[];
  entries: EntryView[];
  rounds: RoundView[];
  version: number;
}

/** POST /events/grid. */
export interface GridCreated {
  created: EventView[];
  skipped: string[];
}

// ---- Officials, panels, admins ----
// TODO(contract): replace by z.infer of src/domain/schemas/ (officials, panels, admins responses).

/** One row of GET /competitions/{key}/officials. */
export interface AdminOfficial {
  id: number;
  name: string;
  role: string;
  bio: string;
  photoURL: string;
  letter: string;
  version: number;
}

/** POST /officials and POST /officials/{id}/code answer the new access code once. */
export interface OfficialCreated {
  name: string;
  role: string;
  accessCode: string;
}

/** One row of GET /competitions/{key}/panels. */
export interface Panel {
  eventKey: string;
  eventName: string;
  isDefault: boolean;
  officialIds: number[];
  letters: string[];
  version: number;
}

/** One row of GET /competitions/{key}/admins. */
export interface AdminAccount {
  id: number;
  email: string;
  name: string;
  isSuperAdmin: boolean;
}

/** GET /competitions/{key}/print/panels: each event's judges with their sheet labels. */
export interface PrintJudge {
  id: number;
  name: string;
  letter: string;
  label: string;
}

export interface PrintPanel {
  eventKey: string;
  eventName: string;
  judges: PrintJudge[];
}

// ---- Rounds ----

/** GET …/rounds/{n}/results: a recall's or a final's computed result. */
export type RoundResultsView = RecallResultsView | FinalResultsView;

/** GET …/rounds/{n}/results of a posted recall round, as the public sees it. */
export interface PostedRecall {
  kind: 'recall';
  recalled: string[];
  posted: boolean;
}

/** POST …/rounds/{n}/heats answers the couples with their new heats. */
export interface HeatsAnswer extends RoundCouples {
  message: string;
}

/** A command's answer that says what it did, in the user's words. */
export interface MessageAnswer {
  message?: string;
}

/** The details of a 409 `tie_decision_needed` answer. */
export interface TieDecisionDetails {
  tiedAtCutoff: string[];
  cutoffMarks: number;
  default: 'includeTied';
  options: {
    includeTied: { count: number; recalled: string[] };
    excludeTied: { count: number; recalled: string[] };
  };
}

// ---- Judges (GET /judges/{id}/rounds) ----
// TODO(contract): replace by z.infer of src/domain/schemas/ (judge rounds response).

/** One round as `GET /judges/{id}/rounds` answers it. */
export type JudgeRound = RoundMarksView['round'] & {
  eventKey: string;
  eventName: string;
  scheduleIndex: number;
  version: number;
  /** dance → official id → the judge's own mark. */
  marks: Record<string, Record<string, MarkView>>;
  /** Dances this judge has not submitted yet. */
  missing: string[];
};

export interface JudgeRoundsView {
  judge: { id: number; name: string; letter: string | null };
  rounds: JudgeRound[];
}

// ---- Announcements (GET /competitions/{key}/announcements) ----
// TODO(contract): replace by z.infer of src/domain/schemas/announcements (now src/server/api/announcements/types.ts).

export interface AnnouncedCouple {
  coupleNumber: string;
  leadName: string;
  followName: string;
  affiliation: string;
  /** Final place (a shared place is the mean, e.g. 2.5); null in a recall. */
  place: number | null;
}

/** One posted round. Recalls list the recalled couples; finals every placed couple. */
export interface Announcement {
  /** Stable id of the round: `${eventKey}/${roundNumber}`. */
  id: string;
  eventKey: string;
  eventName: string;
  roundNumber: number;
  roundName: string;
  kind: 'recall' | 'final';
  postedAt: string;
  /** The round the recalled couples go to ("Final"); null for a final. */
  nextRoundName: string | null;
  couples: AnnouncedCouple[];
}

export interface Announcements {
  /** Posted rounds in posting order, the latest last. */
  items: Announcement[];
}

// ---- Public results (GET …/results, …/results/{eventKey}, …/competitors/{id}/results) ----
// TODO(contract): replace by z.infer of src/domain/schemas/publicResults (now src/server/api/publicResults/types.ts).

export interface ResultCouple {
  coupleNumber: string;
  leadName: string;
  followName: string;
  affiliation: string;
}

export interface FinalPlacing extends ResultCouple {
  place: number;
}

/** One event on /results: its posted final placings, or null while the final is not posted. */
export interface ResultsSummaryEvent {
  key: string;
  name: string;
  style: string;
  level: string;
  dances: string[];
  /** Teams of the event's couples, for the team filter. */
  teams: string[];
  final: { roundNumber: number; roundName: string; postedAt: string; placings: FinalPlacing[] } | null;
  /** How many rounds of the event are posted (recalls included). */
  postedRounds: number;
}

export interface ResultsSummary {
  competition: { key: string; fullName: string };
  resultsPageShown: boolean;
  events: ResultsSummaryEvent[];
}

/** A posted recall round: every couple's tally, by judge and by dance, and who was recalled. */
export interface PostedRecallRound {
  kind: 'recall';
  roundNumber: number;
  roundName: string;
  postedAt: string;
  /** Judge labels (letters) in panel order. */
  judges: string[];
  dances: string[];
  /** Couples recalled per judge = the recall size asked of each judge. */
  couples: Array<
    ResultCouple & {
      /** Total marks over all judges and dances (sumRecalls). */
      marks: number;
      /** Marks per judge over all dances. */
      byJudge: Record<string, number>;
      /** dance → judges who marked this couple in it. */
      byDance: Record<string, string[]>;
      recalled: boolean;
    }
  >;
}

/** A posted final: placings with names and the scoring engine's whole working. */
export interface PostedFinalRound {
  kind: 'final';
  roundNumber: number;
  roundName: string;
  postedAt: string;
  placings: FinalPlacing[];
  finalTable: MultiDanceResult | null;
}

export type PostedRound = PostedRecallRound | PostedFinalRound;

export interface EventResults {
  event: { key: string; name: string; style: string; level: string; dances: string[] };
  /** Posted rounds in the order danced; empty when nothing is posted yet. */
  rounds: PostedRound[];
  /** Rounds not posted yet (names only: nothing of their marks). */
  pending: { roundNumber: number; roundName: string }[];
}

/** One event of a competitor, as their page shows it once anything of the event is posted. */
export interface CompetitorResult {
  eventKey: string;
  eventName: string;
  coupleNumber: string;
  partner: string;
  /** Place in the posted final, or null. */
  place: number | null;
  /** The last round the couple danced in (or were recalled to), or null. */
  roundReached: string | null;
  /** True when the couple's event ended for them in a posted recall round. */
  out: boolean;
  finalPosted: boolean;
}
