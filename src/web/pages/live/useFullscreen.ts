import { useCallback, useEffect, useState } from 'react';

/**
 * Projector mode: very large type, and the browser's full screen where the Fullscreen API exists
 * (phones without it still get the large type). Leaving full screen with Esc leaves projector mode.
 */
export function useProjectorMode() {
  // Moving between /live and a round page in full screen keeps projector mode.
  const [on, setOn] = useState(() => typeof document !== 'undefined' && !!document.fullscreenElement);

  useEffect(() => {
    const onChange = () => {
      if (!document.fullscreenElement) setOn(false);
    };
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const toggle = useCallback(() => {
    const next = !on;
    setOn(next);
    const root = document.documentElement;
    if (next && typeof root.requestFullscreen === 'function' && !document.fullscreenElement) {
      root.requestFullscreen().catch(() => {
        // Refused (iframe, old browser): the large type alone still helps.
      });
    } else if (!next && document.fullscreenElement && typeof document.exitFullscreen === 'function') {
      document.exitFullscreen().catch(() => {});
    }
  }, [on]);

  return { projector: on, toggleProjector: toggle };
}
