// @vitest-environment jsdom
import '../test/setup.ts';
import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RoundStateBadge } from './RoundStateBadge.tsx';
import { roundStateWords } from './roundStates/text.ts';

const shown = (...props: Parameters<typeof RoundStateBadge>) =>
  render(
    <MantineProvider>
      <RoundStateBadge {...props[0]} />
    </MantineProvider>,
  ).container.querySelector('.mantine-Badge-label')?.textContent;

describe('round state badge', () => {
  it('says Ready to start for an Empty round that holds its couples (a final after its semi-final was posted)', () => {
    expect(shown({ state: 'Empty', couples: 6 })).toBe('Ready to start');
  });

  it('says Waiting for couples when the round has none, or the screen does not know them', () => {
    expect(shown({ state: 'Empty', couples: 0 })).toBe('Waiting for couples');
    expect(shown({ state: 'Empty' })).toBe('Waiting for couples');
  });

  it('names every other state in words a person understands, whatever its couples, and says what it means', () => {
    const words = {
      Initialized: 'Not started',
      Running: 'On the floor',
      Marked: 'Marked',
      Posted: 'Posted',
      Skipped: 'Skipped',
    };
    for (const [state, label] of Object.entries(words) as [keyof typeof words, string][])
      expect(shown({ state, couples: 6 })).toBe(label);
    const badge = render(
      <MantineProvider>
        <RoundStateBadge state="Initialized" />
      </MantineProvider>,
    ).container.querySelector('.mantine-Badge-root');
    expect(badge?.getAttribute('title')).toBe(roundStateWords.Initialized.meaning);
  });

  it('has one word and one meaning per state, no two alike', () => {
    const all = Object.values(roundStateWords);
    expect(new Set(all.map((w) => w.label)).size).toBe(all.length);
    expect(all.every((w) => w.meaning.length > 10)).toBe(true);
  });
});
