/**
 * Round states (spec §4) and the one set of colours every staff screen uses for them (ui.md):
 * Initialized grey, Empty light grey, Running blue, Skipped striped grey, Marked amber, Posted green.
 * Import from here wherever a round appears so the colours stay the same everywhere.
 */
import { ROUND_STATE_ORDER, RoundState, type RoundStateName } from '../../domain/rounds/state.ts';

export { RoundState, type RoundStateName };
/** Initialized … Posted, in their numeric order (from the domain core). */
export const roundStateNames = ROUND_STATE_ORDER;

export function roundStateName(value: number): RoundStateName | undefined {
  return roundStateNames[value];
}

export interface RoundStateStyle {
  /** CSS background (Skipped is striped, so this may be a gradient). */
  background: string;
  /** Text colour on that background, chosen for AA contrast. */
  color: string;
  /** Border, so light fills stay visible on a white page. */
  border: string;
}

export const roundStateStyles: Record<RoundStateName, RoundStateStyle> = {
  Initialized: { background: '#6c757d', color: '#ffffff', border: '#6c757d' },
  Empty: { background: '#f1f3f5', color: '#343a40', border: '#ced4da' },
  Running: { background: '#1971c2', color: '#ffffff', border: '#1971c2' },
  Skipped: {
    background: 'repeating-linear-gradient(135deg, #dee2e6 0 6px, #f8f9fa 6px 12px)',
    color: '#343a40',
    border: '#adb5bd',
  },
  Marked: { background: '#fab005', color: '#212529', border: '#f59f00' },
  Posted: { background: '#237032', color: '#ffffff', border: '#237032' },
};

/** What a staff badge can read: a stored state, or Ready (an Empty round that holds its couples). */
export type RoundStateWord = RoundStateName | 'Ready';

/** The word for a round: an Empty round that already holds its couples is Ready to start. */
export function roundStateWord(state: RoundStateName, couples?: number): RoundStateWord {
  return state === 'Empty' && couples !== undefined && couples > 0 ? 'Ready' : state;
}
