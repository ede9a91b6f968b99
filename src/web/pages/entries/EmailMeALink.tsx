import '../register/mantineStyles.ts';
import * as endpoints from '../../../domain/schemas/endpoints.ts';
import { Alert, Button, Card, Stack, Text, TextInput, type TextInputProps } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { call, ApiError } from '../../api/client.ts';
import { useCommand } from '../../api/useCommand.ts';
import { CommandError } from '../../components/ApiErrorAlert.tsx';
import { detailIssues } from '../../shared/formErrors.ts';
import { useLocale, useT } from '../../i18n/locale.ts';
import { entriesText } from './text.ts';
import { entryFieldErrors } from './errors.ts';

/** The address a dancer registered with, as the public entry pages ask for it (the browser may fill it in). */
export function RegisteredEmailInput(props: Omit<TextInputProps, 'type' | 'size' | 'autoComplete'>) {
  return <TextInput type="email" size="md" autoComplete="email" {...props} />;
}

/**
 * "Lost your entry code? Email me a link": the server answers with the same words whether or not the
 * email is registered (nothing to learn from it), and emails a link only to a registered one. No Zod
 * here (the public pages ship none): the browser's email check, then the server's 400 on the field.
 */
export function EmailMeALink({
  competitionKey,
  folded = false,
}: {
  competitionKey: string;
  /** Only the question until it is clicked (beside the entry code form, which it must not crowd). */
  folded?: boolean;
}) {
  const t = useT(entriesText);
  const locale = useLocale();
  const [open, setOpen] = useState(!folded);
  const [answer, setAnswer] = useState<string | null>(null);
  const form = useForm({
    initialValues: { email: '' },
    validate: {
      email: (v) => (/^\S+@\S+\.\S+$/.test(v.trim()) ? null : t('error.email')),
    },
  });
  const recover = useCommand({
    run: (email: string) => call(endpoints.postRegistrationsRecover, { key: competitionKey }, { email }),
    // The same words whether or not the email is registered, in the reader's language.
    onSuccess: (r) => setAnswer(t('recover.sent', { competition: r.competition })),
    onError: (err) => {
      if (!(err instanceof ApiError) || err.status !== 400) return false;
      form.setErrors(entryFieldErrors(detailIssues(err.details), locale));
      return true;
    },
  });
  if (!open)
    return (
      <Button variant="subtle" px={0} onClick={() => setOpen(true)}>
        {t('recover.ask')}
      </Button>
    );
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="email-me-a-link">
      <Text fw={600} id="email-me-a-link">
        {t('recover.ask')}
      </Text>
      <Text size="sm" c="dimmed" mb="sm">
        {t('recover.help')}
      </Text>
      {answer ? (
        <Alert color="green" variant="light" role="status">
          {answer}
        </Alert>
      ) : (
        <form onSubmit={form.onSubmit((v) => void recover.run(v.email.trim()))} noValidate>
          <Stack gap="sm">
            <RegisteredEmailInput label={t('recover.email')} {...form.getInputProps('email')} />
            <CommandError command={recover} title={t('recover.notSent')} audience="public" />
            <Button type="submit" size="md" className="tap" loading={recover.busy}>
              {t('recover.send')}
            </Button>
          </Stack>
        </form>
      )}
    </Card>
  );
}
