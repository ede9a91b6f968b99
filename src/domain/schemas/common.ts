import { z } from 'zod';

/** Limits that keep one careless (or hostile) request from filling the database. */
export const LIMITS = {
  shortText: 200,
  mediumText: 2_000,
  pageMarkdown: 50_000,
  url: 500,
} as const;

export const shortText = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(LIMITS.shortText, { error: `${label} must be at most ${LIMITS.shortText} characters` });

export const requiredText = (label: string) => shortText(label).min(1, { error: `${label} is required` });

/** A URL the site may link to: http(s) only, so no javascript: links reach a page. */
export const optionalUrl = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(LIMITS.url, { error: `${label} must be at most ${LIMITS.url} characters` })
    .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), {
      error: `${label} must start with http:// or https://`,
    });

/** Calendar date, YYYY-MM-DD. */
export const isoDate = (label: string) =>
  z.string({ error: `${label} must be a date` }).regex(/^\d{4}-\d{2}-\d{2}$/, {
    error: `${label} must be a date like 2026-11-21`,
  });

/** An instant in time, ISO 8601 with offset (stored in UTC). */
export const isoDateTime = (label: string) =>
  z.iso.datetime({ offset: true, error: `${label} must be a date and time like 2026-11-21T09:00:00Z` });

export const money = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(0, { error: `${label} cannot be negative` })
    .max(100_000, { error: `${label} is too large` });

/** Optimistic concurrency: the version the client last saw. */
export const version = z.number({ error: 'version must be a number' }).int().min(0);

export const errorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBody>;
