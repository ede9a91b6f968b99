import { describe, expect, it } from 'vitest';
import { Client, countRows, useTestServer } from '../../test/harness.ts';
import { describeRun, importUnderReads } from '../../test/importUnderReads.ts';
import { MAX_IMPORT_ROWS } from '../../../domain/schemas/registration.ts';

const { s } = useTestServer();

describe('a registration import of the largest file allowed (issue 15)', () => {
  it('dry-runs 3,000 rows in seconds without holding the event loop', async () => {
    const admin = new Client(s.url);
    await admin.login();
    const before = await countRows(s.db, 'registrations');
    const run = await importUnderReads(s.url, admin);
    console.log(describeRun(run));
    const { answer, ms, reads, longestBlockMs } = run.import;

    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ dryRun: true, rows: MAX_IMPORT_ROWS, problems: [], created: 0 });
    expect(await countRows(s.db, 'registrations')).toBe(before);
    expect(ms).toBeLessThan(30_000);
    // Reads were answered all along, not once the import let go of the database.
    expect(reads.length).toBeGreaterThan(5);
    expect(reads[reads.length >> 1]).toBeLessThan(ms / 4);
    // The import works in slices of a few milliseconds, the file's parsing included: what is left of a
    // block is a visitor's read and the machine's own noise, as in the baseline. A wide bound for a
    // shared machine; the exact figures are `npm run bench -- import`'s.
    expect(longestBlockMs).toBeLessThan(Math.max(60, 2 * run.baseline.longestBlockMs));
  }, 60_000);
});
