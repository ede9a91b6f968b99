import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import type { ScanFeedback } from './deckLogic.ts';
import { CameraError, openCamera, videoQrReader, type CameraProblem } from './qrScan.ts';
import { useT } from '../../../i18n/locale.ts';
import { deckText } from './text.ts';

/** A card held in view is read once, not again and again: the same code counts again after this pause. */
const SAME_CODE_MS = 3000;
/** Frames read per second at most: enough for a card held up, light on a phone's battery. */
const FRAME_MS = 200;

const TONE_COLOR: Record<ScanFeedback['tone'], string> = { done: 'green', note: 'blue', problem: 'orange' };

/**
 * The deck captain's camera: reads number cards one after another and hands each code to `onCode`,
 * which checks the couple in and says what happened. Nothing is checked in by the dialog itself.
 */
export function ScanDialog({
  opened,
  onClose,
  onCode,
  roundName,
}: {
  opened: boolean;
  onClose: () => void;
  onCode: (text: string) => Promise<ScanFeedback>;
  /** The round couples are checked in to, said at the top. */
  roundName: string | null;
}) {
  const t = useT(deckText);
  return (
    <Modal opened={opened} onClose={onClose} title={t('scanDialog.title')} size="lg">
      {/* Mounted only while open: closing the dialog stops the camera. */}
      {opened && <Scanner onCode={onCode} roundName={roundName} onClose={onClose} />}
    </Modal>
  );
}

function Scanner({
  onCode,
  roundName,
  onClose,
}: {
  onCode: (text: string) => Promise<ScanFeedback>;
  roundName: string | null;
  onClose: () => void;
}) {
  const t = useT(deckText);
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<'starting' | 'scanning' | CameraProblem>('starting');
  const [results, setResults] = useState<ScanFeedback[]>([]);
  // The latest handler: the round and its check-ins change while the camera runs.
  const handler = useRef(onCode);
  handler.current = onCode;

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let last = { text: '', at: 0 };
    const start = async () => {
      try {
        stream = await openCamera();
        if (stopped) return;
        const el = video.current!;
        el.srcObject = stream;
        // Muted and inline: phones play it without a tap and without going full screen.
        await Promise.resolve(el.play?.()).catch(() => undefined);
        const read = await videoQrReader();
        if (stopped) return;
        setState('scanning');
        const tick = async () => {
          const text = await read(el);
          const now = Date.now();
          if (text) {
            const repeat = text === last.text && now - last.at < SAME_CODE_MS;
            last = { text, at: now };
            if (!repeat) {
              const feedback = await handler.current(text);
              if (stopped) return;
              setResults((r) => [feedback, ...r].slice(0, 5));
            }
          }
          if (!stopped) timer = setTimeout(() => void tick(), FRAME_MS);
        };
        void tick();
      } catch (e) {
        if (!stopped) setState(e instanceof CameraError ? e.problem : 'failed');
      }
    };
    void start();
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, []);

  const [latest, ...earlier] = results;
  const problem = state !== 'starting' && state !== 'scanning' ? state : null;
  return (
    <Stack gap="sm">
      <Text size="sm">
        {roundName ? (
          <>
            {t('scanDialog.checkingInTo')}
            <b>{roundName}</b>
            {t('scanDialog.hold')}
          </>
        ) : (
          t('scanDialog.noRound')
        )}
      </Text>
      {problem ? (
        <Alert color="orange" title={t('camera.title')} data-testid="scan-problem">
          {t(`camera.${problem}`)}
        </Alert>
      ) : (
        <video
          ref={video}
          muted
          playsInline
          aria-label={t('camera.view')}
          style={{
            width: '100%',
            maxHeight: '45vh',
            background: '#212529',
            borderRadius: 8,
            objectFit: 'cover',
          }}
        />
      )}
      {state === 'starting' && <Text size="sm">{t('camera.starting')}</Text>}
      <div aria-live="polite" data-testid="scan-result">
        {latest && (
          <Alert color={TONE_COLOR[latest.tone]}>
            <Text fz="lg" fw={700}>
              {latest.text}
            </Text>
          </Alert>
        )}
      </div>
      {earlier.length > 0 && (
        <Stack gap={2} aria-label={t('scanDialog.earlier')}>
          {earlier.map((r, i) => (
            <Text key={i} size="sm" c="dimmed">
              {r.text}
            </Text>
          ))}
        </Stack>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('done')}
        </Button>
      </Group>
    </Stack>
  );
}
