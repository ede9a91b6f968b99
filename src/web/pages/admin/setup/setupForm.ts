import {
  competitionPatch,
  pageNames,
  type Competition,
  type PageName,
  type Socials,
  type Eligibility,
} from '../../../../domain/schemas/competition.ts';
import type { CheckInPaymentRule } from '../../../../domain/schemas/money.ts';
import { schemaErrors, type FieldErrors } from '../../../shared/formErrors.ts';
import { isKnownTimeZone, utcToZonedInput, zonedInputToUtc } from '../../../../domain/time.ts';
import { translator, type Translate } from '../../../../domain/i18n/catalog.ts';
import { setupText } from './text.ts';
import { discountRows, discountsBody, duplicateDiscountNames, type DiscountRow } from './discounts.ts';

/**
 * The setup form's values: the competition's editable fields, shaped like a PATCH body so that the
 * schema's issue paths (`organizers.0.email`) are the form's field paths. Two differences: registration
 * dates are wall-clock `YYYY-MM-DDTHH:mm` in the competition's time zone (the refund deadline a plain
 * date, '' for none), fees may be '' while typed, and discount categories get their keys when sent.
 */
export interface OrganizerRow {
  /** Client-only React key; never sent. */
  rowKey: string;
  id?: number;
  name: string;
  role: string;
  email: string;
  bio: string;
  photoURL: string;
}

export interface SetupValues {
  fullName: string;
  primaryColor: string;
  timeZone: string;
  startDate: string;
  endDate: string;
  dateRegistrationEarly: string;
  dateRegistrationOpen: string;
  dateRegistrationClosed: string;
  paymentTierEarly: number | string;
  paymentTierOpen: number | string;
  paymentTierLate: number | string;
  admissionFee: number | string;
  /** YYYY-MM-DD: entries removed until the end of that day are credited; '' = the registration close. */
  refundDeadline: string;
  discounts: DiscountRow[];
  checkInPayment: CheckInPaymentRule;
  currency: string;
  resultsPageShown: boolean;
  requireApproval: boolean;
  correctionsNeedUnlock: boolean;
  resultsEmails: boolean;
  minRestMinutes: number | string;
  floors: string[];
  eligibility: Eligibility;
  socials: Socials;
  pages: Record<PageName, string>;
  organizers: OrganizerRow[];
}

export const registrationDateFields = [
  'dateRegistrationEarly',
  'dateRegistrationOpen',
  'dateRegistrationClosed',
] as const;

let rowCounter = 0;
export function newRowKey(): string {
  rowCounter += 1;
  return `organizer-${rowCounter}`;
}

export function emptyOrganizer(): OrganizerRow {
  return { rowKey: newRowKey(), name: '', role: '', email: '', bio: '', photoURL: '' };
}

export function valuesFromCompetition(c: Competition): SetupValues {
  return {
    fullName: c.fullName,
    primaryColor: c.primaryColor,
    timeZone: c.timeZone,
    startDate: c.startDate,
    endDate: c.endDate,
    dateRegistrationEarly: utcToZonedInput(c.dateRegistrationEarly, c.timeZone),
    dateRegistrationOpen: utcToZonedInput(c.dateRegistrationOpen, c.timeZone),
    dateRegistrationClosed: utcToZonedInput(c.dateRegistrationClosed, c.timeZone),
    paymentTierEarly: c.paymentTierEarly,
    paymentTierOpen: c.paymentTierOpen,
    paymentTierLate: c.paymentTierLate,
    admissionFee: c.admissionFee,
    refundDeadline: utcToZonedInput(c.refundDeadline, c.timeZone).slice(0, 10),
    discounts: discountRows(c.discounts),
    checkInPayment: c.checkInPayment,
    currency: c.currency,
    resultsPageShown: c.resultsPageShown,
    requireApproval: c.requireApproval,
    correctionsNeedUnlock: c.correctionsNeedUnlock,
    resultsEmails: c.resultsEmails ?? false,
    minRestMinutes: c.minRestMinutes,
    floors: c.floors,
    eligibility: c.eligibility,
    socials: { ...c.socials },
    pages: Object.fromEntries(pageNames.map((p) => [p, c.pages[p] ?? ''])) as Record<PageName, string>,
    organizers: c.organizers.map((o) => ({
      rowKey: `organizer-id-${o.id}`,
      id: o.id,
      name: o.name,
      role: o.role,
      email: o.email,
      bio: o.bio,
      photoURL: o.photoURL,
    })),
  };
}

