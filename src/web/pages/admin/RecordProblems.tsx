import { List, Text } from '@mantine/core';
import type { AuditVerdict } from '../../../domain/schemas/audit.ts';

/** What verify found wrong, one line each: marks that do not match the record, heads no longer held. */
export function RecordProblems({ verdict }: { verdict: Extract<AuditVerdict, { ok: false }> }) {
  if (verdict.marks.length === 0 && verdict.posted.length === 0) return null;
  return (
    <List size="sm" spacing={2} mt={4} aria-label="What does not match the record">
      {verdict.marks.map((m) => (
        <List.Item key={`${m.eventKey}/${m.roundNumber}/${m.officialId}/${m.dance}`}>
          <Text span size="sm" fw={600}>
            {m.round} of {m.event} — {m.judge}, {m.dance}:
          </Text>{' '}
          {m.reason}.
        </List.Item>
      ))}
      {verdict.posted.map((p) => (
        <List.Item key={`${p.event}/${p.roundNumber}`}>
          <Text span size="sm" fw={600}>
            {p.round} of {p.event}, posted:
          </Text>{' '}
          the record no longer holds the seal noted with it ({p.head.slice(0, 16)}); records after it were
          removed.
        </List.Item>
      ))}
    </List>
  );
}
