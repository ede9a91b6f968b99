// @vitest-environment jsdom
import '../test/setup.ts';
import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RoundStateBadge } from './RoundStateBadge.tsx';

const shown = (...props: Parameters<typeof RoundStateBadge>) =>
  render(
    <MantineProvider>
      <RoundStateBadge {...props[0]} />
    </MantineProvider>,
  ).container.querySelector('.mantine-Badge-label')?.textContent;

describe('round state badge', () => {
  it('says Ready for an Empty round that holds its couples (a final after its semi-final was posted)', () => {
    expect(shown({ state: 'Empty', couples: 6 })).toBe('Ready');
  });

  it('says Empty when the round has no couples, or the screen does not know them', () => {
    expect(shown({ state: 'Empty', couples: 0 })).toBe('Empty');
    expect(shown({ state: 'Empty' })).toBe('Empty');
  });

  it('names every other state as it is, couples or not', () => {
    for (const state of ['Initialized', 'Running', 'Marked', 'Posted', 'Skipped'] as const)
      expect(shown({ state, couples: 6 })).toBe(state);
  });
});
