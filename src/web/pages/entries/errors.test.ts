// @vitest-environment jsdom
import '../../test/setup.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { chooseLocale } from '../../i18n/locale.ts';
import { registrationLookup } from '../../../domain/schemas/registration.ts';
import { entryFieldErrors } from './errors.ts';

afterEach(() => chooseLocale('en'));

describe("the entry pages' field errors", () => {
  it('are worded by field and issue code, not by the schema’s English', async () => {
    await chooseLocale('de');
    const checked = registrationLookup.safeParse({ entryCode: 'ABC', email: 'not an email' });
    expect(checked.success).toBe(false);
    const errors = entryFieldErrors(
      checked.error!.issues.map((i) => ({ ...i, issueCode: i.code })),
      'de',
    );
    expect(errors.email).toBe('Bitte eine E-Mail-Adresse wie name@example.com angeben');
    expect(errors.entryCode).not.toMatch(/entry code/);
    // A problem these forms have no sentence of their own for: the words it came with.
    expect(entryFieldErrors([{ path: ['email'], message: 'Zu lang.', issueCode: 'too_big' }], 'de')).toEqual({
      email: 'Zu lang.',
    });
  });
});
