/** Test data for the deck captain's screen: couples and rounds as GET /floor gives them. */
import type { FloorCouple, RoundCouples } from '../../../../domain/schemas/floor.ts';

export function couple(n: number, over: Partial<FloorCouple> = {}): FloorCouple {
  return {
    entryId: 1000 + n,
    coupleNumber: String(n),
    leadName: `Lead ${n}`,
    followName: `Follow ${n}`,
    affiliation: n % 2 ? 'Riverside' : 'Hilltop',
    heat: 1,
    checkedIn: false,
    scratched: false,
    star: false,
    ...over,
  };
}

export function round(over: Partial<RoundCouples> = {}): RoundCouples {
  return {
    eventKey: 'silver-std',
    eventName: 'Silver Standard (W/T)',
    roundNumber: 1,
    roundName: 'Semi-Final',
    roundState: 0,
    scheduleIndex: 3,
    roundStartTime: null,
    floor: 'Main floor',
    startedAt: null,
    recallSize: 6,
    heatSize: null,
    heats: 1,
    couplesKnown: true,
    waitingFor: [],
    couples: [],
    version: 2,
    ...over,
  };
}
