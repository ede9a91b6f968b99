import { useT } from '../../i18n/locale.ts';
import { liveText } from './text.ts';

/** A small text badge per level (no icon library on the public path): a letter on the level's colour. */
const LEVEL_BADGES: Record<string, { short: string; background: string; color: string }> = {
  Beginner: { short: 'Bg', background: '#e6fcf5', color: '#087f5b' },
  Newcomer: { short: 'N', background: '#ebfbee', color: '#2b8a3e' },
  Bronze: { short: 'B', background: '#a0522d', color: '#ffffff' },
  Silver: { short: 'S', background: '#ced4da', color: '#212529' },
  Gold: { short: 'G', background: '#f5c518', color: '#212529' },
  Advanced: { short: 'A', background: '#5f3dc4', color: '#ffffff' },
  Syllabus: { short: 'Sy', background: '#e7f5ff', color: '#1864ab' },
  Novice: { short: 'Nv', background: '#fff4e6', color: '#d9480f' },
  Prechamp: { short: 'PC', background: '#343a40', color: '#ffffff' },
  Open: { short: 'O', background: '#1864ab', color: '#ffffff' },
  Championship: { short: 'C', background: '#000000', color: '#ffd43b' },
};

export function LevelIcon({ level }: { level: string }) {
  const t = useT(liveText);
  const badge = LEVEL_BADGES[level] ?? { short: level.slice(0, 2), background: '#f1f3f5', color: '#343a40' };
  return (
    <span
      className="live-level"
      role="img"
      aria-label={t('level', { level })}
      title={level}
      style={{ background: badge.background, color: badge.color }}
    >
      {badge.short}
    </span>
  );
}
