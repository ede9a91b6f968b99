import { Fragment } from 'react';
import { useT } from '../i18n/locale.ts';
import { componentsText } from './text.ts';

/**
 * One dance's YCN points level by level — "Silver 3 · Bronze 6 · Newcomer 7 (placed out)" — as the
 * registration form and a person's page show them; a level placed out of carries `outClass`.
 */
export function StandingLevels({
  levels,
  outClass,
}: {
  levels: readonly { level: string; points: number; placedOut: boolean }[];
  outClass: string;
}) {
  const t = useT(componentsText);
  return levels.map((l, i) => (
    <Fragment key={l.level}>
      {i > 0 && ' · '}
      <span className={l.placedOut ? outClass : undefined}>
        {l.level} {l.points}
        {l.placedOut && ` ${t('placedOut')}`}
      </span>
    </Fragment>
  ));
}
