import { Button, Code, Modal, Stack, Text } from '@mantine/core';
import type { OfficialCreated } from '../../../api/types.ts';

/** A new access code, shown once. */
export function AccessCodeModal({ code, onClose }: { code: OfficialCreated | null; onClose: () => void }) {
  return (
    <Modal opened={!!code} onClose={onClose} title="Access code — shown once">
      {code && (
        <Stack>
          <Text>
            {code.name} ({code.role}) signs in with:
          </Text>
          <Code block fz={32} ta="center" data-testid="access-code">
            {code.accessCode}
          </Code>
          <Text size="sm" c="dimmed">
            Write it down or print it now: it is not shown again. If it is lost, give a new code.
          </Text>
          <Button onClick={onClose}>I have noted it</Button>
        </Stack>
      )}
    </Modal>
  );
}
