import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';

/** The foot of a dialog or form: the way out ("Cancel"), then its action buttons, on the right. */
export function DialogActions({
  onCancel,
  cancelLabel = 'Cancel',
  children,
}: {
  onCancel: () => void;
  cancelLabel?: string;
  children: ReactNode;
}) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        {cancelLabel}
      </Button>
      {children}
    </Group>
  );
}
