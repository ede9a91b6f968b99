import { Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { standingQuery } from '../../api/queries/people.ts';
import { PLACE_OUT_POINTS, YCN_LADDER } from '../../../domain/proficiency/ycn.ts';
import type { StandingAnswer, StandingView } from '../../../domain/schemas/people.ts';
import { StandingLevels } from '../../components/StandingLevels.tsx';
import { useT } from '../../i18n/locale.ts';
import { danceLabel, sportText, styleLabel } from '../../../domain/i18n/sport.ts';
import { registerText } from './text.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The dancer's YCN standing, looked up by the name and email typed (once both look complete, after a
 * pause in typing). The server answers only when both match a person; otherwise: no points.
 */
export function useDancerStanding(name: string, email: string, enabled: boolean) {
  // Strings, not one object: a value that is new on every render would restart the pause each time.
  const [typedName] = useDebouncedValue(name.trim(), 400);
  const [typedEmail] = useDebouncedValue(email.trim().toLowerCase(), 400);
  const ready = enabled && typedName !== '' && EMAIL.test(typedEmail);
  const query = useQuery({ ...standingQuery(typedName, typedEmail), enabled: ready });
  return { ready, answer: ready ? query.data : undefined, loading: ready && query.isPending };
}

/** One line per style and dance: "Standard Waltz — Silver 3 · Bronze 6 · Newcomer 7 (placed out)". */
function lines(standings: readonly StandingView[], ts: Parameters<typeof styleLabel>[0]) {
  const byDance = new Map<string, StandingView[]>();
  for (const s of standings) {
    const k = `${styleLabel(ts, s.style)} ${danceLabel(ts, s.dance)}`;
    byDance.set(k, [...(byDance.get(k) ?? []), s]);
  }
  return [...byDance].map(([dance, list]) => ({
    dance,
    levels: [...list].sort((a, b) => YCN_LADDER.indexOf(b.level) - YCN_LADDER.indexOf(a.level)),
  }));
}

/** What the form shows under a dancer's name and email when the competition uses YCN points. */
export function DancerStanding({
  who,
  standing,
}: {
  who: 'lead' | 'follow';
  standing: { ready: boolean; answer: StandingAnswer | undefined; loading: boolean };
}) {
  const t = useT(registerText);
  const ts = useT(sportText);
  if (!standing.ready)
    return (
      <Text size="sm" c="dimmed">
        {t('standing.prompt', { who })}
      </Text>
    );
  if (standing.loading || !standing.answer)
    return (
      <Text size="sm" c="dimmed" aria-busy="true">
        {t('standing.looking')}
      </Text>
    );
  const list = lines(standing.answer.standings, ts);
  return (
    <section className="reg-standing" aria-label={t('standing.of', { who })}>
      <Text size="sm" fw={700}>
        {t('standing.title')}
      </Text>
      {list.length === 0 ? (
        <Text size="sm">{t('standing.none')}</Text>
      ) : (
        <>
          <ul>
            {list.map(({ dance, levels }) => (
              <li key={dance}>
                <strong>{dance}</strong>: <StandingLevels levels={levels} outClass="reg-out" />
              </li>
            ))}
          </ul>
          <Text size="xs" c="dimmed">
            {t('standing.rule', { points: PLACE_OUT_POINTS })}
          </Text>
        </>
      )}
    </section>
  );
}
