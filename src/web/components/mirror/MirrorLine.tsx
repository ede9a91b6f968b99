import { lazy, Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { loadCatalogs } from '../../../domain/i18n/catalog.ts';
import { mirrorQuery, useSiteKey } from '../../api/queries/competition.ts';
import { currentLocale } from '../../i18n/locale.ts';

/**
 * Its words, time formatting and style load only for a mirrored competition, in the reader's language
 * before they show; a chunk that fails to load leaves the page as it is, without the line.
 */
const MirrorLineView = lazy(() =>
  import('./MirrorLineView.tsx').then(
    async (m) => {
      await loadCatalogs(currentLocale()).catch(() => undefined);
      return m;
    },
    () => ({ default: () => null }),
  ),
);

/**
 * On the public site, for a competition mirrored from its venue (docs/mirror.md): "Live from the venue ·
 * updated 12:03:41", or a calm notice while the venue is offline. Nothing for a competition run here
 * (the venue itself, or a site without one), nor while the answer is unknown. Read again on every change
 * of a mirrored competition (realtime/feed.ts), so it follows the stream without polling.
 */
export function MirrorLine() {
  const { key } = useSiteKey();
  const { data: mirror } = useQuery(mirrorQuery(key));
  if (!mirror || mirror.state === 'own') return null;
  return (
    <Suspense fallback={null}>
      <MirrorLineView mirror={mirror} />
    </Suspense>
  );
}
