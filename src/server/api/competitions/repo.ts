/** @deprecated the competition's reads are in queries.ts; this file goes once no route imports it. */
export { competitionView, findCompetition, tierAt } from './queries.ts';
