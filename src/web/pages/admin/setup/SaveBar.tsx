import { Button, Group, Paper, Text } from '@mantine/core';
import { setupText } from './text.ts';
import { useT } from '../../../i18n/locale.ts';

/** Discard or save; sticks to the bottom of the screen only while there is something to save. */
export function SaveBar({
  dirty,
  busy,
  onDiscard,
}: {
  dirty: boolean;
  busy: boolean;
  onDiscard: () => void;
}) {
  const t = useT(setupText);
  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      pos={dirty ? 'sticky' : 'static'}
      bottom={8}
      style={{ zIndex: 2 }}
      shadow={dirty ? 'md' : undefined}
    >
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text size="sm" c={dirty ? undefined : 'dimmed'} aria-live="polite">
          {dirty ? t('saveBar.unsaved') : t('saveBar.clean')}
        </Text>
        <Group gap="xs" wrap="nowrap">
          <Button variant="default" disabled={!dirty || busy} onClick={onDiscard}>
            {t('saveBar.discard')}
          </Button>
          <Button type="submit" loading={busy} disabled={busy}>
            {t('saveBar.save')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
