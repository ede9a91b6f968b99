/**
 * The way a round is named in every round-level path of the endpoint table
 * (src/domain/schemas/endpoints.ts). Screens call the API through `call(endpoints.x, params)` and link
 * to downloads through `hrefOf(endpoints.x, params)` (client.ts); there is no table of paths here, so
 * a page's bundle carries only the endpoints it calls.
 */

/** A round of one event: the way every round-level path names it. */
export interface RoundRef {
  eventKey: string;
  roundNumber: number;
}

/** The path params of a round-level endpoint (`:key`, `:eventKey`, `:n`). */
export const roundParams = (key: string, r: RoundRef) => ({ key, eventKey: r.eventKey, n: r.roundNumber });
