import { Alert, Button, Code, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { AuditVerdict } from '../../../domain/schemas/audit.ts';
import { auditVerifyQuery, siteAuditVerifyQuery } from '../../api/queries/competition.ts';
import { ApiErrorAlert } from '../../components/ApiErrorAlert.tsx';
import { AdminSection } from './PageHeader.tsx';
import { RecordProblems } from './RecordProblems.tsx';

/**
 * "Verify the record": the server recomputes the competition's audit trail (no key: the
 * site's own, of changes to people) link by link and says whether it is intact, or which record is
 * the first whose link is broken.
 */
export function AuditRecord({ competitionKey }: { competitionKey?: string }) {
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
      title="The record"
      description={
        competitionKey === undefined
          ? "Changes to people across competitions (merges, splits, imported results) are written in the site's own audit trail, each entry sealed with the one before it, so an entry changed or removed afterwards shows."
          : 'Every change to this competition is written in its audit trail, each entry sealed with the one before it, so an entry changed or removed afterwards shows.'
      }
    >
      <Stack gap="sm">
        <Group>
          <Button variant="default" onClick={() => void verify.refetch()} loading={verify.isFetching}>
            Verify the record
          </Button>
        </Group>
        {verify.isError && <ApiErrorAlert error={verify.error} title="The record could not be checked" />}
        {verdict && !verify.isFetching && (
          <div>
            {verdict.ok ? (
              <Alert color="green" title="The record is intact">
                <Text size="sm">
                  The record is intact: {verdict.records} {verdict.records === 1 ? 'entry' : 'entries'}.
                </Text>
                <Text size="xs" c="dimmed" mt={4}>
                  Last seal <Code>{verdict.head.slice(0, 16)}</Code> — note it down to tell later that nothing
                  before it changed.
                </Text>
              </Alert>
            ) : (
              <Alert
                color="red"
                title={
                  verdict.brokenAt === null
                    ? 'The record does not match what is stored'
                    : `The record is broken at entry #${verdict.brokenAt}`
                }
              >
                <Text size="sm">{verdict.reason}</Text>
                <RecordProblems verdict={verdict} />
                <Text size="xs" c="dimmed" mt={4}>
                  {verdict.records} entries checked.
                </Text>
              </Alert>
            )}
          </div>
        )}
      </Stack>
    </AdminSection>
  );
}
