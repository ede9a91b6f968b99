import { Button, Modal, Stack, Text, getDefaultZIndex } from '@mantine/core';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { DialogActions } from './DialogActions.tsx';
import { useT } from '../i18n/locale.ts';
import { staffControlsText } from './staff/text.ts';

export interface ConfirmQuestion {
  title: string;
  /** What will happen, in the user's words. */
  message: ReactNode;
  /** The action button's label, e.g. "Generate rounds". */
  confirmLabel: string;
  /** Red action button for something that cannot be undone. */
  danger?: boolean;
}

/**
 * The app's own "are you sure?" dialog, in place of the browser's native confirm box (which looks
 * foreign, cannot be styled or read by a screen reader the same way, and blocks the page).
 * `const [confirm, dialog] = useConfirm()`; render `dialog`; `if (await confirm({...})) doIt()`.
 */
export function useConfirm(): [(q: ConfirmQuestion) => Promise<boolean>, ReactNode] {
  const t = useT(staffControlsText);
  const [question, setQuestion] = useState<ConfirmQuestion | null>(null);
  const answer = useRef<((yes: boolean) => void) | null>(null);

  const confirm = useCallback((q: ConfirmQuestion) => {
    answer.current?.(false);
    setQuestion(q);
    return new Promise<boolean>((resolve) => {
      answer.current = resolve;
    });
  }, []);

  const close = (yes: boolean) => {
    answer.current?.(yes);
    answer.current = null;
    setQuestion(null);
  };

  // A question is often asked from inside another dialog (a sign-in card, the rounds): it goes above
  // it, whichever of the two was put into the page first.
  const dialog = (
    <Modal
      opened={question !== null}
      onClose={() => close(false)}
      title={question?.title}
      zIndex={getDefaultZIndex('modal') + 1}
      // Mantine's close button is an icon alone: it needs its name said.
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      <Stack>
        {typeof question?.message === 'string' ? <Text>{question.message}</Text> : question?.message}
        <DialogActions onCancel={() => close(false)}>
          <Button color={question?.danger ? 'red' : undefined} onClick={() => close(true)}>
            {question?.confirmLabel}
          </Button>
        </DialogActions>
      </Stack>
    </Modal>
  );
  return [confirm, dialog];
}
