import { z } from 'zod';
import { competitionKey } from './competition.ts';

export const EXPORT_FORMAT = 'promenade-competition';
/** 2: the audit trail carries its hash chain. Version 1 files are still imported. */
export const EXPORT_FORMAT_VERSION = 2;

const rows = z.array(z.record(z.string(), z.unknown()));

/** GET …/export: the whole competition as one document, its rows as stored (ids kept for references). */
export const competitionExport = z.object({
  format: z.literal(EXPORT_FORMAT),
  formatVersion: z.number().int(),
  exportedAt: z.string(),
  competition: z.record(z.string(), z.unknown()),
  tables: z.record(z.string(), rows),
});
export type CompetitionExport = z.infer<typeof competitionExport>;

/** What POST /competitions/import accepts: an export of this format version. */
export const exportDocument = z.object({
  format: z.literal(EXPORT_FORMAT, {
    error: `This is not a Promenade competition export (format must be "${EXPORT_FORMAT}").`,
  }),
  formatVersion: z.union([z.literal(1), z.literal(EXPORT_FORMAT_VERSION)], {
    error: `Only export format versions 1 to ${EXPORT_FORMAT_VERSION} can be imported.`,
  }),
  competition: z.looseObject({ key: competitionKey, full_name: z.string().min(1).max(200) }),
  tables: z.record(z.string(), rows),
});
