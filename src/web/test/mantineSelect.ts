/** Mantine's select in component tests: open it, then click an option of its list by its words. */
import { fireEvent, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';

/** Opens the select and clicks the first option whose text matches (jsdom keeps the list hidden). */
export async function chooseOption(select: HTMLElement, option: RegExp): Promise<void> {
  fireEvent.click(select);
  await waitFor(() => expect(select).toHaveAttribute('aria-controls'));
  const listbox = document.getElementById(select.getAttribute('aria-controls')!)!;
  const found = within(listbox)
    .getAllByRole('option', { hidden: true })
    .find((o) => option.test(o.textContent ?? ''));
  if (!found) throw new Error(`No option matches ${String(option)}`);
  fireEvent.click(found);
}
