import { Skeleton } from '@mantine/core';

/**
 * A one-subject page (a dancer, a couple) while it loads: a bar where its head comes and a block of
 * `body` pixels where its content comes, so nothing jumps when the data arrives.
 */
export function PageSkeleton({ body }: { body: number }) {
  return (
    <div className="page" aria-busy="true" aria-label="Loading">
      <Skeleton height={40} width="60%" mb={12} />
      <Skeleton height={body} />
    </div>
  );
}
