// @vitest-environment jsdom
import '../../test/setup.ts';
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RoundCouples } from '../../../domain/schemas/floor.ts';
import { StartRoundDialog } from './StartRoundDialog.tsx';

const couple = (n: number, checkedIn: boolean) => ({ coupleNumber: String(n), scratched: false, checkedIn });
const round = {
  heats: 1,
  couples: [couple(11, true), couple(12, true), couple(13, false)],
} as unknown as RoundCouples;

describe('the start dialog', () => {
  it('says in whole sentences what starting means: the judges mark, and scratching ends with the first marks', () => {
    render(
      <MantineProvider>
        <StartRoundDialog
          opened
          label="Gold Standard, Final"
          round={round}
          busy={false}
          onStart={() => {}}
          onClose={() => {}}
        />
      </MantineProvider>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Start Gold Standard, Final?' });
    expect(dialog).toHaveTextContent(
      '3 couples dance. Once it starts, the judges mark it, and once the first marks are in no couple can be scratched from it.',
    );
    expect(dialog).not.toHaveTextContent('once they have.');
    expect(dialog).toHaveTextContent('Not checked in yet: 13.');
  });
});
