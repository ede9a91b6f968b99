import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { SignInCardData } from './SignInCards.tsx';

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
  const withCodes = !!cards?.some((c) => c.accessCode);
  const single = cards?.length === 1 ? cards[0]! : null;
  const title = single
    ? `Sign-in card — ${single.official.name}`
    : `Sign-in cards — ${cards?.length ?? 0} officials`;
  return (
    <Modal opened={!!cards} onClose={onClose} title={title} size="lg">
      {cards && (
        <Stack>
          {withCodes && (
            <Alert color="orange" title="Codes shown once — print now">
              Only a fingerprint of each code is kept. Once this closes, the only way to see a code again is
              to give a new one, which stops the old one.
            </Alert>
          )}
          <Suspense fallback={<Loader aria-label="Loading the cards" />}>
            <SignInCards cards={cards} competitionName={competitionName} />
          </Suspense>
          {!withCodes && (
            <Text size="sm" c="dimmed">
              The address and QR code open the official&apos;s own sign-in; they stay the same with every new
              code.
            </Text>
          )}
          <Group justify="flex-end">
            {single && !single.accessCode && (
              <Button variant="light" onClick={() => onNewCode(single.official)}>
                New code
              </Button>
            )}
            <Button variant="default" onClick={() => window.print()}>
              Print
            </Button>
            <Button onClick={onClose}>
              {!withCodes ? 'Close' : single ? 'I have noted it' : 'I have printed the cards'}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
