// @vitest-environment jsdom
import '../test/setup.ts';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { chooseLocale } from '../i18n/locale.ts';
import { loadErrorWords } from '../shared/errors/lazy.ts';
import { CsvImportPanel, type ImportAnswer } from './CsvImportPanel.tsx';

afterEach(() => chooseLocale('en'));

/** A dry run as the registrations import answers a file with an unknown event and a new kind of problem. */
const checked: ImportAnswer = {
  problems: [
    {
      line: 2,
      column: 'events',
      message: 'There is no event "Gold Tango".',
      code: 'unknown_event',
      values: { event: 'Gold Tango' },
    },
    { line: 3, column: 'lead_media', message: 'Write yes or no.', code: 'yes_no' },
    { line: 4, column: 'lead_email', message: 'Something only the server words.', code: 'brand_new' },
    {
      line: 5,
      column: 'lead_email',
      message: 'Email must be an email address like name@example.com',
      issue: { code: 'invalid_format', format: 'email' },
    },
  ],
};

function renderPanel() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MantineProvider>
        <MemoryRouter>
          <CsvImportPanel
            title="Import"
            help=""
            send={() => Promise.resolve(checked)}
            refresh={[]}
            importable={() => 0}
            importLabel={() => 'Import'}
            importedMessage={() => ''}
          />
        </MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );
}

async function problems(check: string) {
  fireEvent.change(screen.getByRole('textbox'), { target: { value: 'lead_name\nA' } });
  fireEvent.click(screen.getByRole('button', { name: check }));
  const table = await screen.findByRole('table');
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.lastChild?.textContent);
}

describe("a CSV import's row problems", () => {
  it('read as the server words them in English', async () => {
    renderPanel();
    expect(await problems('Check file')).toEqual([
      'There is no event "Gold Tango".',
      'Write yes or no.',
      'Something only the server words.',
      'Email must be an email address like name@example.com',
    ]);
  });

  it('are worded in German from their code, the server’s English only for a code the web does not know', async () => {
    await chooseLocale('de');
    await loadErrorWords('de');
    renderPanel();
    expect(await problems('Datei prüfen')).toEqual([
      'Es gibt kein Turnier „Gold Tango“.',
      'Schreiben Sie yes oder no.',
      'Something only the server words.',
      'Geben Sie eine E-Mail-Adresse wie name@example.com ein.',
    ]);
  });
});
