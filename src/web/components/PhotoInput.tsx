import { Anchor, Avatar, Button, FileButton, Group, Input, Text } from '@mantine/core';
import * as endpoints from '../../domain/schemas/endpoints.ts';
import { useState } from 'react';
import { call } from '../api/client.ts';
import { IMAGE_TYPES, MAX_IMAGE_BYTES, isOwnImage } from '../../domain/images.ts';
import type { ReactNode } from 'react';

/**
 * A person's photo: uploaded to Promenade (which serves it itself), never a link to another host. A
 * photo link kept from before is shown as a link only, to be replaced by an upload or removed.
 */
export function PhotoInput({
  competitionKey,
  label = 'Photo',
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
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const pick = async (file: File | null) => {
    if (!file) return;
    setProblem(null);
    if (file.size > MAX_IMAGE_BYTES) {
      setProblem(`The image is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB; choose a smaller one.`);
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
    <Input.Wrapper label={label} error={problem ?? error}>
      <Group gap="sm" mt={4}>
        <Avatar src={isOwnImage(value) ? value : null} alt="" radius="xl" size="md" />
        <FileButton onChange={(f) => void pick(f)} accept={IMAGE_TYPES.join(',')}>
          {(props) => (
            <Button {...props} variant="light" size="xs" loading={busy}>
              {value ? 'Replace photo' : 'Upload photo'}
            </Button>
          )}
        </FileButton>
        {value && (
          <Button variant="subtle" color="red" size="xs" onClick={() => onChange('')}>
            Remove photo
          </Button>
        )}
      </Group>
      {outside && (
        <Text size="xs" c="dimmed" mt={4}>
          A photo link to another site is kept but not shown (visitors' browsers load images from this site
          only):{' '}
          <Anchor href={value} target="_blank" rel="noopener noreferrer" size="xs">
            {value.length > 60 ? value.slice(0, 57) + '…' : value}
          </Anchor>
          . Upload the photo to show it.
        </Text>
      )}
      <Text size="xs" c="dimmed" mt={2}>
        PNG, JPEG or WebP, at most {MAX_IMAGE_BYTES / 1024 / 1024} MB.
      </Text>
    </Input.Wrapper>
  );
}
