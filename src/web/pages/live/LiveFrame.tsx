import type { ReactNode } from 'react';
import { useT } from '../../i18n/locale.ts';
import { liveText } from './text.ts';

/** The frame of the live pages: title block, the full-screen toggle for the projector, then the body. */
export function LiveFrame({
  variant,
  projector,
  onToggleProjector,
  title,
  children,
}: {
  /** Extra page class, e.g. `live-round`. */
  variant?: string;
  projector: boolean;
  onToggleProjector: () => void;
  title: ReactNode;
  children: ReactNode;
}) {
  const t = useT(liveText);
  return (
    <div className={`live-page${variant ? ` ${variant}` : ''}${projector ? ' live-projector' : ''}`}>
      <div className="live-header">
        <div className="live-title">{title}</div>
        <button type="button" className="live-button" onClick={onToggleProjector} aria-pressed={projector}>
          {projector ? t('fullScreen.exit') : t('fullScreen')}
        </button>
      </div>
      {children}
    </div>
  );
}
