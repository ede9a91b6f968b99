// @vitest-environment jsdom
import '../test/setup.ts';
import { Button, MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useConfirm } from './useConfirm.tsx';

function Remover() {
  const [confirm, dialog] = useConfirm();
  const [done, setDone] = useState('nothing yet');
  const ask = async () => {
    const yes = await confirm({
      title: 'Remove the heat?',
      message: 'Couples go back to one heat.',
      confirmLabel: 'Remove',
    });
    setDone(yes ? 'removed' : 'kept');
  };
  return (
    <MantineProvider>
      <Button onClick={() => void ask()}>Remove heat</Button>
      <p>{done}</p>
      {dialog}
    </MantineProvider>
  );
}

describe('useConfirm', () => {
  it('does the action only when the user confirms in the app dialog', async () => {
    render(<Remover />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove heat' }));
    expect(await screen.findByText('Couples go back to one heat.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('kept')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Remove heat' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('removed')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Couples go back to one heat.')).toBeNull());
  });
});
