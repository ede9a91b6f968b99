import { Checkbox } from '@mantine/core';
import type { EventChoice } from './eventGroups.ts';

/** One event to tick on the registration and change-entries forms: its name and its dances. */
export function EventCheckbox({
  event,
  checked,
  error,
  onToggle,
}: {
  event: EventChoice;
  checked: boolean;
  error?: string;
  onToggle: (key: string, checked: boolean) => void;
}) {
  return (
    <Checkbox
      size="md"
      className="reg-event"
      label={event.name}
      description={event.dances.join(' · ')}
      checked={checked}
      error={error}
      onChange={(ev) => onToggle(event.key, ev.currentTarget.checked)}
    />
  );
}
