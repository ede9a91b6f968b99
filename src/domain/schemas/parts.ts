/**
 * Pieces that many answers share, as shapes to spread in place (`{ id, ...eventRef, … }`): each answer
 * keeps its own key order, and so its JSON and its OpenAPI description stay as they are.
 */
import { z } from 'zod';

/** The event a row belongs to. */
export const eventRef = { eventKey: z.string(), eventName: z.string() };

/** An event as the lists of events and of results describe it. */
export const eventInfo = {
  key: z.string(),
  name: z.string(),
  style: z.string(),
  level: z.string(),
  dances: z.array(z.string()),
};

/** A round of an event, by its number and its name. */
export const roundRef = { roundNumber: z.number(), roundName: z.string() };

/** A posted round: by number and name, and when it was posted. */
export const postedRoundRef = { ...roundRef, postedAt: z.string() };

/** Where a round stands in the day: its place in the running order and its start time (null: TBA). */
export const roundSlot = { scheduleIndex: z.number(), roundStartTime: z.string().nullable() };

/** A couple by the names of its dancers and its team. */
export const coupleNames = { leadName: z.string(), followName: z.string(), affiliation: z.string() };
