// @vitest-environment jsdom
import '../test/setup.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { chooseLocale } from '../i18n/locale.ts';
import { loadErrorWords } from './errors/lazy.ts';
import { detailIssues, detailLines, issuesToFieldErrors, type Issue } from './formErrors.ts';

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

describe('the schemas’ own rules', () => {
  /** Each rule's issue as the schema (or the server) makes it, and its words in German and Spanish. */
  const rules: { issue: Issue & { params: object }; de: string; es: string }[] = [
    {
      issue: {
        path: ['endDate'],
        message: 'End date must not be before the start date',
        params: { reason: 'endBeforeStart' },
      },
      de: 'Darf nicht vor dem Startdatum liegen.',
      es: 'No puede ser anterior a la fecha de inicio.',
    },
    {
      issue: {
        path: ['dateRegistrationClosed'],
        message: 'Registration close date must not be before the open registration date',
        params: { reason: 'dateOrder', earlier: 'dateRegistrationOpen' },
      },
      de: 'Darf nicht vor dem Ende der regulären Anmeldung liegen.',
      es: 'No puede ser anterior al fin de la inscripción ordinaria.',
    },
    {
      issue: {
        path: ['dances', 1],
        message: 'Waltz is not a Latin dance',
        params: { reason: 'danceNotOfStyle', dance: 'Waltz', style: 'Latin' },
      },
      de: 'Langsamer Walzer ist kein Tanz der Sektion Latein.',
      es: 'Vals Inglés no es un baile del estilo Latino.',
    },
    {
      issue: { path: ['dances'], message: 'A dance is listed twice', params: { reason: 'danceTwice' } },
      de: 'Ein Tanz ist doppelt aufgeführt.',
      es: 'Un baile aparece dos veces.',
    },
    {
      issue: {
        path: ['ajsTolerance'],
        message: 'Tolerance must be in steps of 0.05 (e.g. 1.2, 1.25, 1.5)',
        params: { reason: 'ajsTolerance', min: 0.5, max: 3, step: 0.05 },
      },
      de: 'Muss zwischen 0,5 und 3 liegen, in Schritten von 0,05.',
      es: 'Debe estar entre 0,5 y 3, en pasos de 0,05.',
    },
    {
      issue: {
        path: ['audience', 'key'],
        message: 'audience.key is required for an event (its name)',
        params: { reason: 'audienceKey', kind: 'event' },
      },
      de: 'Wählen Sie ein Turnier.',
      es: 'Elige una prueba.',
    },
    {
      issue: {
        path: ['audience', 'key'],
        message: 'is not an event of this competition',
        params: { reason: 'noSuchEvent', event: 'Gold Tango' },
      },
      de: 'In dieser Veranstaltung gibt es kein Turnier „Gold Tango“.',
      es: 'No hay ninguna prueba «Gold Tango» en esta competición.',
    },
    {
      issue: {
        path: ['audience', 'key'],
        message: 'is not a team of this competition',
        params: { reason: 'noSuchTeam', team: 'Yale' },
      },
      de: 'Keine Anmeldung hat das Team „Yale“.',
      es: 'Ninguna inscripción tiene el equipo «Yale».',
    },
    {
      issue: {
        path: ['cloneFrom'],
        message: 'There is no competition "spring-open"',
        params: { reason: 'noSuchCompetition', competition: 'spring-open' },
      },
      de: 'Auf diesem Server gibt es keine Veranstaltung „spring-open“.',
      es: 'No hay ninguna competición «spring-open» en este servidor.',
    },
    {
      issue: { path: ['floors'], message: 'Two floors have the same name', params: { reason: 'sameFloor' } },
      de: 'Zwei Flächen haben denselben Namen.',
      es: 'Dos pistas tienen el mismo nombre.',
    },
    {
      issue: { path: ['fullName'], message: 'Full name is required', params: { reason: 'required' } },
      de: 'Pflichtfeld.',
      es: 'Obligatorio.',
    },
    {
      issue: {
        path: ['amountCents'],
        message: 'The amount cannot be more than 1,000,000.00',
        params: { reason: 'amountMax', max: 1_000_000 },
      },
      de: 'Der Betrag darf höchstens 1.000.000 sein.',
      es: 'El importe no puede superar 1.000.000.',
    },
    {
      issue: {
        path: ['groups'],
        message: 'groups: No judge scores MM, CP: every component needs at least one judge.',
        params: { reason: 'componentsUnscored', components: 'MM, CP' },
      },
      de: 'Kein Wertungsrichter bewertet MM, CP: Jede Komponente braucht mindestens einen Wertungsrichter.',
      es: 'Ningún juez puntúa MM, CP: cada componente necesita al menos un juez.',
    },
  ];

  it('read in German and Spanish from their reason, in English as the schema says them', async () => {
    const custom = rules.map((r) => ({ ...r.issue, code: 'custom' }));
    const fields = (issues: Issue[]) => Object.values(issuesToFieldErrors(issues));
    expect(fields(custom.slice(0, 1))).toEqual(['End date must not be before the start date']);
    for (const r of custom) expect(issuesToFieldErrors([r])).toEqual({ [r.path.join('.')]: r.message });
    await chooseLocale('de');
    await loadErrorWords('de');
    for (const [i, r] of custom.entries()) expect(fields([r])).toEqual([rules[i]!.de]);
    await chooseLocale('es');
    await loadErrorWords('es');
    for (const [i, r] of custom.entries()) expect(fields([r])).toEqual([rules[i]!.es]);
  });

  it('name their field in a 400’s lines: the server’s own date check in German', async () => {
    const refused = [
      {
        path: ['endDate'],
        message: 'End date must not be before the start date',
        code: 'custom',
        params: { reason: 'endBeforeStart' },
      },
    ];
    expect(detailLines(refused, 'en')).toEqual(['End date must not be before the start date']);
    await chooseLocale('de');
    await loadErrorWords('de');
    expect(detailLines(refused, 'de')).toEqual(['Enddatum: Darf nicht vor dem Startdatum liegen.']);
  });

  it('an unknown reason keeps the schema’s words', async () => {
    await chooseLocale('de');
    await loadErrorWords('de');
    const issue = {
      path: ['x'],
      message: 'A rule of tomorrow',
      code: 'custom',
      params: { reason: 'tomorrow' },
    };
    expect(issuesToFieldErrors([issue])).toEqual({ x: 'A rule of tomorrow' });
  });
});
