// @vitest-environment jsdom
import '../../test/setup.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { chooseLocale } from '../../i18n/locale.ts';
import { registrationCreate } from '../../../domain/schemas/registration.ts';
import { issueMessage } from '../../shared/formErrors.ts';
import { fieldErrors, initialRegistration, registrationBody } from './registrationValues.ts';

afterEach(() => chooseLocale('en'));

describe("the registration form's field errors", () => {
  it('are worded in German by field and issue code, not by the schema’s English', async () => {
    await chooseLocale('de');
    const values = initialRegistration();
    values.lead.email = 'not an email';
    const checked = registrationCreate.safeParse(registrationBody(values));
    expect(checked.success).toBe(false);
    const errors = fieldErrors(
      values,
      checked.error!.issues.map((i) => ({ path: i.path, message: issueMessage(i, 'de'), issueCode: i.code })),
      'de',
    );
    expect(errors['lead.name']).toBe('Bitte den Namen angeben');
    expect(errors['lead.email']).toBe('Bitte eine E-Mail-Adresse wie name@example.com angeben');
    expect(errors.events).toBe('Bitte mindestens ein Turnier wählen');
    expect(Object.values(errors).join(' ')).not.toMatch(/required|Choose/);
  });
});
