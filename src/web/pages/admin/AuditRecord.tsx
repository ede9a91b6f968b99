import { Alert, Button, Code, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { AuditVerdict } from '../../../domain/schemas/audit.ts';
import { auditVerifyQuery, siteAuditVerifyQuery } from '../../api/queries/competition.ts';
import { ApiErrorAlert } from '../../components/ApiErrorAlert.tsx';
import { AdminSection } from './PageHeader.tsx';
import { RecordProblems } from './RecordProblems.tsx';
import { tagged } from '../../components/tagged.tsx';
import { useT } from '../../i18n/locale.ts';
import { adminShellText } from './shell/text.ts';

/**
 * "Verify the record": the server recomputes the competition's audit trail (no key: the
 * site's own, of changes to people) link by link and says whether it is intact, or which record is
 * the first whose link is broken.
 */
export function AuditRecord({ competitionKey }: { competitionKey?: string }) {
  const t = useT(adminShellText);
  // Read only when asked: checking a long trail is work the server should not do on every visit.
  const read = competitionKey === undefined ? siteAuditVerifyQuery() : auditVerifyQuery(competitionKey);
  const verify = useQuery<AuditVerdict, Error, AuditVerdict, readonly unknown[]>({
    queryKey: read.queryKey,
    queryFn: read.queryFn,
    enabled: false,
    gcTime: 0,
  });
  const verdict = verify.data;
  return (
    <AdminSection
      id={competitionKey === undefined ? 'site-audit' : 'settings-audit'}
      title={t('record.title')}
      description={
        competitionKey === undefined ? t('record.description.site') : t('record.description.competition')
      }
    >
      <Stack gap="sm">
        <Group>
          <Button variant="default" onClick={() => void verify.refetch()} loading={verify.isFetching}>
            {t('record.verify')}
          </Button>
        </Group>
        {verify.isError && <ApiErrorAlert error={verify.error} title={t('record.checkFailed')} />}
        {verdict && !verify.isFetching && (
          <div>
            {verdict.ok ? (
              <Alert color="green" title={t('record.intact.title')}>
                <Text size="sm">{t('record.intact.text', { count: verdict.records })}</Text>
                <Text size="xs" c="dimmed" mt={4}>
                  {tagged(t('record.lastSeal', { seal: verdict.head.slice(0, 16) }), [
                    (seal) => <Code>{seal}</Code>,
                  ])}
                </Text>
              </Alert>
            ) : (
              <Alert
                color="red"
                title={
                  verdict.brokenAt === null
                    ? t('record.mismatch')
                    : t('record.brokenAt', { entry: verdict.brokenAt })
                }
              >
                <Text size="sm">{verdict.reason}</Text>
                <RecordProblems verdict={verdict} />
                <Text size="xs" c="dimmed" mt={4}>
                  {t('record.checked', { count: verdict.records })}
                </Text>
              </Alert>
            )}
          </div>
        )}
      </Stack>
    </AdminSection>
  );
}
