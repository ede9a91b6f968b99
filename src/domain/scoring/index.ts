/**
 * The scoring engine: recalls (Skating System Rule 1) and finals (Rules 5–11), with the working a
 * scrutineer checks by hand. Pure functions; invalid marks raise `InvalidMarksError`.
 */
export { recallTally } from './recall.ts';
export { placeSingleDance } from './singleDance.ts';
export { placeMultiDance } from './multiDance.ts';
export {
  scoreAjs,
  validateAjs,
  componentScore,
  defaultAjsAssignments,
  ajsRecall,
  withoutAjsCouples,
  ajsScoreProblem,
  AJS_COMPONENTS,
  AJS_COMPONENT_NAMES,
  AJS_MIN,
  AJS_MAX,
  AJS_STEP,
  AJS_TOLERANCE,
  AJS_TOLERANCE_GRADES,
  AJS_TOLERANCE_MIN,
  AJS_TOLERANCE_MAX,
  AJS_TOLERANCE_STEP,
  ajsToleranceProblem,
  formatAjsTotal,
} from './ajs.ts';
export type {
  AjsScores,
  AjsComponent,
  AjsCoupleScores,
  AjsOptions,
  AjsResult,
  AjsDanceScore,
  AjsComponentWorking,
} from './ajs.ts';
export { InvalidMarksError } from './errors.ts';
export type { MarksProblem } from './errors.ts';
export type * from './types.ts';
