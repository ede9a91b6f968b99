import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { useT } from '../i18n/locale.ts';
import { staffControlsText } from './staff/text.ts';

/** The foot of a dialog or form: the way out ("Cancel"), then its action buttons, on the right. */
export function DialogActions({
  onCancel,
  cancelLabel,
  children,
}: {
  onCancel: () => void;
  /** "Cancel" unless said. */
  cancelLabel?: string;
  children: ReactNode;
}) {
  const t = useT(staffControlsText);
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        {cancelLabel ?? t('cancel')}
      </Button>
      {children}
    </Group>
  );
}
