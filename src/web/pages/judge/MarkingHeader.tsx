import { Alert, Button, useMantineColorScheme } from '@mantine/core';
import * as endpoints from '../../../domain/schemas/endpoints.ts';
import { useState } from 'react';
import { call } from '../../api/client.ts';
import type { JudgeRound, JudgeRoundsView } from '../../api/types.ts';
import { outbox } from './judgeStore.ts';
import { useT } from '../../i18n/locale.ts';
import { LanguageSwitcher } from '../../i18n/LanguageSwitcher.tsx';
import { roundLabel, sportText } from '../../../domain/i18n/sport.ts';
import { judgeText } from './text.ts';

/** The top of the judge's marking screen: who marks, the round, online or not, theme and sign-out. */
export function MarkingHeader({
  competition,
  judgeId,
  view,
  round,
  online,
  onSignedOut,
}: {
  competition: string;
  judgeId: number;
  view: JudgeRoundsView;
  round: JudgeRound | undefined;
  online: boolean;
  onSignedOut: () => void;
}) {
  const t = useT(judgeText);
  const sport = useT(sportText);
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  // Signing out with marks still waiting on the device would strand them: wait until they are sent.
  const [signOutBlocked, setSignOutBlocked] = useState<string | null>(null);
  const signOut = async () => {
    const waiting = await outbox(competition, judgeId);
    if (waiting.length > 0) {
      setSignOutBlocked(t('signOut.blocked', { count: waiting.length }));
      return;
    }
    await call(endpoints.postAuthLogout, {}).catch(() => undefined);
    onSignedOut();
  };

  return (
    <header className="judge-top">
      <div>
        <div className="judge-kicker">
          {view.judge.letter
            ? t('header.judge', { letter: view.judge.letter, name: view.judge.name })
            : view.judge.name}
        </div>
        <h1 className="judge-title">
          {round
            ? t('header.round', { event: round.eventName, round: roundLabel(sport, round.roundName) })
            : t('header.nothing')}
        </h1>
      </div>
      <div className="judge-top-actions">
        <span className={`judge-net ${online ? 'on' : 'off'}`}>{online ? t('online') : t('offline')}</span>
        <LanguageSwitcher className="judge-language" />
        <Button
          variant="default"
          size="md"
          onClick={() => setColorScheme(colorScheme === 'dark' ? 'light' : 'dark')}
          aria-label={colorScheme === 'dark' ? t('theme.lightLabel') : t('theme.darkLabel')}
        >
          {colorScheme === 'dark' ? t('theme.light') : t('theme.dark')}
        </Button>
        <Button variant="default" size="md" onClick={() => void signOut()}>
          {t('signOut')}
        </Button>
      </div>
      {signOutBlocked && (
        <Alert color="orange" title={t('signOut.notTitle')} className="judge-signout-alert">
          {signOutBlocked}
        </Alert>
      )}
    </header>
  );
}
