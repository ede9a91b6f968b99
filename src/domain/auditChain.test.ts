import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  CHAIN_START,
  auditHash,
  canonicalAuditRecord,
  chainRecords,
  verifyChain,
  type ChainedFields,
  type ChainedRecord,
} from './auditChain.ts';

const rec = (n: number): ChainedFields => ({
  at: `2026-11-27T10:00:0${n}.000Z`,
  actor: 'admin@promenade.local',
  action: 'event.update',
  entity: 'event',
  entity_id: String(n),
  before: null,
  after: JSON.stringify({ name: `Waltz ${n}` }),
});
const chain = (k: number): ChainedRecord[] =>
  chainRecords(Array.from({ length: k }, (_, i) => rec(i + 1))).map((r, i) => ({ ...r, id: i + 10 }));

describe('the audit chain', () => {
  it('hashes a fixed canonical text: SHA-256 of a JSON array of the version, the previous hash and the fields', () => {
    const text = canonicalAuditRecord(CHAIN_START, rec(1));
    expect(text).toBe(
      `["promenade-audit-1","${CHAIN_START}","2026-11-27T10:00:01.000Z","admin@promenade.local","event.update","event","1",null,"{\\"name\\":\\"Waltz 1\\"}"]`,
    );
    expect(auditHash(CHAIN_START, rec(1))).toBe(createHash('sha256').update(text).digest('hex'));
  });

  it('keeps fields apart: moving text from one field to the next changes the hash', () => {
    const a = { ...rec(1), actor: 'ab', action: 'c' };
    const b = { ...rec(1), actor: 'a', action: 'bc' };
    expect(auditHash(CHAIN_START, a)).not.toBe(auditHash(CHAIN_START, b));
    expect(auditHash(CHAIN_START, { ...rec(1), before: null })).not.toBe(
      auditHash(CHAIN_START, { ...rec(1), before: 'null' }),
    );
  });

  it('an intact chain verifies and names its head', () => {
    const c = chain(5);
    expect(verifyChain(c)).toEqual({ ok: true, records: 5, head: c[4]!.hash });
    expect(verifyChain([])).toEqual({ ok: true, records: 0, head: CHAIN_START });
  });

  it('names a record whose contents were changed', () => {
    const c = chain(5);
    c[2] = { ...c[2]!, after: JSON.stringify({ name: 'Tango' }) };
    const v = verifyChain(c);
    expect(v).toMatchObject({ ok: false, brokenAt: 12, records: 5 });
    expect(v.ok || v.reason).toMatch(/#12 was changed/);
  });

  it('names the record after one removed, and a first record that does not start the chain', () => {
    const c = chain(5);
    const gap = verifyChain([c[0]!, c[1]!, c[3]!, c[4]!]);
    expect(gap).toMatchObject({ ok: false, brokenAt: 13 });
    expect(gap.ok || gap.reason).toMatch(/does not follow record #11/);
    expect(verifyChain(c.slice(1))).toMatchObject({ ok: false, brokenAt: 11 });
  });

  it('names a changed record hashed again at the record after it', () => {
    const c = chain(4);
    const changed = { ...c[1]!, actor: 'mallory' };
    c[1] = { ...changed, hash: auditHash(changed.prev_hash!, changed) };
    expect(verifyChain(c)).toMatchObject({ ok: false, brokenAt: 12 });
  });

  it('names a record without a hash', () => {
    const c = chain(3);
    c[1] = { ...c[1]!, hash: null };
    expect(verifyChain(c)).toMatchObject({ ok: false, brokenAt: 11, reason: 'Record #11 has no hash.' });
  });
});
