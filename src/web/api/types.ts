/**
 * The response shapes the web reads, under the names its screens use: each is the type inferred from
 * the shared Zod schema of src/domain/schemas (type imports only, so no schema enters a public bundle).
 */
import type { LoginResponse, OfficialSessionResponse } from '../../domain/schemas/competition.ts';
import type { AjsPanelView, JudgeRounds, RecallResultsView } from '../../domain/schemas/marks.ts';

export type { AnnouncedCouple, Announcement, Announcements } from '../../domain/schemas/announcements.ts';
export type { MessageResponse } from '../../domain/schemas/common.ts';
export type { AdminAccount, LoginResponse, SiteInfo } from '../../domain/schemas/competition.ts';
export type {
  EventEntryView as EntryView,
  EventGridCreated as GridCreated,
  EventRoundView as RoundView,
  EventView,
  PrintPanel,
  PrintPanelJudge as PrintJudge,
} from '../../domain/schemas/events.ts';
export type { HeatsAnswer } from '../../domain/schemas/floor.ts';
export type { ResultsView as RoundResultsView } from '../../domain/schemas/marks.ts';
export type {
  EventPanel as Panel,
  Official as AdminOfficial,
  OfficialAdded as OfficialCreated,
  OfficialWithNewCode,
} from '../../domain/schemas/officials.ts';
export type {
  CompetitorResult,
  EventResults,
  FinalPlacing,
  PostedFinalRound,
  PostedRecallRound,
  PostedRound,
  ResultCouple,
  ResultsSummary,
  ResultsSummaryEvent,
} from '../../domain/schemas/results.ts';
export type { EventRoundsEdited } from '../../domain/schemas/rounds.ts';

/** GET /auth/me: an admin account, or an official signed in with their access code; {} when neither. */
export type Me = Partial<LoginResponse & OfficialSessionResponse>;

/**
 * One round as `GET /judges/{id}/rounds` answers it; an AJS round with its panel from `GET …/ajs-panel`
 * (the judge's group, the dances with separate scores), read with it and kept with it offline.
 */
export type JudgeRound = JudgeRounds['rounds'][number] & { ajsPanel?: AjsPanelView };

/** The judge's rounds as the tablet keeps them. */
export type JudgeRoundsView = Omit<JudgeRounds, 'rounds'> & { rounds: JudgeRound[] };

/** What a print-out needs of a posted recall round's result. */
export type PostedRecall = Pick<
  RecallResultsView,
  'kind' | 'recalled' | 'posted' | 'marksChecksum' | 'chainHead'
>;

/**
 * The details of a 409 `tie_decision_needed` answer. An error's details have no shared schema yet
 * (errorBody.details is open): the one shape the web still states itself.
 */
export interface TieDecisionDetails {
  tiedAtCutoff: string[];
  cutoffMarks: number;
  /** AJS: the cut-off is a total score, not a number of marks. */
  byTotal?: boolean;
  default: 'includeTied';
  options: {
    includeTied: { count: number; recalled: string[] };
    excludeTied: { count: number; recalled: string[] };
  };
}
