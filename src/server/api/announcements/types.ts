/** Moved to src/domain/schemas/announcements.ts; kept until the web imports from there. */
export type { AnnouncedCouple, Announcement, Announcements } from '../../../domain/schemas/announcements.ts';
