/**
 * GET /competitions/{key}/announcements: what the MC reads out. Plain interfaces with no server
 * imports, so the web app imports them as types only.
 */
export interface AnnouncedCouple {
  coupleNumber: string;
  leadName: string;
  followName: string;
  affiliation: string;
  /** Final place (a shared place is the mean, e.g. 2.5); null in a recall. */
  place: number | null;
}

/** One posted round. Recalls list the recalled couples; finals every placed couple. */
export interface Announcement {
  /** Stable id of the round: `${eventKey}/${roundNumber}`. */
  id: string;
  eventKey: string;
  eventName: string;
  roundNumber: number;
  roundName: string;
  kind: 'recall' | 'final';
  postedAt: string;
  /** The round the recalled couples go to ("Final"); null for a final. */
  nextRoundName: string | null;
  couples: AnnouncedCouple[];
}

export interface Announcements {
  /** Posted rounds in posting order, the latest last. */
  items: Announcement[];
}