/** The zone the wall-clock dates are read in: the one typed, once it is a real zone. */
export function effectiveTimeZone(values: SetupValues, fallback: string): string {
  return isKnownTimeZone(values.timeZone) ? values.timeZone : fallback;
}

function fee(v: number | string): number {
  // '' (cleared) becomes NaN so the schema says "must be a number" instead of silently sending 0.
  return typeof v === 'number' ? v : v.trim() === '' ? Number.NaN : Number(v);
}

function registrationDate(local: string, timeZone: string): string | null {
  const utc = zonedInputToUtc(local, timeZone);
  // Unparseable text goes to the schema as typed so the schema's own message explains the format.
  return utc === undefined ? local : utc;
}

/** Every field as the API wants it (unvalidated). */
export function fullPatch(values: SetupValues, fallbackTimeZone: string): Record<string, unknown> {
  const tz = effectiveTimeZone(values, fallbackTimeZone);
  return {
    fullName: values.fullName,
    primaryColor: values.primaryColor,
    timeZone: values.timeZone,
    startDate: values.startDate,
    endDate: values.endDate,
    dateRegistrationEarly: registrationDate(values.dateRegistrationEarly, tz),
    dateRegistrationOpen: registrationDate(values.dateRegistrationOpen, tz),
    dateRegistrationClosed: registrationDate(values.dateRegistrationClosed, tz),
    paymentTierEarly: fee(values.paymentTierEarly),
    paymentTierOpen: fee(values.paymentTierOpen),
    paymentTierLate: fee(values.paymentTierLate),
    admissionFee: fee(values.admissionFee),
    // A plain date: the server reads it as the end of that day in the competition's zone.
    refundDeadline: values.refundDeadline.trim() === '' ? null : values.refundDeadline.trim(),
    discounts: discountsBody(values.discounts),
    checkInPayment: values.checkInPayment,
    currency: values.currency,
    resultsPageShown: values.resultsPageShown,
    requireApproval: values.requireApproval,
    correctionsNeedUnlock: values.correctionsNeedUnlock,
    resultsEmails: values.resultsEmails,
    // Empty goes as typed so the schema's own message says a number is needed.
    minRestMinutes: values.minRestMinutes === '' ? '' : Number(values.minRestMinutes),
    floors: values.floors,
    eligibility: values.eligibility,
    socials: values.socials,
    pages: values.pages,
    organizers: values.organizers.map(({ rowKey: _rowKey, id, ...rest }) =>
      id === undefined ? rest : { id, ...rest },
    ),
  };
}

/** Client-side validation: the server's own schema over the whole form. */
export function validateSetup(
  values: SetupValues,
  fallbackTimeZone: string,
  t: Translate<'discounts.duplicate'> = translator(setupText, 'en'),
): FieldErrors {
  return {
    ...duplicateDiscountNames(values.discounts, t),
    ...schemaErrors(competitionPatch, fullPatch(values, fallbackTimeZone)),
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Only what the organizer changed, so a save never rewrites a field they did not touch; pages are sent
 * one by one for the same reason.
 */
export function changedFields(values: SetupValues, loaded: Competition): Record<string, unknown> {
  const now = fullPatch(values, loaded.timeZone);
  const before = fullPatch(valuesFromCompetition(loaded), loaded.timeZone);
  // `before` goes through the same form round trip (minutes, time zone) as `now`, so an untouched date
  // compares equal even when the stored instant carries seconds.
  const patch: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(now)) {
    if (field === 'pages') {
      const pages = value as Record<PageName, string>;
      const changed = pageNames.filter((p) => pages[p] !== loaded.pages[p]);
      if (changed.length > 0) patch.pages = Object.fromEntries(changed.map((p) => [p, pages[p]]));
    } else if (!same(value, before[field])) {
      patch[field] = value;
    }
  }
  return patch;
}
