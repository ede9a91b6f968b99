import type { AjsComponent } from '../../../domain/scoring/ajs.ts';
/** What the print sheets are built from: the parts of the public reads (api/types.ts) a sheet needs. */
import type { FinalResultsView } from '../../../domain/schemas/marks.ts';
import type { Schedule, ScheduleItem } from '../../../domain/schemas/events.ts';
import type { RoundCouples } from '../../../domain/schemas/floor.ts';

import type {
  EntryView,
  EventView,
  PostedRecall,
  PrintJudge,
  PrintPanel,
  RoundView,
} from '../../api/types.ts';

export type { Schedule, ScheduleItem, FinalResultsView, RoundCouples, PostedRecall, PrintJudge, PrintPanel };

/** What a sheet needs of an entry, a round and an event of GET …/events. */
export type PrintEntry = Pick<
  EntryView,
  | 'entryId'
  | 'leadName'
  | 'followName'
  | 'affiliation'
  | 'leadNumber'
  | 'checkedIn'
  | 'scratched'
  | 'joinsRound'
  | 'withdrawal'
> &
  /** The lead's competitor id: the number card's QR code opens their page. */
  Partial<Pick<EntryView, 'leadId'>>;

export type PrintRound = Pick<
  RoundView,
  | 'roundNumber'
  | 'roundName'
  | 'roundId'
  | 'scheduleIndex'
  | 'roundStartTime'
  | 'recallSize'
  | 'roundState'
  | 'entries'
> &
  Partial<Pick<RoundView, 'type'>>;

export interface PrintEvent
  extends
    Pick<EventView, 'key' | 'name' | 'style' | 'level' | 'dances'>,
    /** AJS events' judges' sheets ask for component scores (absent: the Skating System). */
    Partial<Pick<EventView, 'scoringSystem' | 'ajsRounds' | 'ajsComponents'>> {
  entries: PrintEntry[];
  rounds: PrintRound[];
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
  /**
   * roundId → dance → judge id → the receipt of the stored marks, for judges' sheets
   * printed by those who see unposted marks; absent otherwise (the sheet has blank receipt boxes).
   */
  receipts?: ReadonlyMap<string, Readonly<Record<string, Readonly<Record<string, string | null>>>>>;
  /**
   * roundId → the AJS round's own split and dances with separate scores as GET …/marks gives them, for
   * judges' sheets printed by those who see marks; absent: the event's split and the defaults.
   */
  ajsPanels?: ReadonlyMap<string, AjsPanelOfRound>;
}

/** An AJS round's panel: official id → components, and the dances with separate scores. */
export interface AjsPanelOfRound {
  ajsComponents: Readonly<Record<string, readonly AjsComponent[]>>;
  separateDances: readonly string[];
}
