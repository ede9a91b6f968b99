// @vitest-environment jsdom
import '../../test/setup.ts';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { chooseLocale } from '../../i18n/locale.ts';
import { SyncState } from './SyncState.tsx';
import type { Draft } from './judgeStore.ts';

afterEach(() => chooseLocale('en'));

const locked: Draft = {
  value: ['101'],
  state: 'refused',
  updatedAt: 0,
  message:
    'Your Waltz marks were already submitted and are locked. Ask the chairman to unlock them if they must change.',
  refusal: { code: 'locked', dances: ['Waltz'] },
};

describe("a refused dance on the judge's tablet", () => {
  it('reads the server’s sentence in English', () => {
    render(<SyncState draft={locked} online />);
    expect(screen.getByRole('status')).toHaveTextContent(`Not accepted: ${locked.message}`);
  });

  it('is worded in German from the code, with the dance in German', async () => {
    await chooseLocale('de');
    render(<SyncState draft={locked} online />);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Nicht angenommen: Ihre Wertung für Langsamer Walzer wurde bereits gesendet und ist gesperrt.',
    );
    expect(screen.getByRole('status')).not.toHaveTextContent('submitted');
  });

  it('in Spanish for a posted round; the server’s English only for a code the tablet does not know', async () => {
    await chooseLocale('es');
    const { unmount } = render(
      <SyncState
        draft={{
          ...locked,
          message: 'Semi-Final of Gold Latin: this round is posted.',
          refusal: { code: 'posted' },
        }}
        online
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('No aceptado: esta ronda está publicada.');
    unmount();
    render(
      <SyncState draft={{ ...locked, message: 'Something new.', refusal: { code: 'brand_new' } }} online />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('No aceptado: Something new.');
  });
});
