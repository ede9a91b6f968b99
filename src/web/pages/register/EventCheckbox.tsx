import { Checkbox } from '@mantine/core';
import type { EventChoice } from './eventGroups.ts';

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
  return (
    <Checkbox
      size="md"
      className="reg-event"
      label={event.name}
      description={`${event.dances.join(' · ')}${price ? ` · own fee ${price} per dancer` : ''}`}
      checked={checked}
      error={error}
      onChange={(ev) => onToggle(event.key, ev.currentTarget.checked)}
    />
  );
}
