import { Anchor, Avatar, Button, FileButton, Group, Input, Text } from '@mantine/core';
import * as endpoints from '../../domain/schemas/endpoints.ts';
import { useState } from 'react';
import { call } from '../api/client.ts';
import { IMAGE_TYPES, MAX_IMAGE_BYTES, isOwnImage } from '../../domain/images.ts';
import type { ReactNode } from 'react';
import { useT } from '../i18n/locale.ts';
import { staffControlsText } from './staff/text.ts';
import { tagged } from './tagged.tsx';

/**
 * A person's photo: uploaded to Promenade (which serves it itself), never a link to another host. A
 * photo link kept from before is shown as a link only, to be replaced by an upload or removed.
 */
export function PhotoInput({
  competitionKey,
  label,
  value,
  onChange,
  error,
}: {
  competitionKey: string;
  label?: string;
  value: string;
  onChange: (url: string) => void;
  error?: ReactNode;
}) {
  const t = useT(staffControlsText);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const pick = async (file: File | null) => {
    if (!file) return;
    setProblem(null);
    if (file.size > MAX_IMAGE_BYTES) {
      setProblem(t('photo.tooLarge', { mb: MAX_IMAGE_BYTES / 1024 / 1024 }));
      return;
    }
    setBusy(true);
    try {
      const up = await call(endpoints.postImages, { key: competitionKey }, file);
      onChange(up.url);
    } catch (e) {
      setProblem((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const outside = value !== '' && !isOwnImage(value);
  return (
    <Input.Wrapper label={label ?? t('photo')} error={problem ?? error}>
      <Group gap="sm" mt={4}>
        <Avatar src={isOwnImage(value) ? value : null} alt="" radius="xl" size="md" />
        <FileButton onChange={(f) => void pick(f)} accept={IMAGE_TYPES.join(',')}>
          {(props) => (
            <Button {...props} variant="light" size="xs" loading={busy}>
              {value ? t('photo.replace') : t('photo.upload')}
            </Button>
          )}
        </FileButton>
        {value && (
          <Button variant="subtle" color="red" size="xs" onClick={() => onChange('')}>
            {t('photo.remove')}
          </Button>
        )}
      </Group>
      {outside && (
        <Text size="xs" c="dimmed" mt={4}>
          {tagged(t('photo.outside', { link: value.length > 60 ? value.slice(0, 57) + '…' : value }), [
            (link) => (
              <Anchor href={value} target="_blank" rel="noopener noreferrer" size="xs">
                {link}
              </Anchor>
            ),
          ])}
        </Text>
      )}
      <Text size="xs" c="dimmed" mt={2}>
        {t('photo.formats', { mb: MAX_IMAGE_BYTES / 1024 / 1024 })}
      </Text>
    </Input.Wrapper>
  );
}
