import { List, Text } from '@mantine/core';
import type { AuditVerdict } from '../../../domain/schemas/audit.ts';
import { danceLabel, roundLabel, sportText } from '../../../domain/i18n/sport.ts';
import { useT } from '../../i18n/locale.ts';
import { adminShellText } from './shell/text.ts';

/** What verify found wrong, one line each: marks that do not match the record, heads no longer held. */
export function RecordProblems({ verdict }: { verdict: Extract<AuditVerdict, { ok: false }> }) {
  const t = useT(adminShellText);
  const sport = useT(sportText);
  if (verdict.marks.length === 0 && verdict.posted.length === 0) return null;
  return (
    <List size="sm" spacing={2} mt={4} aria-label={t('record.problems')}>
      {verdict.marks.map((m) => (
        <List.Item key={`${m.eventKey}/${m.roundNumber}/${m.officialId}/${m.dance}`}>
          <Text span size="sm" fw={600}>
            {t('record.mark', {
              round: roundLabel(sport, m.round),
              event: m.event,
              judge: m.judge,
              dance: danceLabel(sport, m.dance),
            })}
          </Text>{' '}
          {m.reason}.
        </List.Item>
      ))}
      {verdict.posted.map((p) => (
        <List.Item key={`${p.event}/${p.roundNumber}`}>
          <Text span size="sm" fw={600}>
            {t('record.posted', { round: roundLabel(sport, p.round), event: p.event })}
          </Text>{' '}
          {t('record.postedText', { seal: p.head.slice(0, 16) })}
        </List.Item>
      ))}
    </List>
  );
}
