import { z } from 'zod';

/** Path and query pieces every route shares; one definition each so limits stay the same everywhere. */
export const keyParams = z.object({ key: z.string().max(100) });
export const eventParams = keyParams.extend({ eventKey: z.string().max(100) });
export const roundParams = eventParams.extend({ n: z.coerce.number().int().min(1).max(1_000) });

/** The version the client last saw, for commands without a body (DELETE). */
export const versionQuery = z.object({ version: z.coerce.number().int().min(0).optional() });
/** A body that carries only the version the client last saw. */
export const versionBody = z.object({ version: z.number().int().min(0).optional() }).strict();
