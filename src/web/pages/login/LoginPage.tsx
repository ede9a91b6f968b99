import {
  Alert,
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
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { loginBody, type SessionUser } from '../../../domain/schemas/competition.ts';
import { ApiError, api } from '../../api/client.ts';
import { useCompetition } from '../../api/queries/competition.ts';
import { detailIssues, issuesToFieldErrors, schemaErrors } from '../../shared/formErrors.ts';
import { safeNext } from '../../shared/session.ts';
import { usePageTitle } from '../../components/usePageTitle.ts';

/** The server's sign-in rules, plus the password policy (spec §5: at least 6 characters). */
const loginForm = loginBody.extend({
  password: loginBody.shape.password.min(6, { error: 'Passwords are at least 6 characters long' }),
});
type LoginValues = z.input<typeof loginForm>;

function loginFailure(error: unknown): string {
  if (!(error instanceof ApiError)) return 'Sign-in failed. Reload the page and try again.';
  if (error.status === 401) return error.message || 'The email or password is not right.';
  if (error.status === 429)
    return error.message || 'Too many sign-in attempts. Wait a minute, then try again.';
  if (error.status === 0) return 'Could not reach the server. Check your connection and try again.';
  return error.message;
}

export function LoginPage() {
  usePageTitle('Sign in');
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const navigate = useNavigate();
  const { competition } = useCompetition();

  const form = useForm<LoginValues>({
    initialValues: { email: '', password: '' },
    validate: (values) => schemaErrors(loginForm, { ...values, email: values.email.trim() }),
  });

  const signIn = useMutation({
    mutationFn: (values: LoginValues) =>
      api.post<{ user: SessionUser }>('/auth/login', {
        email: values.email.trim(),
        password: values.password,
      }),
    onSuccess: async () => {
      await navigate(next, { replace: true });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 400) {
        const fieldErrors = issuesToFieldErrors(detailIssues(error.details));
        if (Object.keys(fieldErrors).length > 0) form.setErrors(fieldErrors);
      }
    },
  });

  const failure = signIn.error;
  const fieldLevel400 =
    failure instanceof ApiError && failure.status === 400 && detailIssues(failure.details).length > 0;

  return (
    <Container size={420} py={{ base: 'lg', sm: 80 }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} size="h2">
            Staff sign-in
          </Title>
          <Text c="dimmed">
            {competition ? competition.fullName : 'Loading...'}
            {params.get('next') ? ' — sign in to continue to the admin area.' : ''}
          </Text>
        </Stack>
        <Paper withBorder p="lg" radius="md">
          <form
            noValidate
            onSubmit={form.onSubmit((values) => {
              signIn.reset();
              signIn.mutate(values);
            })}
          >
            <Stack gap="md">
              {failure && !fieldLevel400 && (
                <Alert color="red" variant="light" title="Not signed in" role="alert">
                  {loginFailure(failure)}
                </Alert>
              )}
              <TextInput
                label="Email"
                type="email"
                autoComplete="username"
                required
                autoFocus
                {...form.getInputProps('email')}
              />
              <PasswordInput
                label="Password"
                autoComplete="current-password"
                required
                {...form.getInputProps('password')}
              />
              <Button
                type="submit"
                loading={signIn.isPending}
                disabled={signIn.isPending}
                fullWidth
                size="md"
              >
                Sign in
              </Button>
            </Stack>
          </form>
        </Paper>
        <Anchor component={Link} to="/" size="sm">
          Back to the competition site
        </Anchor>
      </Stack>
    </Container>
  );
}
