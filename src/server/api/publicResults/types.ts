/** Moved to src/domain/schemas/results.ts; kept until the web imports from there. */
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
} from '../../../domain/schemas/results.ts';
