// The code field's look: the public path's Mantine set (styles/mantine.ts) has no inputs.
import { errorMessage } from '../../components/ApiErrorAlert.tsx';
import '@mantine/core/styles/Input.layer.css';
import * as endpoints from '../../../domain/schemas/endpoints.ts';
import { Button, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { call, ApiError } from '../../api/client.ts';
import { textValue } from '../../components/textValue.ts';
import type { Translate } from '../../../domain/i18n/catalog.ts';
import { useT } from '../../i18n/locale.ts';
import { LanguageSwitcher } from '../../i18n/LanguageSwitcher.tsx';
import { judgeText, type JudgeKey } from './text.ts';

/** The judge this tablet's address names, as the public list of officials shows them. */
export interface TabletOwner {
  name: string;
  letter: string;
}

/** "Tablet of Judge B — Anna Keller": the judge sees at once whether they hold their own tablet. */
export const tabletOf = (t: Translate<JudgeKey>, o: TabletOwner) =>
  o.letter
    ? t('signIn.tabletOfLetter', { letter: o.letter, name: o.name })
    : t('signIn.tabletOf', { name: o.name });

/** The judge's access-code sign-in. */
export function SignIn(props: {
  competition: string;
  judgeId: number;
  /** null when the officials could not be read (offline): the code is asked for all the same. */
  owner: TabletOwner | null;
  onSignedIn: () => void;
  onUnknown: () => void;
}) {
  const t = useT(judgeText);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await call(
        endpoints.postOfficialsSession,
        { key: props.competition, officialId: props.judgeId },
        {
          code: code.trim(),
        },
      );
      props.onSignedIn();
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) return props.onUnknown();
      setError(err instanceof ApiError ? errorMessage(err) : t('signIn.failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="judge judge-centre">
      <form className="judge-signin" onSubmit={(e) => void submit(e)}>
        <div className="judge-signin-head">
          <div className="judge-kicker">{t('signIn.title')}</div>
          <LanguageSwitcher className="judge-language" />
        </div>
        <h1 className="judge-signin-title">{props.owner ? tabletOf(t, props.owner) : t('signIn.title')}</h1>
        <p>{props.owner ? t('signIn.ownerHint', { name: props.owner.name }) : t('signIn.hint')}</p>
        <TextInput
          label={t('signIn.code')}
          size="xl"
          autoComplete="off"
          autoCapitalize="characters"
          {...textValue(code, setCode)}
          error={error}
          required
        />
        <Button type="submit" size="xl" color="blue.7" fullWidth loading={busy} mt="md">
          {t('signIn.submit')}
        </Button>
      </form>
    </div>
  );
}
