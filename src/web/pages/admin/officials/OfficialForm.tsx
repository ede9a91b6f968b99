import { Button, Modal, Select, Stack, Textarea, TextInput } from '@mantine/core';
import * as endpoints from '../../../../domain/schemas/endpoints.ts';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { call, ApiError } from '../../../api/client.ts';
import { competitionQueryKey } from '../../../api/queries/keys.ts';
import type { AdminOfficial, OfficialCreated } from '../../../api/types.ts';
import { useCommand } from '../../../api/useCommand.ts';
import { CommandError } from '../../../components/ApiErrorAlert.tsx';
import { detailIssues, issuesToFieldErrors, schemaErrors } from '../../../shared/formErrors.ts';
import { officialRoles } from '../../../../domain/schemas/competition.ts';
import { officialCreate } from '../../../../domain/schemas/officials.ts';
import { DialogActions } from '../../../components/DialogActions.tsx';
import { PhotoInput } from '../../../components/PhotoInput.tsx';
import { useT } from '../../../i18n/locale.ts';
import { officialsText } from './text.ts';

interface OfficialValues {
  name: string;
  role: (typeof officialRoles)[number];
  bio: string;
  photoURL: string;
}

const blank: OfficialValues = { name: '', role: 'Judge', bio: '', photoURL: '' };

/** Add an official (then show their code once) or edit one. */
export function OfficialForm({
  competitionKey,
  official,
  onClose,
  onCreated,
}: {
  competitionKey: string;
  official: AdminOfficial | null;
  onClose: () => void;
  onCreated: (c: OfficialCreated) => void;
}) {
  const t = useT(officialsText);
  const [version, setVersion] = useState(official?.version);
  const form = useForm<OfficialValues>({
    initialValues: official
      ? { name: official.name, role: official.role, bio: official.bio, photoURL: official.photoURL }
      : blank,
    validate: (v) => schemaErrors(officialCreate, v),
  });
  const save = useCommand({
    run: async (v: OfficialValues) => {
      if (official) {
        await call(
          endpoints.patchOfficialsOne,
          { key: competitionKey, officialId: official.id },
          { ...v, version },
        );
        return null;
      }
      return call(endpoints.postOfficials, { key: competitionKey }, v);
    },
    success: (_, v) =>
      official
        ? { title: t('form.saved'), message: t('form.savedText', { name: v.name }) }
        : { title: t('form.added'), message: t('form.addedText', { name: v.name }) },
    refresh: [
      competitionQueryKey(competitionKey, 'competition'),
      competitionQueryKey(competitionKey, 'events'),
    ],
    onSuccess: (created) => {
      if (created) onCreated(created);
      onClose();
    },
    onStale: (e) => {
      const current = (e.details as { current?: AdminOfficial } | undefined)?.current;
      if (!current) return;
      form.setValues({
        name: current.name,
        role: current.role,
        bio: current.bio,
        photoURL: current.photoURL,
      });
      setVersion(current.version);
    },
    onError: (e) => {
      if (e instanceof ApiError && e.status === 400)
        form.setErrors(issuesToFieldErrors(detailIssues(e.details)));
    },
  });
  return (
    <Modal
      opened
      onClose={onClose}
      title={official ? t('form.edit', { name: official.name }) : t('form.new')}
    >
      <form noValidate onSubmit={form.onSubmit((v) => void save.run(v))}>
        <Stack>
          <CommandError command={save} title={t('notSaved')} />
          <TextInput label={t('col.name')} {...form.getInputProps('name')} />
          <Select
            label={t('col.role')}
            data={officialRoles.map((role) => ({ value: role, label: t(`role.${role}`) }))}
            allowDeselect={false}
            {...form.getInputProps('role')}
          />
          <Textarea label={t('col.bio')} autosize minRows={2} {...form.getInputProps('bio')} />
          <PhotoInput
            competitionKey={competitionKey}
            value={form.values.photoURL}
            onChange={(url) => form.setFieldValue('photoURL', url)}
            error={form.errors.photoURL}
          />
          <DialogActions onCancel={onClose}>
            <Button type="submit" loading={save.busy}>
              {official ? t('form.save') : t('form.submitNew')}
            </Button>
          </DialogActions>
        </Stack>
      </form>
    </Modal>
  );
}
