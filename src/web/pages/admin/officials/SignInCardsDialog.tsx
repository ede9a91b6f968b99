import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { SignInCardData } from './SignInCards.tsx';
import { useT } from '../../../i18n/locale.ts';
import { officialsText } from './text.ts';

// The cards bring the QR code library: loaded when a card is first shown, not with the officials list.
const SignInCards = lazy(() => import('./SignInCards.tsx'));

/**
 * Sign-in cards in a dialog, with Print. A code is shown only right after it is issued, so the
 * dialog says so and asks to print before closing; a card without a code offers a new one.
 */
export function SignInCardsDialog({
  cards,
  competitionName,
  onClose,
  onNewCode,
}: {
  cards: readonly SignInCardData[] | null;
  competitionName: string;
  onClose: () => void;
  /** Give the one official shown a new code (on a card shown without one). */
  onNewCode: (official: SignInCardData['official']) => void;
}) {
  const t = useT(officialsText);
  const withCodes = !!cards?.some((c) => c.accessCode);
  const single = cards?.length === 1 ? cards[0]! : null;
  const title = single
    ? t('cards.one', { name: single.official.name })
    : t('cards.many', { count: cards?.length ?? 0 });
  return (
    <Modal opened={!!cards} onClose={onClose} title={title} size="lg">
      {cards && (
        <Stack>
          {withCodes && (
            <Alert color="orange" title={t('cards.onceTitle')}>
              {t('cards.once')}
            </Alert>
          )}
          <Suspense fallback={<Loader aria-label={t('cards.loading')} />}>
            <SignInCards cards={cards} competitionName={competitionName} />
          </Suspense>
          {!withCodes && (
            <Text size="sm" c="dimmed">
              {t('cards.address')}
            </Text>
          )}
          <Group justify="flex-end">
            {single && !single.accessCode && (
              <Button variant="light" onClick={() => onNewCode(single.official)}>
                {t('newCode')}
              </Button>
            )}
            <Button variant="default" onClick={() => window.print()}>
              {t('print')}
            </Button>
            <Button onClick={onClose}>
              {!withCodes ? t('close') : single ? t('cards.noted') : t('cards.printed')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
