/**
 * The schemas' own rules (custom issues) carry their reason and the values it names in `params`, for a
 * reader in another language; the English message stays as it was, for API scripts.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { competitionPatch } from './competition.ts';
import { ajsTolerance, eventCreate, eventPatch } from './events.ts';
import { announcementCreate, audience } from './mailings.ts';
import { paymentCreate } from './money.ts';
import { personDistinct, personMerge } from './people.ts';
import { optionalUrl, requiredText } from './common.ts';
import { photoUrl } from './images.ts';

/** The custom issues of a refused value: path, English message and params. */
function customIssues(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value);
  expect(result.success).toBe(false);
  return result
    .error!.issues.filter((i) => i.code === 'custom')
    .map((i) => ({ path: i.path, message: i.message, params: (i as { params?: unknown }).params }));
}

describe('the competition’s dates', () => {
  it('an end date before the start date: reason endBeforeStart', () => {
    expect(customIssues(competitionPatch, { startDate: '2026-11-21', endDate: '2026-11-20' })).toEqual([
      {
        path: ['endDate'],
        message: 'End date must not be before the start date',
        params: { reason: 'endBeforeStart' },
      },
    ]);
  });

  it('a registration date before the one it follows names that one', () => {
    expect(
      customIssues(competitionPatch, {
        timeZone: 'UTC',
        dateRegistrationEarly: '2026-10-01',
        dateRegistrationOpen: '2026-10-15',
        dateRegistrationClosed: '2026-10-10',
      }),
    ).toEqual([
      {
        path: ['dateRegistrationClosed'],
        message: 'Registration close date must not be before the open registration date',
        params: { reason: 'dateOrder', earlier: 'dateRegistrationOpen' },
      },
    ]);
    expect(
      customIssues(competitionPatch, {
        dateRegistrationEarly: '2026-10-15',
        dateRegistrationOpen: '2026-10-01',
      }),
    ).toMatchObject([{ params: { reason: 'dateOrder', earlier: 'dateRegistrationEarly' } }]);
  });

  it('an unknown time zone, a registration date of neither form', () => {
    expect(customIssues(competitionPatch, { timeZone: 'Mars/Olympus' })).toMatchObject([
      { path: ['timeZone'], params: { reason: 'timeZone' } },
    ]);
    expect(customIssues(competitionPatch, { refundDeadline: 'soon' })).toMatchObject([
      { path: ['refundDeadline'], params: { reason: 'dateOrDateTime' } },
    ]);
  });
});

describe('the competition’s lists', () => {
  it('two floors of one name, two discounts of one key', () => {
    expect(customIssues(competitionPatch, { floors: ['Main', 'main'] })).toMatchObject([
      { path: ['floors'], message: 'Two floors have the same name', params: { reason: 'sameFloor' } },
    ]);
    const discount = { key: 'student', name: 'Student', percent: 10 };
    expect(
      customIssues(competitionPatch, { discounts: [discount, { ...discount, name: 'Pupil' }] }),
    ).toMatchObject([{ path: ['discounts'], params: { reason: 'sameDiscountKey' } }]);
  });
});

describe('an event’s dances', () => {
  const event = { name: 'Silver Waltz', style: 'Standard', level: 'Silver', dances: ['Waltz'] };

  it('a dance not of the style names the dance and the style', () => {
    expect(customIssues(eventCreate, { ...event, dances: ['Waltz', 'Rumba'] })).toEqual([
      {
        path: ['dances', 1],
        message: 'Rumba is not a Standard dance',
        params: { reason: 'danceNotOfStyle', dance: 'Rumba', style: 'Standard' },
      },
    ]);
    expect(customIssues(eventPatch, { style: 'Latin', dances: ['Waltz'] })).toMatchObject([
      { params: { reason: 'danceNotOfStyle', dance: 'Waltz', style: 'Latin' } },
    ]);
  });

  it('a dance listed twice', () => {
    expect(customIssues(eventCreate, { ...event, dances: ['Waltz', 'Waltz'] })).toEqual([
      { path: ['dances'], message: 'A dance is listed twice', params: { reason: 'danceTwice' } },
    ]);
  });

  it('an AJS tolerance out of range or off its steps names the range and the step', () => {
    for (const v of [0.1, 1.23])
      expect(customIssues(ajsTolerance, v)).toMatchObject([
        { params: { reason: 'ajsTolerance', min: 0.5, max: 3, step: 0.05 } },
      ]);
  });
});

describe('a mailing', () => {
  it('an event or a team audience without its key names the kind', () => {
    expect(customIssues(audience, { kind: 'event' })).toEqual([
      {
        path: ['key'],
        message: 'audience.key is required for an event (its name)',
        params: { reason: 'audienceKey', kind: 'event' },
      },
    ]);
    expect(customIssues(audience, { kind: 'team', key: ' ' })).toMatchObject([
      { params: { reason: 'audienceKey', kind: 'team' } },
    ]);
  });

  it('a body of blanks, a body too large', () => {
    const mail = { audience: { kind: 'all' }, subject: 'Hello' };
    expect(customIssues(announcementCreate, { ...mail, body: '   ' })).toMatchObject([
      { path: ['body'], message: 'Body is required', params: { reason: 'required' } },
    ]);
    expect(customIssues(announcementCreate, { ...mail, body: 'x'.repeat(300_000) })).toMatchObject([
      { path: ['body'], params: { reason: 'bodyTooLarge', kb: expect.any(Number) as number } },
    ]);
  });
});

describe('money and people', () => {
  it('a payment of nothing or of too much', () => {
    expect(customIssues(paymentCreate, { invoiceId: 1, amountCents: 0, method: 'cash' })).toMatchObject([
      { path: ['amountCents'], params: { reason: 'amountZero' } },
    ]);
    expect(
      customIssues(paymentCreate, { invoiceId: 1, amountCents: 200_000_000, method: 'cash' }),
    ).toMatchObject([{ path: ['amountCents'], params: { reason: 'amountMax', max: 1_000_000 } }]);
  });

  it('a merge of one person into themself, a person named twice', () => {
    expect(customIssues(personMerge, { from: 3, into: 3 })).toMatchObject([
      { path: ['into'], params: { reason: 'differentPeople' } },
    ]);
    expect(customIssues(personDistinct, { personIds: [3, 4, 3] })).toMatchObject([
      { path: ['personIds'], params: { reason: 'personTwice' } },
    ]);
  });
});

describe('the shared fields', () => {
  it('a name of only invisible marks is required; a link must be http(s); a photo uploaded', () => {
    expect(customIssues(requiredText('Full name'), '\u0301')).toMatchObject([
      { message: 'Full name is required', params: { reason: 'required' } },
    ]);
    expect(customIssues(optionalUrl('Website'), 'javascript:alert(1)')).toMatchObject([
      { params: { reason: 'url' } },
    ]);
    expect(customIssues(photoUrl('Photo'), 'ftp://x')).toMatchObject([{ params: { reason: 'image' } }]);
  });
});
