/**
 * An AJS result on the public pages: its tables and the AJS rules come with a chunk of their own, so
 * the pages of the (far more common) Skating System results carry none of it.
 */
import { lazy, Suspense, type ComponentProps } from 'react';

const AjsWorking = lazy(() => import('./AjsTables.tsx').then((m) => ({ default: m.AjsWorking })));

export function LazyAjsWorking(props: ComponentProps<typeof AjsWorking>) {
  return (
    <Suspense fallback={null}>
      <AjsWorking {...props} />
    </Suspense>
  );
}
