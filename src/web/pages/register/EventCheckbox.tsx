import { Checkbox } from '@mantine/core';
import type { EventChoice } from './eventGroups.ts';
import { useT } from '../../i18n/locale.ts';
import { danceLabel, sportText } from '../../../domain/i18n/sport.ts';
import { registerText } from './text.ts';

/**
 * One event to tick on the registration and change-entries forms: its name and its dances, and its own
 * fee when it has one (`price`, "$15").
 */
export function EventCheckbox({
  event,
  checked,
  error,
  price,
  onToggle,
}: {
  event: EventChoice;
  checked: boolean;
  error?: string;
  price?: string | undefined;
  onToggle: (key: string, checked: boolean) => void;
}) {
  const t = useT(registerText);
  const ts = useT(sportText);
  const dances = event.dances.map((d) => danceLabel(ts, d)).join(' · ');
  return (
    <Checkbox
      size="md"
      className="reg-event"
      label={event.name}
      description={price ? `${dances} · ${t('events.ownFee', { price })}` : dances}
      checked={checked}
      error={error}
      onChange={(ev) => onToggle(event.key, ev.currentTarget.checked)}
    />
  );
}
