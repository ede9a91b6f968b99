// @vitest-environment jsdom
import '../test/setup.ts';
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../api/client.ts';
import { chooseLocale } from '../i18n/locale.ts';
import { ApiErrorAlert, describeError } from './ApiErrorAlert.tsx';
import { issuesToFieldErrors } from '../shared/formErrors.ts';
import { registrationCreate } from '../../domain/schemas/registration.ts';

afterEach(() => chooseLocale('en'));

const numberTaken = () =>
  new ApiError(409, 'number_taken', 'Number 112 is already worn by Bob Ray. Choose another number.', {
    number: 112,
    by: 'Bob Ray',
  });

describe('a server error in the reader’s language', () => {
  it('words a 409 number_taken in German with the number and the couple filled in; English as the server said it', async () => {
    expect(describeError(numberTaken())).toBe(
      'Number 112 is already worn by Bob Ray. Choose another number.',
    );
    await chooseLocale('de');
    expect(describeError(numberTaken())).toBe(
      'Die Startnummer 112 trägt bereits Bob Ray. Wählen Sie eine andere.',
    );
    // Without the details an older server sent: the plainer message, never a key.
    expect(describeError(new ApiError(409, 'number_taken', 'Number 9 is already worn.'))).toBe(
      'Diese Startnummer ist bereits vergeben. Wählen Sie eine andere.',
    );
    await chooseLocale('es');
    expect(describeError(numberTaken())).toBe('El dorsal 112 ya lo lleva Bob Ray. Elige otro dorsal.');
  });

  it('shows it so in the alert, and the status-based words too', async () => {
    await chooseLocale('de');
    render(
      <MantineProvider>
        <MemoryRouter>
          <ApiErrorAlert error={new ApiError(401, 'unauthorized', 'Sign in to do this.')} />
        </MemoryRouter>
      </MantineProvider>,
    );
    expect(
      await screen.findByText('Ihre Sitzung ist abgelaufen. Melden Sie sich erneut an, um fortzufahren.'),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Erneut anmelden' })).toBeVisible();
  });

  it('words a public refusal in Spanish by its reason', async () => {
    await chooseLocale('es');
    const closed = new ApiError(
      403,
      'registration_closed',
      'Registration is closed. Contact the organizers to be added.',
      { reason: 'register' },
    );
    expect(describeError(closed, 'public')).toBe(
      'Las inscripciones están cerradas. Contacta con la organización para que te añadan.',
    );
    const same = new ApiError(400, 'invalid', 'The lead and the follow must be two different people.', {
      problems: [],
      reason: 'same_person',
    });
    expect(describeError(same, 'public')).toBe('El caballero y la dama deben ser dos personas distintas.');
  });

  it('falls back to the server’s English message for a code it has no words for', async () => {
    await chooseLocale('de');
    expect(describeError(new ApiError(409, 'brand_new', 'Something new happened.'))).toBe(
      'Something new happened.',
    );
  });

  it('words a refused form by its issues: the field and what is wrong, in German', async () => {
    await chooseLocale('de');
    const invalid = new ApiError(
      400,
      'invalid',
      'lead.email: Email must be an email address like name@example.com',
      [
        {
          path: ['lead', 'email'],
          message: 'Email must be an email address like name@example.com',
          code: 'invalid_format',
          format: 'email',
        },
        {
          path: ['affiliation'],
          message: 'Affiliation must be at most 200 characters',
          code: 'too_big',
          origin: 'string',
          maximum: 200,
        },
      ],
    );
    expect(describeError(invalid)).toBe(
      'Herr › E-Mail: Geben Sie eine E-Mail-Adresse wie name@example.com ein. (und 1 weiteres Problem)',
    );
    const parsed = registrationCreate.safeParse({ lead: { name: '', email: 'x' } });
    const errors = issuesToFieldErrors(parsed.error!.issues);
    expect(errors['lead.email']).toBe('Geben Sie eine E-Mail-Adresse wie name@example.com ein.');
    await chooseLocale('en');
    expect(issuesToFieldErrors(parsed.error!.issues)['lead.email']).toBe(
      'Email must be an email address like name@example.com',
    );
  });
});

describe('a registration’s entry problems in the reader’s language', () => {
  const refusal = () =>
    new ApiError(
      422,
      'not_eligible',
      'Bronze Latin (C/R): Ann Lee has placed out of Bronze Latin and may not enter Latin at Bronze or below (this event is Bronze).',
      {
        problems: [
          {
            code: 'not_eligible',
            eventKey: 'bl',
            message: 'Bronze Latin (C/R): Ann Lee has placed out of …',
            values: {
              rule: 'placedOut',
              dancer: 'Ann Lee',
              placedOutOf: 'Bronze',
              style: 'Latin',
              level: 'Bronze',
              event: 'Bronze Latin (C/R)',
            },
          },
          {
            code: 'duplicate_pair',
            eventKey: 'sw',
            message: 'Ann Lee and Bo Kim are already entered in Silver Waltz.',
            values: { lead: 'Ann Lee', follow: 'Bo Kim', event: 'Silver Waltz' },
          },
        ],
      },
    );

  it('words each problem in German with the sport’s words, and in English as the server said it', async () => {
    expect(describeError(refusal())).toContain('Ann Lee has placed out of Bronze Latin');
    await chooseLocale('de');
    expect(describeError(refusal())).toBe(
      'Bronze Latin (C/R): Ann Lee ist aus Bronze Latein aufgestiegen und darf Latein nicht in Bronze oder darunter tanzen (dieses Turnier ist Bronze). Ann Lee und Bo Kim sind bereits in Silver Waltz gemeldet.',
    );
    await chooseLocale('es');
    expect(describeError(refusal())).toContain('Ann Lee y Bo Kim ya están inscritos en Silver Waltz.');
  });
});

describe('a text that cannot be shown as typed', () => {
  it('is refused in German with the field and the character named', async () => {
    const refusal = new ApiError(
      400,
      'invalid',
      'leadName: Lead name contains a control character (U+0007); remove it',
      [
        {
          path: ['leadName'],
          message: 'Lead name contains a control character (U+0007); remove it',
          code: 'custom',
          params: { display: 'control', char: 'U+0007' },
        },
      ],
    );
    await chooseLocale('de');
    expect(describeError(refusal)).toContain('enthält ein Steuerzeichen (U+0007); bitte entfernen');
    expect(describeError(refusal)).not.toContain('control character');
  });
});
