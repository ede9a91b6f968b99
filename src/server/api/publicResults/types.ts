/**
 * Response shapes of the public results reads (GET …/results, …/results/{eventKey},
 * …/competitors/{id}/results). Plain interfaces with no server imports, so the web app can import
 * them as types only (erased from the bundle).
 */
import type { MultiDanceResult } from '../../../domain/scoring/types.ts';

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
