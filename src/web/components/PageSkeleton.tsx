import { Skeleton } from '@mantine/core';
import { useT } from '../i18n/locale.ts';
import { componentsText } from './text.ts';

/**
 * A one-subject page (a dancer, a couple) while it loads: a bar where its head comes and a block of
 * `body` pixels where its content comes, so nothing jumps when the data arrives.
 */
export function PageSkeleton({ body }: { body: number }) {
  const t = useT(componentsText);
  return (
    <div className="page" aria-busy="true" aria-label={t('loading')}>
      <Skeleton height={40} width="60%" mb={12} />
      <Skeleton height={body} />
    </div>
  );
}
