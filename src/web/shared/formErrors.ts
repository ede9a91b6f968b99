import type { z } from 'zod';

export type FieldErrors = Record<string, string>;

/** Zod issues (or the API's 400 `details`, which are the same issues) → `{ 'a.0.b': message }`, first per field. */
export function issuesToFieldErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path.map(String).join('.');
    if (!(field in errors)) errors[field] = issue.message;
  }
  return errors;
}

/** Client-side validation with the same schema the server uses: nothing restated. */
export function schemaErrors(schema: z.ZodType, value: unknown): FieldErrors {
  const result = schema.safeParse(value);
  return result.success ? {} : issuesToFieldErrors(result.error.issues);
}

/** The API's 400 `details`, when they are the issue list the contract promises. */
export function detailIssues(details: unknown): { path: string[]; message: string }[] {
  if (!Array.isArray(details)) return [];
  return details.flatMap((d: unknown) => {
    if (typeof d !== 'object' || d === null) return [];
    const { path, message } = d as { path?: unknown; message?: unknown };
    if (!Array.isArray(path) || typeof message !== 'string') return [];
    return [{ path: path.map(String), message }];
  });
}
