import { Alert, Button, useMantineColorScheme } from '@mantine/core';
import * as endpoints from '../../../domain/schemas/endpoints.ts';
import { useState } from 'react';
import { call } from '../../api/client.ts';
import type { JudgeRound, JudgeRoundsView } from '../../api/types.ts';
import { outbox } from './judgeStore.ts';

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
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  // Signing out with marks still waiting on the device would strand them: wait until they are sent.
  const [signOutBlocked, setSignOutBlocked] = useState<string | null>(null);
  const signOut = async () => {
    const waiting = await outbox(competition, judgeId);
    if (waiting.length > 0) {
      setSignOutBlocked(
        `${waiting.length} dance${waiting.length === 1 ? ' is' : 's are'} saved on this tablet but not sent yet. Sign out once the Wi-Fi is back and they show "confirmed".`,
      );
      return;
    }
    await call(endpoints.postAuthLogout, {}).catch(() => undefined);
    onSignedOut();
  };

  return (
    <header className="judge-top">
      <div>
        <div className="judge-kicker">
          {view.judge.letter ? `Judge ${view.judge.letter} · ` : ''}
          {view.judge.name}
        </div>
        <h1 className="judge-title">
          {round ? `${round.eventName} — ${round.roundName}` : 'Nothing to mark now'}
        </h1>
      </div>
      <div className="judge-top-actions">
        <span className={`judge-net ${online ? 'on' : 'off'}`}>{online ? 'Online' : 'Offline'}</span>
        <Button
          variant="default"
          size="md"
          onClick={() => setColorScheme(colorScheme === 'dark' ? 'light' : 'dark')}
          aria-label={`${colorScheme === 'dark' ? 'Light' : 'Dark'} theme`}
        >
          {colorScheme === 'dark' ? 'Light' : 'Dark'}
        </Button>
        <Button variant="default" size="md" onClick={() => void signOut()}>
          Sign out
        </Button>
      </div>
      {signOutBlocked && (
        <Alert color="orange" title="Not signed out" className="judge-signout-alert">
          {signOutBlocked}
        </Alert>
      )}
    </header>
  );
}
