import * as endpoints from '../../../domain/schemas/endpoints.ts';
import {
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  PasswordInput,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import { adminCreate } from '../../../domain/schemas/competition.ts';
import { call, ApiError } from '../../api/client.ts';
import { adminsQuery } from '../../api/queries/competition.ts';
import type { AdminAccount } from '../../api/types.ts';
import { useCommand } from '../../api/useCommand.ts';
import { useCompetition } from '../../api/queries/competition.ts';
import { useAdminUser } from './AdminLayout.tsx';
import { ApiErrorAlert, CommandError, errorMessage } from '../../components/ApiErrorAlert.tsx';
import { DataTable } from '../../components/DataTable.tsx';
import { AdminSection } from './PageHeader.tsx';
import { detailIssues, issuesToFieldErrors, schemaErrors } from '../../shared/formErrors.ts';
import { DialogActions } from '../../components/DialogActions.tsx';
import { useT } from '../../i18n/locale.ts';
import { adminShellText } from './shell/text.ts';

type NewAdmin = z.input<typeof adminCreate>;

export function AdminAccounts({ competitionKey }: { competitionKey: string }) {
  const t = useT(adminShellText);
  const me = useAdminUser();
  const { competition } = useCompetition();
  // Not a feed topic: the list changes only through this screen, which refreshes it itself.
  const admins = useQuery(adminsQuery(competitionKey));
  const refresh = [adminsQuery(competitionKey).queryKey];
  const [removing, setRemoving] = useState<AdminAccount | null>(null);

  const form = useForm<NewAdmin>({
    initialValues: { email: '', name: '', password: '' },
    validate: (values) => schemaErrors(adminCreate, { ...values, email: values.email.trim() }),
  });

  const add = useCommand({
    run: (values: NewAdmin) =>
      call(endpoints.postAdmins, { key: competitionKey }, { ...values, email: values.email.trim() }),
    success: (_created, values) => ({
      title: t('accounts.added.title'),
      message: t('accounts.added.message', { name: values.name, email: values.email.trim() }),
    }),
    refresh,
    onSuccess: () => form.reset(),
    // Refusals that name a field are said next to it.
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) {
        form.setFieldError('email', errorMessage(error) || t('accounts.emailTaken'));
        return true;
      }
      if (error instanceof ApiError && error.status === 400 && detailIssues(error.details).length > 0) {
        form.setErrors(issuesToFieldErrors(detailIssues(error.details)));
        return true;
      }
    },
  });

  const remove = useCommand({
    run: (admin: AdminAccount) => call(endpoints.deleteAdminsOne, { key: competitionKey, userId: admin.id }),
    success: (_r, admin) => ({
      title: t('accounts.removed.title'),
      message: t('accounts.removed.message', { name: admin.name || admin.email }),
    }),
    refresh,
    onSuccess: () => setRemoving(null),
  });

  const list = admins.data ?? [];
  const onlyOne = list.length <= 1;

  return (
    <AdminSection id="settings-admins" title={t('accounts.title')} description={t('accounts.description')}>
      {admins.isError ? (
        <ApiErrorAlert error={admins.error} title={t('accounts.loadFailed')} />
      ) : admins.isPending ? (
        <Skeleton h={120} radius="md" aria-label={t('accounts.loading')} />
      ) : (
        <DataTable
          cards
          striped
          highlightOnHover
          withTableBorder
          miw={300}
          aria-label={t('accounts.title')}
          columns={[
            t('accounts.column.admin'),
            { label: <VisuallyHidden>{t('accounts.column.actions')}</VisuallyHidden> },
          ]}
        >
          {list.map((a) => {
            const isMe = a.id === me.id;
            const why = isMe
              ? t('accounts.whyNot.self')
              : a.isSuperAdmin
                ? t('accounts.whyNot.siteAdmin')
                : onlyOne
                  ? t('accounts.whyNot.last')
                  : undefined;
            return (
              <Table.Tr key={a.id}>
                <Table.Td>
                  <Group gap="xs">
                    <Text size="sm" fw={500}>
                      {a.name}
                    </Text>
                    {isMe && (
                      <Badge size="sm" variant="light">
                        {t('accounts.you')}
                      </Badge>
                    )}
                    {a.isSuperAdmin && (
                      <Badge size="sm" variant="light" color="grape">
                        {t('accounts.siteAdmin')}
                      </Badge>
                    )}
                  </Group>
                  <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {a.email}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" className="row-actions">
                  <Button
                    variant="subtle"
                    color="red"
                    size="xs"
                    disabled={why !== undefined}
                    title={why}
                    aria-label={t('accounts.removeNamed', { name: a.name || a.email })}
                    onClick={() => {
                      remove.reset();
                      setRemoving(a);
                    }}
                  >
                    {t('accounts.remove')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </DataTable>
      )}

      <Paper withBorder p="md" radius="md">
        <form
          noValidate
          aria-label={t('accounts.add.title')}
          onSubmit={form.onSubmit((values) => void add.run(values))}
        >
          <Stack gap="sm">
            <Title order={3} size="h5">
              {t('accounts.add.title')}
            </Title>
            <CommandError command={add} title={t('accounts.add.failed')} />
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              <TextInput
                label={t('accounts.email')}
                type="email"
                autoComplete="off"
                required
                {...form.getInputProps('email')}
              />
              <TextInput
                label={t('accounts.name')}
                required
                autoComplete="off"
                {...form.getInputProps('name')}
              />
              <PasswordInput
                label={t('accounts.password')}
                autoComplete="new-password"
                required
                {...form.getInputProps('password')}
              />
            </SimpleGrid>
            <Group justify="space-between">
              <Text size="xs" c="dimmed">
                {t('accounts.passwordHint')}
              </Text>
              <Button type="submit" loading={add.busy} disabled={add.busy}>
                {t('accounts.add.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>

      <Modal
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        title={
          removing?.name || removing?.email
            ? t('accounts.removeAsk', { name: removing.name || removing.email })
            : t('accounts.removeAsk.unnamed')
        }
        centered
      >
        {removing && (
          <Stack gap="md">
            <Text size="sm">
              {t('accounts.removeText', {
                name: removing.name || removing.email,
                email: removing.email,
                competition: competition?.fullName ?? t('accounts.thisCompetition'),
              })}
            </Text>
            <CommandError command={remove} />
            <DialogActions onCancel={() => setRemoving(null)} cancelLabel={t('accounts.keep')}>
              <Button color="red" loading={remove.busy} onClick={() => void remove.run(removing)}>
                {t('accounts.removeAdmin')}
              </Button>
            </DialogActions>
          </Stack>
        )}
      </Modal>
    </AdminSection>
  );
}
