import { Button, Group, TextInput, type MantineColor } from '@mantine/core';
import type { ReactNode } from 'react';
import { textValue } from '../../../components/textValue.ts';
import { useT } from '../../../i18n/locale.ts';
import { chairmanText } from './text.ts';

/** A chairman's decision goes in the audit trail with a reason of at least three characters. */
export const hasReason = (reason: string) => reason.trim().length >= 3;

/** The reason the audit trail keeps, and the button that acts once a reason is given and `ready`. */
export function ReasonedAction(props: {
  reason: string;
  onReason: (reason: string) => void;
  placeholder: string;
  color: MantineColor;
  ready: boolean;
  busy: boolean;
  onAct: () => void;
  children: ReactNode;
}) {
  const t = useT(chairmanText);
  return (
    <>
      <TextInput
        label={t('reason.label')}
        placeholder={props.placeholder}
        {...textValue(props.reason, props.onReason)}
      />
      <Group>
        <Button
          color={props.color}
          disabled={!props.ready || !hasReason(props.reason)}
          loading={props.busy}
          onClick={props.onAct}
        >
          {props.children}
        </Button>
      </Group>
    </>
  );
}
