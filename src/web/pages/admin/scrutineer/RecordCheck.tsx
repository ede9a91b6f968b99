import { Alert, Button, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { AuditVerdict } from '../../../../domain/schemas/audit.ts';
import { auditVerifyQuery } from '../../../api/queries/competition.ts';
import { RecordProblems } from '../RecordProblems.tsx';
import { useT } from '../../../i18n/locale.ts';
import { scrutineerText } from './text.ts';

/**
 * The scrutineer's check of the stored marks against the record, made when the screen opens and on
 * request: a mark changed in the database (not through Promenade) is named at the top of the screen,
 * before anyone computes or posts with it. Silent while all is well.
 */
export function RecordCheck({ competitionKey }: { competitionKey: string }) {
  const t = useT(scrutineerText);
  const read = auditVerifyQuery(competitionKey);
  const verify = useQuery<AuditVerdict, Error, AuditVerdict, readonly unknown[]>({
    queryKey: read.queryKey,
    queryFn: read.queryFn,
    gcTime: 0,
    staleTime: 0,
  });
  const verdict = verify.data;
  if (!verdict || verdict.ok) return null;
  return (
    <Alert color="red" title={t('record.title')} mb="md" role="alert">
      <Text size="sm">{t('record.text', { reason: verdict.reason })}</Text>
      <RecordProblems verdict={verdict} />
      <Group mt="xs">
        <Button size="xs" variant="default" onClick={() => void verify.refetch()} loading={verify.isFetching}>
          {t('record.again')}
        </Button>
      </Group>
    </Alert>
  );
}
