// @vitest-environment jsdom
import '../test/setup.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { chooseLocale } from '../i18n/locale.ts';
import { loadErrorWords } from './errors/lazy.ts';
import { detailIssues, detailLines, issuesToFieldErrors } from './formErrors.ts';

afterEach(() => chooseLocale('en'));

const details = [
  { path: ['email'], message: 'Email is required', code: 'too_small', origin: 'string', minimum: 1 },
  { path: ['fee'], message: 'A rule of the server’s own', code: 'custom' },
];

describe("a 400's issues", () => {
  it('read as the server says them in English, each naming its field in German', async () => {
    expect(detailLines(details, 'en')).toEqual(['Email is required', 'A rule of the server’s own']);
    await chooseLocale('de');
    await loadErrorWords('de');
    expect(detailLines(details, 'de')).toEqual(['E-Mail: Pflichtfeld.', 'A rule of the server’s own']);
  });

  it('are worded once: field errors from detailIssues keep the words they came with', async () => {
    await chooseLocale('de');
    await loadErrorWords('de');
    const oneOf = [
      {
        path: ['method'],
        message: 'method must be one of cash, card',
        code: 'invalid_value',
        values: ['cash', 'card'],
      },
    ];
    const [issue] = detailIssues(oneOf);
    expect(issuesToFieldErrors(detailIssues(oneOf))).toEqual({ method: issue!.message });
  });
});
