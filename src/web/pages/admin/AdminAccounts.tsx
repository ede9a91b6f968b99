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
import { ApiErrorAlert, CommandError } from '../../components/ApiErrorAlert.tsx';
import { DataTable } from '../../components/DataTable.tsx';
import { AdminSection } from './PageHeader.tsx';
import { detailIssues, issuesToFieldErrors, schemaErrors } from '../../shared/formErrors.ts';
import { DialogActions } from '../../components/DialogActions.tsx';

type NewAdmin = z.input<typeof adminCreate>;

export function AdminAccounts({ competitionKey }: { competitionKey: string }) {
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
      title: 'Admin added',
      message: `${values.name} can now sign in with ${values.email.trim()} and the password you chose.`,
    }),
    refresh,
    onSuccess: () => form.reset(),
    // Refusals that name a field are said next to it.
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) {
        form.setFieldError('email', error.message || 'This email already has an admin account.');
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
      title: 'Admin removed',
      message: `${admin.name || admin.email} no longer administers this competition.`,
    }),
    refresh,
    onSuccess: () => setRemoving(null),
  });

  const list = admins.data ?? [];
  const onlyOne = list.length <= 1;

  return (
    <AdminSection
      id="settings-admins"
      title="Admin accounts"
      description="People who can sign in and change this competition."
    >
      {admins.isError ? (
        <ApiErrorAlert error={admins.error} title="The admin accounts could not load" />
      ) : admins.isPending ? (
        <Skeleton h={120} radius="md" aria-label="Loading the admin accounts" />
      ) : (
        <DataTable
          cards
          striped
          highlightOnHover
          withTableBorder
          miw={300}
          aria-label="Admin accounts"
          columns={['Admin', { label: <VisuallyHidden>Actions</VisuallyHidden> }]}
        >
          {list.map((a) => {
            const isMe = a.id === me.id;
            const why = isMe
              ? 'You cannot remove your own account'
              : a.isSuperAdmin
                ? 'Site admins manage every competition and cannot be removed from one'
                : onlyOne
                  ? 'A competition needs at least one admin'
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
                        you
                      </Badge>
                    )}
                    {a.isSuperAdmin && (
                      <Badge size="sm" variant="light" color="grape">
                        site admin
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
                    aria-label={`Remove ${a.name || a.email}`}
                    onClick={() => {
                      remove.reset();
                      setRemoving(a);
                    }}
                  >
                    Remove
                  </Button>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </DataTable>
      )}

      <Paper withBorder p="md" radius="md">
        <form noValidate aria-label="Add an admin" onSubmit={form.onSubmit((values) => void add.run(values))}>
          <Stack gap="sm">
            <Title order={3} size="h5">
              Add an admin
            </Title>
            <CommandError command={add} title="Not added" />
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              <TextInput
                label="Email"
                type="email"
                autoComplete="off"
                required
                {...form.getInputProps('email')}
              />
              <TextInput label="Name" required autoComplete="off" {...form.getInputProps('name')} />
              <PasswordInput
                label="Password"
                autoComplete="new-password"
                required
                {...form.getInputProps('password')}
              />
            </SimpleGrid>
            <Group justify="space-between">
              <Text size="xs" c="dimmed">
                Passwords need at least 6 characters. Give the new admin theirs in person.
              </Text>
              <Button type="submit" loading={add.busy} disabled={add.busy}>
                Add admin
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>

      <Modal
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        title={`Remove ${removing?.name || removing?.email || 'admin'}?`}
        centered
      >
        {removing && (
          <Stack gap="md">
            <Text size="sm">
              {removing.name || removing.email} ({removing.email}) will no longer be able to open the admin
              screens of {competition?.fullName ?? 'this competition'} or change anything in it. If this is
              the only competition they administer, their account is deleted and they are signed out. Nothing
              they already changed is undone.
            </Text>
            <CommandError command={remove} />
            <DialogActions onCancel={() => setRemoving(null)} cancelLabel="Keep">
              <Button color="red" loading={remove.busy} onClick={() => void remove.run(removing)}>
                Remove admin
              </Button>
            </DialogActions>
          </Stack>
        )}
      </Modal>
    </AdminSection>
  );
}
