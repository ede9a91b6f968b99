import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { useT } from '../i18n/locale.ts';
import { componentsText } from './text.ts';

/**
 * Which floor a screen follows: `?floor=<name>` in its address, so a deck captain's tablet
 * or a projector can be set once and bookmarked; none (or a name no longer among the floors) is all
 * floors. Setting it keeps the address's other parameters.
 */
export function useFollowedFloor(floors: readonly string[] | undefined) {
  const [params, setParams] = useSearchParams();
  const asked = params.get('floor');
  const floor = asked !== null && floors?.includes(asked) ? asked : null;
  const setFloor = useCallback(
    (next: string | null) =>
      setParams(
        (p) => {
          const out = new URLSearchParams(p);
          if (next === null) out.delete('floor');
          else out.set('floor', next);
          return out;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { floor, setFloor };
}

/** True when the item is on the followed floor, or every floor is followed. */
export const onFollowedFloor = (floor: string | null) => (item: { floor: string }) =>
  floor === null || item.floor === floor;

/**
 * A plain select of the floors with "All floors" first: light enough for the public pages, and only
 * shown where there is more than one floor.
 */
export function FloorChooser({
  floors,
  floor,
  onChange,
  className,
}: {
  floors: readonly string[] | undefined;
  floor: string | null;
  onChange: (floor: string | null) => void;
  className?: string;
}) {
  const t = useT(componentsText);
  if (!floors || floors.length < 2) return null;
  return (
    <label className={className ?? 'floor-chooser'}>
      <span>{t('floor')} </span>
      <select value={floor ?? ''} onChange={(e) => onChange(e.currentTarget.value || null)}>
        <option value="">{t('floor.all')}</option>
        {floors.map((f) => (
          <option key={f} value={f}>
            {f}
          </option>
        ))}
      </select>
    </label>
  );
}
