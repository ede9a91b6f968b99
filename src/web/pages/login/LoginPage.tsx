import * as endpoints from '../../../domain/schemas/endpoints.ts';
import {
  Anchor,
  Button,
  Container,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Link, useScopedNavigate } from '../../components/Link.tsx';
import type { z } from 'zod';
import { loginBody } from '../../../domain/schemas/competition.ts';
import { call, ApiError } from '../../api/client.ts';
import { useCompetition } from '../../api/queries/competition.ts';
import { useCommand } from '../../api/useCommand.ts';
import { CommandError } from '../../components/ApiErrorAlert.tsx';
import { detailIssues, issuesToFieldErrors, schemaErrors } from '../../shared/formErrors.ts';
import { codeRoleFor, officialScreens, safeNext } from '../../shared/session.ts';
import { OfficialCodeSignIn } from '../admin/OfficialCodeSignIn.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { useT } from '../../i18n/locale.ts';
import { fieldMessage, loginText, PASSWORD_SHORT } from './text.ts';

/** The server's sign-in rules, plus the password policy (spec §5: at least 6 characters). */
const loginForm = loginBody.extend({
  password: loginBody.shape.password.min(6, { error: PASSWORD_SHORT }),
});
type LoginValues = z.input<typeof loginForm>;

export function LoginPage() {
  const t = useT(loginText);
  usePageTitle(t('pageTitle'));
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const navigate = useScopedNavigate();
  const { competition } = useCompetition();
  const [withCode, setWithCode] = useState(false);
  // The scrutineer signs in with their access code too; they go on to their screen.
  const codeRole = codeRoleFor(next) ?? 'Scrutineer';
  const afterCode = codeRoleFor(next) ? next : officialScreens[codeRole]!;

  const form = useForm<LoginValues>({
    initialValues: { email: '', password: '' },
    validate: (values) => schemaErrors(loginForm, { ...values, email: values.email.trim() }),
  });

  const signIn = useCommand({
    run: (values: LoginValues) =>
      call(endpoints.postAuthLogin, {}, { email: values.email.trim(), password: values.password }),
    onSuccess: async () => {
      await navigate(next, { replace: true });
    },
    // A 400 that names fields is shown on them; any other refusal (401 wrong password, 429) above.
    onError: (error) => {
      if (!(error instanceof ApiError) || error.status !== 400) return false;
      const fieldErrors = issuesToFieldErrors(detailIssues(error.details));
      if (Object.keys(fieldErrors).length === 0) return false;
      form.setErrors(fieldErrors);
      return true;
    },
  });

  // The rules' messages are kept in English in the form; they are shown in the reader's language.
  const fieldError = (name: keyof LoginValues) => {
    const error = form.errors[name];
    return typeof error === 'string' ? fieldMessage(t, error) : error;
  };

  return (
    <Container size={420} py={{ base: 'lg', sm: 80 }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {t('title')}
          </Title>
          <Text c="dimmed">
            {competition ? competition.fullName : t('loading')}
            {params.get('next') ? t('continue') : ''}
          </Text>
        </Stack>
        <Paper withBorder p="lg" radius="md">
          <form
            noValidate
            onSubmit={form.onSubmit((values) => {
              void signIn.run(values);
            })}
          >
            <Stack gap="md">
              <CommandError command={signIn} title={t('notSignedIn')} audience="public" />
              <TextInput
                label={t('email')}
                type="email"
                autoComplete="username"
                required
                autoFocus
                {...form.getInputProps('email')}
                error={fieldError('email')}
              />
              <PasswordInput
                label={t('password')}
                autoComplete="current-password"
                required
                {...form.getInputProps('password')}
                error={fieldError('password')}
              />
              <Button type="submit" loading={signIn.busy} disabled={signIn.busy} fullWidth size="md">
                {t('submit')}
              </Button>
            </Stack>
          </form>
        </Paper>
        <Paper withBorder p="lg" radius="md">
          {withCode ? (
            <Stack gap="sm">
              <Title order={2} size="h4">
                {t('code.title', { role: codeRole })}
              </Title>
              <OfficialCodeSignIn
                role={codeRole}
                onSignedIn={async () => {
                  await navigate(afterCode, { replace: true });
                }}
              />
            </Stack>
          ) : (
            <Stack gap="xs">
              <Text size="sm">{t('code.hint', { role: codeRole })}</Text>
              <Button variant="default" onClick={() => setWithCode(true)}>
                {t('code.button')}
              </Button>
            </Stack>
          )}
        </Paper>
        <Anchor component={Link} to="/" size="sm">
          {t('back')}
        </Anchor>
      </Stack>
    </Container>
  );
}
