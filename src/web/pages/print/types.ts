/** The public reads the print sheets are built from (shapes of GET events, print/panels, results). */
import type { FinalResultsView } from '../../../domain/schemas/marks.ts';
import type { Schedule, ScheduleItem } from '../../../domain/schemas/events.ts';
import type { RoundCouples } from '../../../domain/schemas/floor.ts';

export type { Schedule, ScheduleItem, FinalResultsView, RoundCouples };

export interface PrintEntry {
  entryId: number;
  leadName: string;
  followName: string;
  affiliation: string;
  leadNumber: number;
  checkedIn: boolean;
  scratched: boolean;
}

export interface PrintRound {
  roundNumber: number;
  roundName: string;
  roundId: string;
  scheduleIndex: number;
  roundStartTime: string | null;
  recallSize: number;
  roundState: number;
  entries: { entryId: number; leadNumber: number; heat: number }[];
}

export interface PrintEvent {
  key: string;
  name: string;
  style: string;
  level: string;
  dances: string[];
  entries: PrintEntry[];
  rounds: PrintRound[];
}

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

/** GET …/rounds/{n}/results of a posted recall round (public part). */
export interface PostedRecall {
  kind: 'recall';
  recalled: string[];
  posted: boolean;
}

/** Everything a print-out may need; results are present only for posted rounds. */
export interface PrintData {
  competition: { fullName: string; timeZone: string; startDate: string; endDate: string };
  events: PrintEvent[];
  panels: PrintPanel[];
  schedule: Schedule;
  /** roundId → posted recall result. */
  recalls: ReadonlyMap<string, PostedRecall>;
  /** eventKey → posted final result. */
  finals: ReadonlyMap<string, FinalResultsView>;
  /** roundId → the round's couples as GET …/rounds/{n}/couples gives them (heat lists). */
  roundCouples?: ReadonlyMap<string, RoundCouples>;
}
