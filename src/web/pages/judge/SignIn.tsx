import { Button, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { api, ApiError } from '../../api/client.ts';
import { paths } from '../../api/paths.ts';

/** The judge's access-code sign-in. */
export function SignIn(props: {
  competition: string;
  judgeId: number;
  onSignedIn: () => void;
  onUnknown: () => void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await api.post(paths.officialSession(props.competition, props.judgeId), {
        code: code.trim(),
      });
      props.onSignedIn();
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) return props.onUnknown();
      setError(err instanceof ApiError ? err.message : 'Could not sign in. Try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <main className="judge judge-centre">
      <form className="judge-signin" onSubmit={(e) => void submit(e)}>
        <h1>Judge sign-in</h1>
        <p>Enter the access code the scrutineer gave you.</p>
        <TextInput
          label="Access code"
          size="xl"
          autoComplete="off"
          autoCapitalize="characters"
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          error={error}
          required
        />
        <Button type="submit" size="xl" color="blue.7" fullWidth loading={busy} mt="md">
          Sign in
        </Button>
      </form>
    </main>
  );
}
