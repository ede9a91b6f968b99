import { Button, Select, Stack, TextInput } from '@mantine/core';
import * as endpoints from '../../../domain/schemas/endpoints.ts';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { OfficialRole } from '../../../domain/schemas/competition.ts';
import { call, ApiError } from '../../api/client.ts';
import { meQuery, useCompetition } from '../../api/queries/competition.ts';
import { useCommand } from '../../api/useCommand.ts';
import { ApiErrorAlert, CommandError, errorMessage } from '../../components/ApiErrorAlert.tsx';
import { textValue } from '../../components/textValue.ts';
import { useT } from '../../i18n/locale.ts';
import { staffText } from './staff/text.ts';

/**
 * An official's sign-in with their 7-character access code: who they are (among the officials of the
 * role) and the code. The staff screens ask for it on the screen itself; the sign-in page offers it
 * for a screen behind the admin guard that a code opens (the scrutineer's).
 */
export function OfficialCodeSignIn({
  role,
  onSignedIn,
}: {
  role: OfficialRole;
  /** After the server has accepted the code (the session query is already refreshed). */
  onSignedIn?: () => void | Promise<void>;
}) {
  const t = useT(staffText);
  const { key, competition } = useCompetition();
  const [searchParams] = useSearchParams();
  const [officialId, setOfficialId] = useState<string | null>(null);
  const [code, setCode] = useState('');
  /** Said before asking the server (nobody chosen), or the server's refusal of the code. */
  const [refused, setRefused] = useState<string | null>(null);
  const signInCommand = useCommand({
    run: (officialId: string) =>
      call(endpoints.postOfficialsSession, { key: key!, officialId }, { code: code.trim() }),
    refresh: [meQuery().queryKey],
    onSuccess: async () => {
      await onSignedIn?.();
    },
    // A refused code is a 401 too: say what the server said, not "your session has ended".
    onError: (e) => {
      if (!(e instanceof ApiError && e.code === 'bad_code')) return false;
      setRefused(errorMessage(e));
      return true;
    },
  });

  const candidates = (competition?.officials ?? []).filter((o) => o.role === role);
  // Chosen already: the official a sign-in card's address names (?official=id), or the only one of the role.
  const preset =
    candidates.find((o) => String(o.id) === searchParams.get('official')) ??
    (candidates.length === 1 ? candidates[0] : undefined);
  const chosen = officialId ?? (preset ? String(preset.id) : null);
  const signIn = () => {
    setRefused(null);
    if (!chosen) {
      signInCommand.reset();
      setRefused(t('form.chooseRefused'));
      return;
    }
    void signInCommand.run(chosen);
  };

  return (
    <form
      aria-label={t('form.label', { role: t(`role.${role}`) })}
      onSubmit={(e) => {
        e.preventDefault();
        signIn();
      }}
    >
      <Stack>
        <Select
          label={t(`role.${role}`)}
          placeholder={t('form.choose')}
          data={candidates.map((o) => ({ value: String(o.id), label: o.name }))}
          value={chosen}
          onChange={setOfficialId}
        />
        <TextInput label={t('form.code')} {...textValue(code, setCode)} autoComplete="off" maxLength={7} />
        {refused !== null && <ApiErrorAlert error={null} title={t('form.refused')} message={refused} />}
        <CommandError command={signInCommand} title={t('form.refused')} />
        <Button type="submit" loading={signInCommand.busy}>
          {t('form.submit')}
        </Button>
      </Stack>
    </form>
  );
}
